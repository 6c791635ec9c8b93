import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP
import Logging

/// A language model behind an OpenAI-compatible Chat Completions API: OpenAI itself, vLLM, llama-server,
/// LM Studio, OpenRouter, a LiteLLM proxy.
///
/// - Availability: a missing API key variable is `notConfigured` without any network call; otherwise one cheap
///   `GET {base}/models` (no tokens spent): unreachable, unauthorized (401/403), rateLimited (429), modelNotReady
///   (503 while the server loads), modelNotInstalled (a multi-model listing that lacks the model).
/// - Guided generation: `response_format` `json_schema` (strict by default); the output is validated anyway.
/// - Tool calling: `tools` (`type: function`, parameters in the same schema mode); `message.tool_calls` and streamed
///   `delta.tool_calls` (argument text assembled by index, bounded) become `GenerationResponse.toolCalls`; earlier
///   calls go back as an assistant turn's `tool_calls`, outputs as `role: tool` messages with their `tool_call_id`.
/// - Errors: see `HTTPErrorMapping`; `message.refusal` is a refusal, `finish_reason: content_filter` a guardrail
///   violation, a 404 naming the model `modelNotInstalled`.
///
/// Its executor, ``OpenAIExecutor``, does the requests; the model holds the settings and answers availability.
public struct OpenAILanguageModel: RoutableModel {
    /// The executor that speaks Chat Completions.
    public typealias Executor = OpenAIExecutor

    /// The settings.
    public let configuration: OpenAIConfiguration
    /// The client, the key, the checks before a request and the availability probe, shared with the other HTTP
    /// providers.
    let http: HTTPProviderCore

    /// Creates a provider. `client` defaults to the shared one; `environment` is where the API key variable is
    /// looked up (the process environment by default); `logger` receives a debug line per HTTP request and a warning
    /// for a slow availability check (discarded by default; see docs/observability.md).
    public init(
        configuration: OpenAIConfiguration, client: HTTPClient = .shared, environment: ProviderEnvironment = .process,
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
            return await http.availability(probing: http.url("models"), headers: headers(key:)) { response in
                // A listing of several models that lacks ours: the server serves others (one model is a single-model
                // server such as llama-server, which answers under any name).
                guard (200..<300).contains(response.status) else { return nil }
                let ids = WireReading.decode(ModelList.self, from: response.json)?.ids ?? []
                return ids.count > 1 && !ids.contains(model) ? .unavailable(.modelNotInstalled(name: model)) : nil
            }
        }
    }

    public var supportedCapabilities: Set<LanguageModelCapability> {
        get async {
            Set([.guidedGeneration, .streaming, .seededSampling, .toolCalling]).union(configuration.extraCapabilities)
        }
    }

    // MARK: - Helpers

    /// The API key as it is now, for masking in anything the provider reports.
    private var currentSecrets: @Sendable () -> [String] { http.secrets }

    /// The checks before a request (its options, the key, the URL policy) and the `POST {base}/chat/completions` of
    /// `request`, streamed or whole; the key comes back too, to be masked in what the answer reports.
    func chatRequest(_ request: GenerationRequest, streaming: Bool) throws(GenUIError)
        -> (key: String?, post: HTTPRequest)
    {
        try request.options.validate()
        let key = try http.requestKey()
        let post = try HTTPRequest.postJSON(
            http.url("chat/completions"),
            body: try ChatCompletionRequest(request, configuration: configuration, stream: streaming),
            extraFields: request.extraBody, headers: headers(key: key),
            headTimeout: streaming ? configuration.connectTimeout : HTTPRequest.noHeadTimeout,
            totalTimeout: configuration.requestTimeout)
        return (key, post)
    }

    func headers(key: String?) -> [String: String] {
        var headers = configuration.extraHeaders
        headers["Accept"] = "application/json, text/event-stream"
        if let key { headers["Authorization"] = "Bearer \(key)" }
        return headers
    }

    func checkRefusal(_ refusal: String?, finish: FinishReason?) throws(GenUIError) {
        if let refusal, !refusal.isEmpty {
            let shown = HTTPErrorMapping.clean(refusal, secrets: currentSecrets(), limit: HTTPErrorMapping.messageLimit)
            throw .refusal(.init(provider: name, debugDescription: "\(name) refused: \(shown)"))
        }
        if finish == .contentFilter {
            throw .guardrailViolation(
                .init(provider: name, debugDescription: "\(name): the content filter stopped the output"))
        }
    }

    func mapError(status: Int, headers: [String: String], body: Data, key: String?) -> GenUIError {
        let parsed = HTTPErrorMapping.parseErrorBody(body, secrets: key.map { [$0] } ?? [])
        if status == 404, parsed.code == "model_not_found" || (parsed.message ?? "").contains(configuration.model) {
            return .unavailable(
                .modelNotInstalled(name: configuration.model),
                .init(
                    provider: name,
                    debugDescription: "\(name): the server does not know the model \(configuration.model)"))
        }
        return HTTPErrorMapping.error(
            status: status, headers: headers, parsed: parsed, provider: name, secrets: key.map { [$0] } ?? [])
    }
}
