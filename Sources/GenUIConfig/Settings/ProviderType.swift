/// A kind of provider `providers.yml` can configure, by its `type:` name.
///
/// The built-in types' names are the static members (``ollama``, ``openai``…). Every type, built-in or not, is known
/// through the ``ProviderDefinition`` registered for it in a ``ProviderRegistry``: its keys, how they are read and how
/// the provider is built, with no change here.
public struct ProviderType: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The `type:` name.
    public let rawValue: String

    /// The type named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The type named `name`.
    public init(_ name: String) { self.init(rawValue: name) }

    public var description: String { rawValue }

    /// An on-device model served by a `llama-server` subprocess.
    public static let llamaCpp = ProviderType("llama.cpp")
    /// An Ollama daemon.
    public static let ollama = ProviderType("ollama")
    /// An OpenAI-compatible HTTP API.
    public static let openai = ProviderType("openai")
    /// The Anthropic Messages API.
    public static let anthropic = ProviderType("anthropic")
    /// The Google Gemini API.
    public static let gemini = ProviderType("gemini")
    /// The deterministic scripted model (no model, server or network).
    public static let scripted = ProviderType("scripted")

    /// The keys every provider accepts.
    public static let commonKeys = ["type", "enabled", "timeout", "requires", "capabilities", "runs"]
}
