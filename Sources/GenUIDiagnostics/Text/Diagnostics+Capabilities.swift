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

    /// Why a provider cannot serve a request that needs `missing`, in a few words: "lacks tool calling", and for
    /// images "cannot see images" (with the rest it lacks, if any).
    public func missingCapabilitiesText(_ missing: [LanguageModelCapability]) -> String {
        guard missing.contains(.vision) else {
            return text("short.missingCapability", ["capabilities": list(of: missing)])
        }
        let others = missing.filter { $0 != .vision }
        if others.isEmpty { return text("short.cannotSeeImages") }
        return text("short.cannotSeeImagesAndLacks", ["capabilities": list(of: others)])
    }

    /// Capabilities given by their identifiers (as reports record them), as one list in the user's language.
    public func list(ofCapabilityNames identifiers: [String]) -> String {
        list(of: identifiers.map(LanguageModelCapability.init(rawValue:)))
    }
}
