import GenUI

extension Diagnostics {
    /// A capability's name in the user's language (`guided-generation` → "guided generation", "geführte
    /// Generierung"); a capability genui does not know by name is shown as its identifier, made terminal-safe.
    public func name(of capability: LanguageModelCapability) -> String {
        guard LanguageModelCapability.known.contains(capability) else { return Self.safeValue(capability.rawValue) }
        return text("capability.\(capability.rawValue)")
    }

    /// Capabilities as one list in the user's language, in the order given.
    public func list(of capabilities: [LanguageModelCapability]) -> String {
        format.list(capabilities.map(name(of:)))
    }

    /// Capabilities given by their identifiers (as reports record them), as one list in the user's language.
    public func list(ofCapabilityNames identifiers: [String]) -> String {
        list(of: identifiers.map(LanguageModelCapability.init(rawValue:)))
    }
}
