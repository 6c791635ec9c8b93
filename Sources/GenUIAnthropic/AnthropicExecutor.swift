import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP

/// The executor of ``AnthropicLanguageModel``: one turn as one `POST {base}/v1/messages` (two when the server
/// rejects `output_config` in `automatic` mode: then the forced answer tool is used).
///
/// Streamed, events are sent as they arrive: each `text_delta`, each `thinking_delta` as reasoning (and a thinking
/// block's signature when the block stops; a `redacted_thinking` block as reasoning of its own), the forced answer
/// tool's input as text, and each `input_json_delta` piece of a call of a user tool under the call's id (a call opens
/// with its `content_block_start`); a server tool's input (`server_tool_use`, `mcp_tool_use`) is neither.
/// `message_stop` ends the turn; a stream that stops before it is a lost connection. Signed and redacted thinking is
/// sent back unchanged in later requests that enable thinking (`AnthropicWire`).
public struct AnthropicExecutor: ProviderExecutor {
    /// The model it serves.
    public typealias Model = AnthropicLanguageModel
    /// It holds nothing: it works through the model each request names.
    public typealias Configuration = ModelBoundExecutorConfiguration

    /// Makes the executor.
    public init(configuration: ModelBoundExecutorConfiguration) {}

    public func turn(
        _ request: GenerationRequest, model: AnthropicLanguageModel, streaming: Bool, events: TurnEvents
    ) async throws -> GenerationResponse {
        do {
            try request.options.validate()
            let key = try model.http.requestKey()
            let structuredOutput = model.configuration.structuredOutput
            let useTool = request.schema != nil && structuredOutput == .forcedTool
            do {
                return try await attempt(
                    request, model: model, key: key, streaming: streaming, forcedTool: useTool, events: events)
            } catch let error as GenUIError
                where
                !useTool && request.schema != nil && structuredOutput == .automatic
                && AnthropicLanguageModel.rejectsOutputConfig(error)
            {
                return try await attempt(
                    request, model: model, key: key, streaming: streaming, forcedTool: true, events: events)
            }
        } catch {
            throw model.http.attribute(error)
        }
    }

    private func attempt(
        _ request: GenerationRequest, model: AnthropicLanguageModel, key: String?, streaming: Bool, forcedTool: Bool,
        events: TurnEvents
    ) async throws -> GenerationResponse {
        let configuration = model.configuration
        let secrets = key.map { [$0] } ?? []
        let clock = ContinuousClock()
        let start = clock.now
        let message = try HTTPRequest.postJSON(
            model.endpoint("v1/messages"),
            body: try AnthropicWire.body(
                for: request, configuration: configuration, stream: streaming, forcedTool: forcedTool),
            extraFields: request.extraBody, headers: model.headers(key: key),
            headTimeout: streaming ? configuration.connectTimeout : HTTPRequest.noHeadTimeout,
            totalTimeout: configuration.requestTimeout)
        let plan = AnthropicToolPlan(request: request, forcedTool: forcedTool)
        var accumulator = AnthropicMessageAccumulator(provider: model.name, secrets: secrets, plan: plan)
        if streaming {
            let response = try await model.http.client.stream(message)
            guard response.head.isSuccess else {
                let data = try await response.collect(limit: 1 << 20)
                throw model.mapError(status: response.head.status, headers: response.head.headers, body: data, key: key)
            }
            for try await event in response.body.serverSentEvents() {
                guard let json = try? JSONParser.parse(event.data) else { continue }
                let decoded = WireReading.decode(StreamEvent.self, from: json) ?? StreamEvent()
                let piece = try accumulator.apply(event: decoded.type ?? event.event, decoded, json: json)
                switch piece {
                case .text(let text)?: await events.appendText(text)
                case .reasoning(let text)?: await events.appendReasoning(text)
                case .reasoningSignature(let signature)?: await events.signReasoning(Data(signature.utf8))
                case .redactedReasoning(let data)?: await events.appendRedactedReasoning(Data(data.utf8))
                case .callArguments(let id, let wireName, let arguments)?
                where events.keepsEntries && !wireName.isEmpty:
                    await events.appendToolCallArguments(
                        id: id, name: ToolWireNames.toolName(forWireName: wireName, in: plan.tools), arguments)
                default: break
                }
                if accumulator.stopped { break }
            }
            guard accumulator.stopped else {
                throw GenUIError.transport(
                    .connectionLost(detail: "stream ended early"),
                    .init(
                        debugDescription:
                            "the stream from \(HTTPRequest.endpoint(of: configuration.baseURL)) ended before message_stop"
                    ))
            }
        } else {
            let response = try await model.http.client.send(message)
            guard response.head.isSuccess else {
                throw model.mapError(
                    status: response.status, headers: response.head.headers, body: response.body, key: key)
            }
            guard let answer = WireReading.decode(MessageAnswer.self, from: response.json), answer.content != nil else {
                let shown = HTTPErrorMapping.clean(response.text, secrets: secrets, limit: 200)
                throw GenUIError.serverError(
                    status: response.status, .init(debugDescription: "the response is not a message: \(shown)"))
            }
            try accumulator.apply(message: answer)
            for block in accumulator.thinking {
                switch block {
                case .signed(let text, let signature):
                    if !text.isEmpty { await events.appendReasoning(text) }
                    if !signature.isEmpty { await events.signReasoning(Data(signature.utf8)) }
                case .redacted(let data):
                    await events.appendRedactedReasoning(Data(data.utf8))
                }
            }
            if !accumulator.text.text.isEmpty { await events.appendText(accumulator.text.text) }
        }
        try accumulator.checkStopReason()
        let timings = GenerationTimings(totalSeconds: (clock.now - start).seconds)
        let servedModel = accumulator.model ?? configuration.model
        let calls = try accumulator.toolCalls()
        guard calls.isEmpty else {
            // A turn of tool calls: the text that came with them, no schema decoding (the schema is for the answer).
            return ProviderSupport.toolCallResponse(
                calls: calls, text: accumulator.text.text, provider: model.name, model: servedModel,
                usage: accumulator.usage, timings: timings)
        }
        return try ProviderSupport.response(
            text: accumulator.output(forcedTool: forcedTool), schema: request.schema, provider: model.name,
            model: servedModel, usage: accumulator.usage, timings: timings,
            finishReason: forcedTool && accumulator.stopReason == "tool_use"
                ? .stop : AnthropicWire.finishReason(accumulator.stopReason),
            guided: true)
    }
}
