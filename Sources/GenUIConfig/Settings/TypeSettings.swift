/// Settings of an on-device llama.cpp provider.
public struct LlamaCppSettings: Sendable, Hashable {
    /// The GGUF model file (with `~` expanded).
    public var model: String
    /// The `llama-server` program: a path or a name looked up on `PATH`; `nil` means `GENUI_LLAMA_SERVER`, then
    /// `llama-server` on `PATH`.
    public var binary: String?
    /// The context window in tokens.
    public var context: Int?
    /// CPU threads for generation.
    public var threads: Int?
    /// Stop the server after this long without requests.
    public var idleTimeout: Duration?
    /// The model's expected size in bytes (to tell a partial download from a complete file).
    public var modelSize: Int64?
}

/// Settings of an Ollama provider.
public struct OllamaSettings: Sendable, Hashable {
    /// The daemon's base URL (default `http://127.0.0.1:11434`).
    public var host: String
    /// The model tag (`qwen2.5:0.5b`).
    public var model: String
    /// How long Ollama keeps the model loaded (`5m`, `-1`), passed through as written.
    public var keepAlive: String?
    /// The context window in tokens.
    public var numCtx: Int?
}

/// Settings of an OpenAI-compatible provider.
public struct OpenAISettings: Sendable, Hashable {
    /// The API base URL (default `https://api.openai.com/v1`).
    public var baseURL: String
    /// The model name.
    public var model: String
    /// The name of the environment variable holding the API key (default `OPENAI_API_KEY`); `nil` for servers that
    /// need no key.
    public var apiKeyEnv: String?
    /// Allow plain `http://` to a host other than loopback.
    public var allowInsecure: Bool
    /// The model's context window in tokens (`context:`), when the file states it: OpenAI-compatible servers do not
    /// report it, and the chain checks requests against it before sending.
    public var context: Int? = nil
}

/// Settings of an Anthropic provider.
public struct AnthropicSettings: Sendable, Hashable {
    /// How structured output is requested.
    public enum StructuredOutput: String, Sendable, Hashable, CaseIterable {
        /// `output_config.format` with a JSON schema.
        case native
        /// One forced tool whose input schema is the output schema.
        case tool
    }

    /// The API base URL (default `https://api.anthropic.com`).
    public var baseURL: String
    /// The model name.
    public var model: String
    /// The name of the environment variable holding the API key (default `ANTHROPIC_API_KEY`).
    public var apiKeyEnv: String
    /// How structured output is requested (default `native`).
    public var structuredOutput: StructuredOutput
    /// The model's context window in tokens (`context:`), when the file states it; else unknown.
    public var context: Int? = nil
}

/// Settings of a Gemini provider.
public struct GeminiSettings: Sendable, Hashable {
    /// The API base URL (default `https://generativelanguage.googleapis.com/v1beta`).
    public var baseURL: String
    /// The model name.
    public var model: String
    /// The name of the environment variable holding the API key (default `GEMINI_API_KEY`).
    public var apiKeyEnv: String
    /// The model's context window in tokens (`context:`), when the file states it; else the API's `inputTokenLimit`.
    public var context: Int? = nil
}

/// Settings of the scripted provider.
public struct ScriptedSettings: Sendable, Hashable {
    /// The seed used when a request gives none.
    public var seed: UInt64
}
