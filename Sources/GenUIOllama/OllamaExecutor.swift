import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP

/// The executor of ``OllamaLanguageModel``: one turn as one `POST /api/chat`.
///
/// Streamed, each NDJSON line's `message.content` piece is sent as it arrives; tool calls come whole (`arguments` an
/// object) and are sent when the turn ends. The line with `done: true` ends the turn; a stream that stops before it is
/// a lost connection.
public struct OllamaExecutor: ProviderExecutor {
    /// The model it serves.
    public typealias Model = OllamaLanguageModel
    /// It holds nothing: it works through the model each request names.
    public typealias Configuration = ModelBoundExecutorConfiguration

    /// Makes the executor.
    public init(configuration: ModelBoundExecutorConfiguration) {}

    public func turn(
        _ request: GenerationRequest, model: OllamaLanguageModel, streaming: Bool, events: TurnEvents
    ) async throws -> GenerationResponse {
        do {
            return try await chat(request, model: model, streaming: streaming, events: events)
        } catch {
            throw model.http.attribute(error)
        }
    }

    private func chat(_ request: GenerationRequest, model: OllamaLanguageModel, streaming: Bool, events: TurnEvents)
        async throws -> GenerationResponse
    {
        try request.options.validate()
        let key = try model.http.requestKey()
        let secrets = key.map { [$0] } ?? []
        let configuration = model.configuration
        let clock = ContinuousClock()
        let start = clock.now
        let chat = try HTTPRequest.postJSON(
            model.url("api/chat"), body: try ChatRequest(request, configuration: configuration, stream: streaming),
            extraFields: request.extraBody, headers: model.headers(key: key), headTimeout: HTTPRequest.noHeadTimeout,
            totalTimeout: configuration.requestTimeout)
        let response = try await model.http.client.stream(chat)
        guard response.head.isSuccess else {
            let data = try await response.collect(limit: 1 << 20)
            throw model.mapError(status: response.head.status, headers: response.head.headers, body: data, key: key)
        }
        var text = OutputText()
        var reasoningBudget = OutputBudget.reasoning()
        var toolCalls = ToolCallAssembly()
        var final: ChatChunk?
        // A non-streamed answer is one line holding the whole output: it may be as long as a body.
        let limits = ResponseLimits.standard
        let lineLimit = streaming ? limits.maximumLineBytes : limits.maximumBodyBytes
        for try await line in response.body.lines(maximumLineBytes: lineLimit) {
            let json: GeneratedContent
            do {
                json = try JSONParser.parse(line)
            } catch {
                let shown = HTTPErrorMapping.clean(line, secrets: secrets, limit: 120)
                throw GenUIError.serverError(
                    status: response.head.status,
                    .init(debugDescription: "Ollama sent a line that is not JSON: \(shown)"))
            }
            let chunk = WireReading.decode(ChatChunk.self, from: json) ?? ChatChunk()
            if let message = chunk.error {
                throw HTTPErrorMapping.error(
                    status: 500, headers: [:], parsed: .init(message: message), provider: model.name, secrets: secrets)
            }
            if let thought = chunk.message?.thinking, !thought.isEmpty {
                try reasoningBudget.charge(thought)
                await events.appendReasoning(thought)
            }
            if let piece = chunk.message?.content, !piece.isEmpty {
                try text.append(piece)
                await events.appendText(piece)
            }
            try OllamaWire.appendToolCalls(chunk.message?.toolCalls, to: &toolCalls)
            if chunk.done == true {
                final = chunk
                break
            }
        }
        guard let final else {
            throw GenUIError.transport(
                .connectionLost(detail: "stream ended early"),
                .init(debugDescription: "the stream from \(model.endpointDescription) ended before done:true"))
        }
        let servedModel = final.model ?? configuration.model
        let timings = OllamaWire.timings(final, wall: clock.now - start)
        if !toolCalls.isEmpty {
            // Ollama ends a turn of tool calls with done_reason "stop": the calls make it a tool-call turn.
            return ProviderSupport.toolCallResponse(
                calls: try toolCalls.calls(provider: model.name, tools: request.tools), text: text.text,
                provider: model.name, model: servedModel, usage: OllamaWire.usage(final), timings: timings)
        }
        return try ProviderSupport.response(
            text: text.text, schema: request.schema, provider: model.name, model: servedModel,
            usage: OllamaWire.usage(final), timings: timings, finishReason: OllamaWire.finishReason(final.doneReason),
            guided: true)
    }
}
