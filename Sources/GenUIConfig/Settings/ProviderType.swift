/// A kind of provider `providers.yml` can configure, by its `type:` name.
///
/// The built-in types are the static members (``ollama``, ``openai``…). Any other name is a type an app or module
/// registers as a ``ProviderDefinition`` in a ``ProviderRegistry``: its keys, how they are read and how the
/// provider is built, with no change here.
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

    /// The built-in types, in the order they are listed to users.
    public static let allCases: [ProviderType] = [.llamaCpp, .ollama, .openai, .anthropic, .gemini, .scripted]

    /// Whether this is one of the built-in types.
    public var isBuiltIn: Bool { Self.allCases.contains(self) }

    /// The keys every provider accepts.
    public static let commonKeys = ["type", "enabled", "timeout", "requires", "capabilities"]

    /// The type-specific keys of the built-in types.
    private static let builtInKeys: [ProviderType: [String]] = [
        .llamaCpp: ["model", "binary", "context", "threads", "idle_timeout", "model_size"],
        .ollama: ["host", "model", "keep_alive", "num_ctx", "endpoints", "strategy", "hedge", "endpoint_timeout"],
        .openai: [
            "base_url", "model", "api_key_env", "allow_insecure", "context", "endpoints", "strategy", "hedge", "endpoint_timeout",
        ],
        .anthropic: ["base_url", "model", "api_key_env", "structured_output", "context"],
        .gemini: ["base_url", "model", "api_key_env", "context"],
        .scripted: ["seed"],
    ]

    /// The type-specific keys of a built-in type (a registered type declares its own).
    var specificKeys: [String] { Self.builtInKeys[self] ?? [] }

    /// Every key a provider of this built-in type accepts.
    var allowedKeys: [String] { Self.commonKeys + specificKeys }
}
