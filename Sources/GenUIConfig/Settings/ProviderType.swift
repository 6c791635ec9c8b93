/// The kinds of provider `providers.yml` can configure, by their `type:` name.
public enum ProviderType: String, Sendable, Hashable, CaseIterable, Codable {
    /// An on-device model served by a `llama-server` subprocess.
    case llamaCpp = "llama.cpp"
    /// An Ollama daemon.
    case ollama
    /// An OpenAI-compatible HTTP API.
    case openai
    /// The Anthropic Messages API.
    case anthropic
    /// The Google Gemini API.
    case gemini
    /// The deterministic scripted model (no model, server or network).
    case scripted

    /// The keys every provider accepts.
    static let commonKeys = ["type", "enabled", "timeout", "requires", "capabilities"]

    /// The type-specific keys.
    var specificKeys: [String] {
        switch self {
        case .llamaCpp: ["model", "binary", "context", "threads", "idle_timeout", "model_size"]
        case .ollama: ["host", "model", "keep_alive", "num_ctx"]
        case .openai: ["base_url", "model", "api_key_env", "allow_insecure", "context"]
        case .anthropic: ["base_url", "model", "api_key_env", "structured_output", "context"]
        case .gemini: ["base_url", "model", "api_key_env", "context"]
        case .scripted: ["seed"]
        }
    }

    /// Every key a provider of this type accepts.
    var allowedKeys: [String] { Self.commonKeys + specificKeys }
}
