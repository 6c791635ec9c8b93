import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP
import Logging

/// A Gemini model behind Google's Generative Language API (`generateContent`, `streamGenerateContent?alt=sse`).
///
/// - Availability: a missing API key variable is `notConfigured` without any network call; otherwise
///   `GET {base}/models/{model}`: unreachable, unauthorized (401/403, or 400 `API_KEY_INVALID`), modelNotInstalled
///   (404), rateLimited (429).
/// - Guided generation: `generationConfig.responseMimeType: application/json` + `responseJsonSchema`; the output is
///   validated anyway.
/// - Reasoning: a request that needs `reasoning` asks for thought summaries (`thinkingConfig.includeThoughts`);
///   parts marked `thought` are the turn's reasoning, never its text.
/// - Tools: `functionDeclarations`, `functionCall` and `functionResponse` parts (see `GeminiToolPlan` in
///   GeminiWire+Tools.swift); a turn with `functionCall` parts is a response with `GenerationResponse.toolCalls`.
/// - Errors: `{"error":{"code","message","status"}}` by status (`HTTPErrorMapping`); a 429's
///   `RetryInfo.retryDelay` is the wait; a blocked prompt (`promptFeedback.blockReason`) or a safety finish reason
///   is a guardrail violation.
/// - Context: ``tokenCount(for:)`` asks `POST {base}/models/{model}:countTokens`; ``contextSize`` is the configured
///   window, else the model's `inputTokenLimit` (see GeminiTokenCounting.swift).
///
/// Its executor, ``GeminiExecutor``, does the requests; the model holds the settings, what it learnt from the API,
/// and answers availability.
public struct GeminiLanguageModel: RoutableModel {
    /// The executor that speaks `generateContent`.
    public typealias Executor = GeminiExecutor

    /// The settings.
    public let configuration: GeminiConfiguration
    /// The client, the key, the checks before a request and the availability probe, shared with the other HTTP
    /// providers.
    let http: HTTPProviderCore
    /// Facts learnt from the API (the model's `inputTokenLimit`), kept for the provider's lifetime.
    let facts = GeminiFacts()
    /// Thought signatures of calls received, and whether the API takes a JSON schema with function calling.
    let toolFacts = GeminiToolFacts()

    /// Creates a provider. `client` defaults to the shared one; `environment` is where the API key variable is
    /// looked up (the process environment by default); `logger` receives a debug line per HTTP request and a warning
    /// for a slow availability check (discarded by default; see docs/observability.md).
    public init(
        configuration: GeminiConfiguration, client: HTTPClient = .shared, environment: ProviderEnvironment = .process,
        logger: Logger = ProviderInstrumentation.disabledLogger
    ) {
        self.configuration = configuration
        http = HTTPProviderCore(configuration, client: client, environment: environment, logger: logger)
    }

    public var name: String { configuration.name }

    /// The configured model (`model:`).
    public var requestedModelName: String? { configuration.model }

    public var availability: Availability {
        get async {
            let model = configuration.model
            let facts = facts
            return await http.availability(probing: modelURL(suffix: ""), headers: headers(key:)) { response in
                // The probe reads the model itself: 404 means this model does not exist. Gemini reports a bad key as
                // a 400, and a 429's wait may be in the body's RetryInfo.
                // The model's description carries its input limit: keep it, so contextSize needs no second request.
                if response.head.isSuccess { facts.record(model: response.json) }
                return switch response.status {
                case 400 where GeminiWire.isInvalidKey(response.body): .unavailable(.unauthorized)
                case 404: .unavailable(.modelNotInstalled(name: model))
                case 429:
                    .unavailable(
                        .rateLimited(
                            retryAfter: RetryAfter.parse(response.head.headers) ?? GeminiWire.retryDelay(response.body))
                    )
                default: nil
                }
            }
        }
    }

    public var supportedCapabilities: Set<LanguageModelCapability> {
        get async {
            Set([.guidedGeneration, .streaming, .seededSampling, .tokenCounting, .toolCalling])
                .union(configuration.extraCapabilities)
        }
    }

    // MARK: - Helpers

    /// Whether `request`'s schema goes as an answer function: it has tools too, and the API has said it takes no
    /// JSON schema with function calling (see ``GeminiToolPlan``).
    func answersThroughFunction(_ request: GenerationRequest) -> Bool {
        !request.tools.isEmpty && request.schema != nil && toolFacts.rejectsSchemaWithTools
    }

    func modelURL(suffix: String, query: String? = nil) -> URL {
        let path = configuration.model.hasPrefix("models/") ? configuration.model : "models/\(configuration.model)"
        var text = configuration.baseURL.absoluteString
        if text.hasSuffix("/") { text.removeLast() }
        text += "/\(path)\(suffix)"
        if let query { text += "?\(query)" }
        return URL(string: text) ?? configuration.baseURL
    }

    func headers(key: String?) -> [String: String] {
        var headers = ["Accept": "application/json, text/event-stream"]
        if let key { headers["x-goog-api-key"] = key }
        return headers
    }

    func mapError(status: Int, headers: [String: String], body: Data, key: String?) -> GenUIError {
        let parsed = HTTPErrorMapping.parseErrorBody(body, secrets: key.map { [$0] } ?? [])
        let detail = parsed.message ?? "no details"
        if status == 400 && GeminiWire.isInvalidKey(body) {
            return .unauthorized(
                .init(provider: name, debugDescription: "\(name): the API key was rejected: \(detail)"))
        }
        if status == 404 {
            return .unavailable(
                .modelNotInstalled(name: configuration.model),
                .init(
                    provider: name,
                    debugDescription: "\(name): the API does not know the model \(configuration.model): \(detail)"))
        }
        if status == 429 {
            return .rateLimited(
                retryAfter: RetryAfter.parse(headers) ?? GeminiWire.retryDelay(body),
                .init(provider: name, debugDescription: "\(name): HTTP 429 \(parsed.type ?? ""): \(detail)"))
        }
        return HTTPErrorMapping.error(
            status: status, headers: headers, parsed: parsed, provider: name, secrets: key.map { [$0] } ?? [])
    }
}
