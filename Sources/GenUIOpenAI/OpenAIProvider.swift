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
///   `delta.tool_calls` (argument text assembled by index, bounded) become ``GenerationResponse/toolCalls``; earlier
///   calls go back as an assistant turn's `tool_calls`, outputs as `role: tool` messages with their `tool_call_id`.
/// - Errors: see ``HTTPErrorMapping``; `message.refusal` is a refusal, `finish_reason: content_filter` a guardrail
///   violation, a 404 naming the model `modelNotInstalled`.
public struct OpenAILanguageModel: RoutableModel {
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

    public func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        do {
            let (key, url) = try prepare(request)
            let clock = ContinuousClock()
            let start = clock.now
            let response = try await http.client.send(
                .postJSON(
                    url, body: ChatCompletionRequest(request, configuration: configuration, stream: false),
                    headers: headers(key: key), headTimeout: HTTPRequest.noHeadTimeout,
                    totalTimeout: configuration.requestTimeout))
            guard response.head.isSuccess else {
                throw mapError(status: response.status, headers: response.head.headers, body: response.body, key: key)
            }
            let completion = WireReading.decode(ChatCompletion.self, from: response.json)
            guard let completion, let choice = completion.choices?.first else {
                let shown = HTTPErrorMapping.clean(response.text, secrets: key.map { [$0] } ?? [], limit: 200)
                throw GenUIError.serverError(
                    status: response.status, .init(debugDescription: "the response has no choices: \(shown)"))
            }
            let message = choice.message
            let finish = OpenAIWire.finishReason(choice.finishReason)
            try checkRefusal(message?.refusal, finish: finish)
            var text = OutputText()
            try text.append(message?.content ?? "")
            var toolCalls = ToolCallAssembly()
            try OpenAIWire.appendToolCalls(message?.toolCalls, to: &toolCalls)
            let model = completion.model ?? configuration.model
            let usage = completion.usage?.tokenUsage ?? TokenUsage()
            let timings = OpenAIWire.timings(completion.timings, wall: clock.now - start)
            if !toolCalls.isEmpty {
                return ProviderSupport.toolCallResponse(
                    calls: try toolCalls.calls(provider: name, tools: request.tools), text: text.text, provider: name,
                    model: model, usage: usage, timings: timings)
            }
            return try ProviderSupport.response(
                text: text.text, schema: request.schema, provider: name, model: model, usage: usage, timings: timings,
                finishReason: finish, guided: true)
        } catch {
            throw http.attribute(error)
        }
    }

    public func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        http.stream { continuation in
            let (key, url) = try prepare(request)
            let clock = ContinuousClock()
            let start = clock.now
            let response = try await http.client.stream(
                .postJSON(
                    url, body: ChatCompletionRequest(request, configuration: configuration, stream: true),
                    headers: headers(key: key), headTimeout: configuration.connectTimeout,
                    totalTimeout: configuration.requestTimeout))
            guard response.head.isSuccess else {
                let body = try await response.collect(limit: 1 << 20)
                throw mapError(status: response.head.status, headers: response.head.headers, body: body, key: key)
            }
            var text = OutputText()
            var refusal = OutputText()
            var toolCalls = ToolCallAssembly()
            var finish: FinishReason?
            var usage = TokenUsage()
            var timings: ServerTimings?
            var model: String?
            var done = false
            for try await event in response.body.serverSentEvents() {
                if event.data == "[DONE]" {
                    done = true
                    break
                }
                guard let json = try? JSONParser.parse(event.data) else { continue }
                if let error = json["error"] {
                    let parsed = HTTPErrorMapping.parseErrorJSON(json, secrets: key.map { [$0] } ?? [])
                    let status = error["code"]?.intValue ?? 500
                    throw HTTPErrorMapping.error(
                        status: status, headers: [:], parsed: parsed, provider: name, secrets: key.map { [$0] } ?? [])
                }
                guard let chunk = WireReading.decode(ChatCompletionChunk.self, from: json) else { continue }
                model = model ?? chunk.model
                if let choice = chunk.choices?.first {
                    if let delta = choice.delta?.content, !delta.isEmpty {
                        try text.append(delta)
                        continuation.yield(.delta(delta))
                    }
                    if let piece = choice.delta?.refusal { try refusal.append(piece) }
                    try OpenAIWire.appendToolCallDeltas(choice.delta?.toolCalls, to: &toolCalls)
                    if let reason = OpenAIWire.finishReason(choice.finishReason) { finish = reason }
                }
                if let reported = chunk.usage { usage = reported.tokenUsage }
                if let reported = chunk.timings { timings = reported }
            }
            guard done || finish != nil else {
                throw GenUIError.transport(
                    .connectionLost(detail: "stream ended early"),
                    .init(debugDescription: "the stream from \(HTTPRequest.endpoint(of: url)) ended before the model finished"))
            }
            try checkRefusal(refusal.text.isEmpty ? nil : refusal.text, finish: finish)
            let wall = OpenAIWire.timings(timings, wall: clock.now - start)
            if !toolCalls.isEmpty {
                continuation.yield(.completed(ProviderSupport.toolCallResponse(
                    calls: try toolCalls.calls(provider: name, tools: request.tools), text: text.text, provider: name,
                    model: model ?? configuration.model, usage: usage, timings: wall)))
                return
            }
            let result = try ProviderSupport.response(
                text: text.text, schema: request.schema, provider: name, model: model ?? configuration.model, usage: usage,
                timings: wall, finishReason: finish, guided: true)
            continuation.yield(.completed(result))
        }
    }

    // MARK: - Helpers

    /// The API key as it is now, for masking in anything the provider reports.
    private var currentSecrets: @Sendable () -> [String] { http.secrets }

    private func prepare(_ request: GenerationRequest) throws(GenUIError) -> (String?, URL) {
        try request.options.validate()
        return (try http.requestKey(), http.url("chat/completions"))
    }

    private func headers(key: String?) -> [String: String] {
        var headers = configuration.extraHeaders
        headers["Accept"] = "application/json, text/event-stream"
        if let key { headers["Authorization"] = "Bearer \(key)" }
        return headers
    }

    private func checkRefusal(_ refusal: String?, finish: FinishReason?) throws(GenUIError) {
        if let refusal, !refusal.isEmpty {
            let shown = HTTPErrorMapping.clean(refusal, secrets: currentSecrets(), limit: HTTPErrorMapping.messageLimit)
            throw .refusal(.init(provider: name, debugDescription: "\(name) refused: \(shown)"))
        }
        if finish == .contentFilter {
            throw .guardrailViolation(.init(provider: name, debugDescription: "\(name): the content filter stopped the output"))
        }
    }

    private func mapError(status: Int, headers: [String: String], body: Data, key: String?) -> GenUIError {
        let parsed = HTTPErrorMapping.parseErrorBody(body, secrets: key.map { [$0] } ?? [])
        if status == 404, parsed.code == "model_not_found" || (parsed.message ?? "").contains(configuration.model) {
            return .unavailable(
                .modelNotInstalled(name: configuration.model),
                .init(provider: name, debugDescription: "\(name): the server does not know the model \(configuration.model)"))
        }
        return HTTPErrorMapping.error(
            status: status, headers: headers, parsed: parsed, provider: name, secrets: key.map { [$0] } ?? [])
    }
}
