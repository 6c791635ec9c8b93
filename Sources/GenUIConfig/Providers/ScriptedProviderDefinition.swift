import GenUI

/// Settings of the scripted provider (`type: scripted`).
public struct ScriptedSettings: ProviderOptions {
    /// The seed used when a request gives none.
    public var seed: UInt64

    public var modelName: String? { "scripted" }
    public var displayPairs: [(String, String)] { [("seed", "\(seed)")] }
}

extension ProviderDefinition {
    /// `type: scripted`: the deterministic scripted model (`ScriptedLanguageModel`): no model, server or network.
    public static let scripted = ProviderDefinition(type: ProviderType.scripted.rawValue, keys: ["seed"]) {
        fields -> ScriptedSettings? in
        ScriptedSettings(seed: fields.integer("seed", in: 0...Int.max).map(UInt64.init) ?? 0)
    } build: { scripted, settings, _ in
        ScriptedLanguageModel(name: settings.name, seed: scripted.seed)
    }
}
