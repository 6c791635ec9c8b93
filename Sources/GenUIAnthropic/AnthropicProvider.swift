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
/// - Tools: `tools` / `tool_use` / `tool_result` blocks (see ``AnthropicToolPlan`` in AnthropicWire+Tools.swift); a
///   turn of calls is a response with ``GenerationResponse/toolCalls`` and finish reason `toolCalls`.
/// - Errors: `{type:error, error:{type,message}}` mapped by status (``HTTPErrorMapping``); `overloaded_error` (529)
///   and `rate_limit_error` (429, `retry-after`) are rate limits; `stop_reason: refusal` is a refusal;
///   `model_context_window_exceeded` is contextSizeExceeded.
/// - Context: ``tokenCount(for:)`` asks `POST /v1/messages/count_tokens`; ``contextSize`` is the configured window
///   (see AnthropicTokenCounting.swift).
public struct AnthropicLanguageModel: RoutableModel {
    /// The settings.
    public let configuration: AnthropicConfiguration
    /// The client, the key, the checks before a request and the availability probe, shared with the other HTTP
    /// providers.
    let http: HTTPProviderCore

    /// Creates a provider. `client` defaults to the shared one; `environment` is where the API key variable is
    /// looked up (the process environment by default); `logger` receives a debug line per HTTP request and a warning
    /// for a slow availability check (discarded by default; see docs/observability.md).
    public init(
        configuration: AnthropicConfiguration, client: HTTPClient = .shared, environment: ProviderEnvironment = .process,
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
            await http.availability(probing: endpoint("v1/models"), headers: headers(key:), rateLimitStatuses: [429, 529])
        }
    }

    public var supportedCapabilities: Set<LanguageModelCapability> {
        get async {
            Set([.guidedGeneration, .streaming, .tokenCounting, .toolCalling]).union(configuration.extraCapabilities)
        }
    }

    public func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        do {
            return try await ProviderSupport.completedResponse(from: generate(request, stream: false))
        } catch {
            throw http.attribute(error)
        }
    }

    public func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        generate(request, stream: true)
    }

    // MARK: - Generation

    private func generate(_ request: GenerationRequest, stream: Bool) -> AsyncThrowingStream<GenerationEvent, any Error> {
        http.stream { continuation in
            try request.options.validate()
            let key = try http.requestKey()
            let useTool = request.schema != nil && configuration.structuredOutput == .forcedTool
            do {
                try await attempt(request, key: key, stream: stream, forcedTool: useTool, continuation: continuation)
            } catch let error as GenUIError where
                !useTool && request.schema != nil && configuration.structuredOutput == .automatic
                && Self.rejectsOutputConfig(error)
            {
                try await attempt(request, key: key, stream: stream, forcedTool: true, continuation: continuation)
            }
        }
    }

    /// Whether a 400 says the server does not know structured outputs.
    static func rejectsOutputConfig(_ error: GenUIError) -> Bool {
        guard case .invalidRequest(let context) = error else { return false }
        let text = context.debugDescription.lowercased()
        return text.contains("output_config") || text.contains("output_format") || text.contains("structured output")
    }

    private func attempt(
        _ request: GenerationRequest, key: String?, stream: Bool, forcedTool: Bool,
        continuation: AsyncThrowingStream<GenerationEvent, any Error>.Continuation
    ) async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let body = AnthropicWire.body(for: request, configuration: configuration, stream: stream, forcedTool: forcedTool)
        let message = HTTPRequest.postJSON(
            endpoint("v1/messages"), json: body, headers: headers(key: key),
            headTimeout: stream ? configuration.connectTimeout : HTTPRequest.noHeadTimeout,
            totalTimeout: configuration.requestTimeout)
        let plan = AnthropicToolPlan(request: request, forcedTool: forcedTool)
        var accumulator = AnthropicMessageAccumulator(provider: name, secrets: key.map { [$0] } ?? [], plan: plan)
        if stream {
            let response = try await http.client.stream(message)
            guard response.head.isSuccess else {
                let data = try await response.collect(limit: 1 << 20)
                throw mapError(status: response.head.status, headers: response.head.headers, body: data, key: key)
            }
            for try await event in response.body.serverSentEvents() {
                guard let json = try? JSONParser.parse(event.data) else { continue }
                if let delta = try accumulator.apply(event: json["type"]?.stringValue ?? event.event, json) {
                    continuation.yield(.delta(delta))
                }
                if accumulator.stopped { break }
            }
            guard accumulator.stopped else {
                throw GenUIError.transport(
                    .connectionLost(detail: "stream ended early"),
                    .init(debugDescription: "the stream from \(HTTPRequest.endpoint(of: configuration.baseURL)) ended before message_stop"))
            }
        } else {
            let response = try await http.client.send(message)
            guard response.head.isSuccess else {
                throw mapError(status: response.status, headers: response.head.headers, body: response.body, key: key)
            }
            guard let json = response.json, json["content"] != nil else {
                let shown = HTTPErrorMapping.clean(response.text, secrets: key.map { [$0] } ?? [], limit: 200)
                throw GenUIError.serverError(
                    status: response.status, .init(debugDescription: "the response is not a message: \(shown)"))
            }
            try accumulator.apply(message: json)
        }
        try accumulator.checkStopReason()
        let timings = GenerationTimings(totalSeconds: (clock.now - start).seconds)
        let calls = try accumulator.toolCalls()
        guard calls.isEmpty else {
            // A turn of tool calls: the text that came with them, no schema decoding (the schema is for the answer).
            continuation.yield(.completed(ProviderSupport.toolCallResponse(
                calls: calls, text: accumulator.text.text, provider: name, model: accumulator.model ?? configuration.model,
                usage: accumulator.usage, timings: timings)))
            return
        }
        let result = try ProviderSupport.response(
            text: accumulator.output(forcedTool: forcedTool), schema: request.schema, provider: name,
            model: accumulator.model ?? configuration.model, usage: accumulator.usage,
            timings: timings,
            finishReason: forcedTool && accumulator.stopReason == "tool_use" ? .stop : AnthropicWire.finishReason(accumulator.stopReason),
            guided: true)
        continuation.yield(.completed(result))
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
                .init(provider: name, debugDescription: "\(name): the API does not know the model \(configuration.model)"))
        }
        return HTTPErrorMapping.error(
            status: status, headers: headers, parsed: parsed, provider: name, secrets: key.map { [$0] } ?? [])
    }
}
