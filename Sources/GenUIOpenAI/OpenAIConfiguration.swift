import Foundation
import GenUI
import GenUIHTTP

/// Settings of an ``OpenAILanguageModel``: where the OpenAI-compatible server is, which model, which credentials.
///
/// The same provider serves OpenAI, vLLM, llama-server, LM Studio, OpenRouter and LiteLLM: point ``baseURL`` at the
/// server's `/v1` root.
public struct OpenAIConfiguration: Sendable, Hashable {
    /// Which field carries the response token limit.
    public enum TokenLimitField: String, Sendable, Hashable {
        /// `max_tokens` (older OpenAI models and most compatible servers).
        case maxTokens = "max_tokens"
        /// `max_completion_tokens` (newer OpenAI models).
        case maxCompletionTokens = "max_completion_tokens"
    }

    /// The provider's name in `providers.yml`.
    public var name: String
    /// The API root including `/v1` (`https://api.openai.com/v1`, `http://127.0.0.1:8080/v1`).
    public var baseURL: URL
    /// ``baseURL`` as it may be shown or logged (`${NAME}` where a variable was spliced in); `nil` shows it as is.
    public var displayBaseURL: String? = nil
    /// The model identifier sent with every request.
    public var model: String
    /// The environment variable holding the API key; `nil` for servers that need none. Read at request time.
    public var apiKeyEnvironmentVariable: String?
    /// How long to wait for a server to start answering a streamed request (the response head).
    public var connectTimeout: Duration
    /// How long one generation may take.
    public var requestTimeout: Duration
    /// How long the availability probe may take.
    public var availabilityTimeout: Duration
    /// Allow plain http to a non-loopback host.
    public var allowInsecure: Bool
    /// Which field carries the token limit.
    public var tokenLimitField: TokenLimitField
    /// Send `top_k` (OpenAI rejects it; llama-server, vLLM and LM Studio accept it).
    public var sendsTopK: Bool
    /// Use strict structured outputs (every property required, optional ones nullable, no extra properties).
    public var strictSchema: Bool
    /// Capabilities of the model beyond what the provider implements (e.g. `vision`, `reasoning`).
    public var extraCapabilities: Set<LanguageModelCapability>
    /// Extra headers sent with every request (e.g. OpenRouter's `HTTP-Referer`). Never put secrets here.
    public var extraHeaders: [String: String]
    /// The model's context window in tokens (`context:` in `providers.yml`), when known: OpenAI-compatible servers do
    /// not report it. ``OpenAILanguageModel/contextSize`` answers it.
    public var contextSize: Int? = nil

    /// Creates a configuration.
    public init(
        name: String = "openai", baseURL: URL, model: String, apiKeyEnvironmentVariable: String? = "OPENAI_API_KEY",
        connectTimeout: Duration = .seconds(30), requestTimeout: Duration = .seconds(300),
        availabilityTimeout: Duration = .seconds(3), allowInsecure: Bool = false,
        tokenLimitField: TokenLimitField = .maxTokens, sendsTopK: Bool = false, strictSchema: Bool = true,
        extraCapabilities: Set<LanguageModelCapability> = [], extraHeaders: [String: String] = [:]
    ) {
        self.name = name
        self.baseURL = baseURL
        self.model = model
        self.apiKeyEnvironmentVariable = apiKeyEnvironmentVariable
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.availabilityTimeout = availabilityTimeout
        self.allowInsecure = allowInsecure
        self.tokenLimitField = tokenLimitField
        self.sendsTopK = sendsTopK
        self.strictSchema = strictSchema
        self.extraCapabilities = extraCapabilities
        self.extraHeaders = extraHeaders
    }
}

/// The fields ``HTTPProviderCore`` reads: name, base URL, key variable, `allowInsecure`, availability timeout.
extension OpenAIConfiguration: HTTPProviderSettings {}
