import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP
import Logging

/// A language model behind Anthropic's Messages API (`x-api-key`, `anthropic-version`).
///
/// - Availability: a missing API key variable is `notConfigured` without any network call; otherwise one
///   `GET {base}/v1/models`: unreachable, unauthorized, rateLimited (429 and 529).
/// - Guided generation: `output_config.format` with the JSON schema, or one forced tool whose `input_schema` is the
///   schema (configurable; `automatic` retries with the tool when the server rejects `output_config`). The output
///   is validated against the schema either way.
/// - Tools: `tools` / `tool_use` / `tool_result` blocks (see `AnthropicToolPlan` in AnthropicWire+Tools.swift); a
///   turn of calls is a response with `GenerationResponse.toolCalls` and finish reason `toolCalls`.
/// - Errors: `{type:error, error:{type,message}}` mapped by status (`HTTPErrorMapping`); `overloaded_error` (529)
///   and `rate_limit_error` (429, `retry-after`) are rate limits; `stop_reason: refusal` is a refusal;
///   `model_context_window_exceeded` is contextSizeExceeded.
/// - Context: ``tokenCount(for:)`` asks `POST /v1/messages/count_tokens`; ``contextSize`` is the configured window
///   (see AnthropicTokenCounting.swift).
///
/// Its executor, ``AnthropicExecutor``, does the message requests; the model holds the settings and answers
/// availability and token counts.
public struct AnthropicLanguageModel: RoutableModel {
    /// The executor that speaks the Messages API.
    public typealias Executor = AnthropicExecutor

    /// The settings.
    public let configuration: AnthropicConfiguration
    /// The client, the key, the checks before a request and the availability probe, shared with the other HTTP
    /// providers.
    let http: HTTPProviderCore

    /// Creates a provider. `client` defaults to the shared one; `environment` is where the API key variable is
    /// looked up (the process environment by default); `logger` receives a debug line per HTTP request and a warning
    /// for a slow availability check (discarded by default; see docs/observability.md).
    public init(
        configuration: AnthropicConfiguration, client: HTTPClient = .shared,
        environment: ProviderEnvironment = .process,
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
            // 529 is Anthropic's "overloaded".
            await http.availability(
                probing: endpoint("v1/models"), headers: headers(key:), rateLimitStatuses: [429, 529])
        }
    }

    public var supportedCapabilities: Set<LanguageModelCapability> {
        get async {
            Set([.guidedGeneration, .streaming, .tokenCounting, .toolCalling]).union(configuration.extraCapabilities)
        }
    }

    /// Whether a 400 says the server does not know structured outputs.
    static func rejectsOutputConfig(_ error: GenUIError) -> Bool {
        guard case .invalidRequest(let context) = error else { return false }
        let text = context.debugDescription.lowercased()
        return text.contains("output_config") || text.contains("output_format") || text.contains("structured output")
    }

    // MARK: - Helpers

    func endpoint(_ path: String) -> URL { http.url(path) }

    func headers(key: String?) -> [String: String] {
        var headers = ["anthropic-version": configuration.apiVersion, "Accept": "application/json, text/event-stream"]
        if let key { headers["x-api-key"] = key }
        return headers
    }

    func mapError(status: Int, headers: [String: String], body: Data, key: String?) -> GenUIError {
        let parsed = HTTPErrorMapping.parseErrorBody(body, secrets: key.map { [$0] } ?? [])
        if status == 404, parsed.type == "not_found_error", (parsed.message ?? "").contains("model") {
            return .unavailable(
                .modelNotInstalled(name: configuration.model),
                .init(
                    provider: name, debugDescription: "\(name): the API does not know the model \(configuration.model)")
            )
        }
        return HTTPErrorMapping.error(
            status: status, headers: headers, parsed: parsed, provider: name, secrets: key.map { [$0] } ?? [])
    }
}
