import Foundation
import GenUI
import GenUIHTTP

/// Settings of a ``GeminiLanguageModel``.
public struct GeminiConfiguration: Sendable, Hashable {
    /// The provider's name in `providers.yml`.
    public var name: String
    /// The API root (`https://generativelanguage.googleapis.com/v1beta`).
    public var baseURL: URL
    /// ``baseURL`` as it may be shown or logged (`${NAME}` where a variable was spliced in); `nil` shows it as is.
    public var displayBaseURL: String? = nil
    /// The model (`gemini-2.5-flash`); requests go to `{base}/models/{model}:generateContent`.
    public var model: String
    /// The environment variable holding the API key (sent as `x-goog-api-key`, never in the URL).
    public var apiKeyEnvironmentVariable: String?
    /// How long to wait for a server to start answering a streamed request.
    public var connectTimeout: Duration
    /// How long one generation may take.
    public var requestTimeout: Duration
    /// How long the availability probe may take.
    public var availabilityTimeout: Duration
    /// Allow plain http to a non-loopback host.
    public var allowInsecure: Bool
    /// Capabilities of the model beyond what the provider implements (e.g. `vision`, `reasoning`).
    public var extraCapabilities: Set<LanguageModelCapability>
    /// The model's context window in tokens (`context:` in `providers.yml`). When set it wins over the
    /// `inputTokenLimit` the API reports (see ``GeminiLanguageModel/contextSize``).
    public var contextSize: Int? = nil

    /// Creates a configuration.
    public init(
        name: String = "gemini",
        baseURL: URL = URL(validLiteral: "https://generativelanguage.googleapis.com/v1beta"), model: String,
        apiKeyEnvironmentVariable: String? = "GEMINI_API_KEY", connectTimeout: Duration = .seconds(30),
        requestTimeout: Duration = .seconds(300), availabilityTimeout: Duration = .seconds(3),
        allowInsecure: Bool = false, extraCapabilities: Set<LanguageModelCapability> = []
    ) {
        self.name = name
        self.baseURL = baseURL
        self.model = model
        self.apiKeyEnvironmentVariable = apiKeyEnvironmentVariable
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.availabilityTimeout = availabilityTimeout
        self.allowInsecure = allowInsecure
        self.extraCapabilities = extraCapabilities
    }
}

/// The fields ``HTTPProviderCore`` reads: name, base URL, key variable, `allowInsecure`, availability timeout.
extension GeminiConfiguration: HTTPProviderSettings {}
