import Foundation
import GenUI
import GenUIHTTP

/// Settings of an ``AnthropicLanguageModel``.
public struct AnthropicConfiguration: Sendable, Hashable {
    /// How guided generation is requested.
    public enum StructuredOutput: String, Sendable, Hashable {
        /// The native `output_config.format` JSON schema; if the server rejects that field, retry once with a forced
        /// tool.
        case automatic
        /// Only the native `output_config.format` JSON schema.
        case outputFormat = "output_format"
        /// One tool whose input schema is the schema, forced with `tool_choice` (for models or servers without
        /// structured outputs).
        case forcedTool = "forced_tool"
    }

    /// The provider's name in `providers.yml`.
    public var name: String
    /// The API root, without `/v1` (`https://api.anthropic.com`).
    public var baseURL: URL
    /// ``baseURL`` as it may be shown or logged (`${NAME}` where a variable was spliced in); `nil` shows it as is.
    public var displayBaseURL: String? = nil
    /// The model identifier.
    public var model: String
    /// The environment variable holding the API key (sent as `x-api-key`); `nil` for servers that need none.
    public var apiKeyEnvironmentVariable: String?
    /// The `anthropic-version` header.
    public var apiVersion: String
    /// `max_tokens` when the request does not set a limit (the API requires one).
    public var defaultMaximumTokens: Int
    /// How guided generation is requested.
    public var structuredOutput: StructuredOutput
    /// How long to wait for a server to start answering a streamed request.
    public var connectTimeout: Duration
    /// How long one generation may take.
    public var requestTimeout: Duration
    /// How long the availability probe may take.
    public var availabilityTimeout: Duration
    /// Allow plain http to a non-loopback host.
    public var allowInsecure: Bool
    /// Capabilities of the model beyond what the provider implements (e.g. `vision`).
    public var extraCapabilities: Set<LanguageModelCapability>
    /// The model's context window in tokens (`context:` in `providers.yml`), when known: genui keeps no table of
    /// Anthropic's models, so without it ``AnthropicLanguageModel/contextSize`` is unknown and the chain does not
    /// check.
    public var contextSize: Int? = nil

    /// Creates a configuration.
    public init(
        name: String = "anthropic", baseURL: URL = URL(validLiteral: "https://api.anthropic.com"), model: String,
        apiKeyEnvironmentVariable: String? = "ANTHROPIC_API_KEY", apiVersion: String = "2023-06-01",
        defaultMaximumTokens: Int = 1024, structuredOutput: StructuredOutput = .automatic,
        connectTimeout: Duration = .seconds(30), requestTimeout: Duration = .seconds(300),
        availabilityTimeout: Duration = .seconds(3), allowInsecure: Bool = false,
        extraCapabilities: Set<LanguageModelCapability> = []
    ) {
        self.name = name
        self.baseURL = baseURL
        self.model = model
        self.apiKeyEnvironmentVariable = apiKeyEnvironmentVariable
        self.apiVersion = apiVersion
        self.defaultMaximumTokens = defaultMaximumTokens
        self.structuredOutput = structuredOutput
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.availabilityTimeout = availabilityTimeout
        self.allowInsecure = allowInsecure
        self.extraCapabilities = extraCapabilities
    }
}

/// The fields ``HTTPProviderCore`` reads: name, base URL, key variable, `allowInsecure`, availability timeout.
extension AnthropicConfiguration: HTTPProviderSettings {}
