import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP

/// The executor of ``GeminiLanguageModel``: one turn as one `POST {base}/models/{model}:generateContent`, or
/// `:streamGenerateContent?alt=sse` when streamed.
///
/// Streamed, each server-sent event's parts become events as they arrive: the text of thought parts as reasoning,
/// other text as response text, and each `functionCall` part (a call arrives whole) as its whole arguments under the
/// call's id and its tool's name. Not streamed, the answer's text is sent once. A stream that ends without a finish
/// reason is a lost connection.
///
/// A schema with tools goes in `generationConfig` unless the API has said it takes no JSON schema with function
/// calling; then (at once, and from then on) through an answer function (see `GeminiToolPlan`). The 400 that says
/// so comes before any event, so the turn asks again without having sent anything.
public struct GeminiExecutor: ProviderExecutor {
    /// The model it serves.
    public typealias Model = GeminiLanguageModel
    /// It holds nothing: it works through the model each request names.
    public typealias Configuration = ModelBoundExecutorConfiguration

    /// Makes the executor.
    public init(configuration: ModelBoundExecutorConfiguration) {}

    public func turn(
        _ request: GenerationRequest, model: GeminiLanguageModel, streaming: Bool, events: TurnEvents
    ) async throws -> GenerationResponse {
        do {
            try request.options.validate()
            let key = try model.http.requestKey()
            let pairable = !request.tools.isEmpty && request.schema != nil
            let answerFunction = model.answersThroughFunction(request)
            do {
                return try await attempt(
                    request, model: model, key: key, streaming: streaming, answerFunction: answerFunction,
                    events: events)
            } catch let error as GenUIError
                where pairable && !answerFunction && GeminiWire.rejectsSchemaWithTools(error)
            {
                model.toolFacts.rejectsSchemaWithTools = true
                return try await attempt(
                    request, model: model, key: key, streaming: streaming, answerFunction: true, events: events)
            }
        } catch {
            throw model.http.attribute(error)
        }
    }

    private func attempt(
        _ request: GenerationRequest, model: GeminiLanguageModel, key: String?, streaming: Bool, answerFunction: Bool,
        events: TurnEvents
    ) async throws -> GenerationResponse {
        let clock = ContinuousClock()
        let start = clock.now
        let configuration = model.configuration
        let plan = GeminiToolPlan(request: request, answerFunction: answerFunction)
        let url = model.modelURL(
            suffix: streaming ? ":streamGenerateContent" : ":generateContent", query: streaming ? "alt=sse" : nil)
        let generation = try HTTPRequest.postJSON(
            url,
            body: try GenerateContentRequest(
                request, model: configuration.model, facts: model.toolFacts, plan: plan, provider: model.name),
            extraFields: request.extraBody, headers: model.headers(key: key),
            headTimeout: streaming ? configuration.connectTimeout : HTTPRequest.noHeadTimeout,
            totalTimeout: configuration.requestTimeout)
        let response = try await model.http.client.stream(generation)
        guard response.head.isSuccess else {
            let data = try await response.collect(limit: 1 << 20)
            throw model.mapError(status: response.head.status, headers: response.head.headers, body: data, key: key)
        }
        var collector = GeminiCollector(provider: model.name, plan: plan)
        if streaming {
            let secrets = key.map { [$0] } ?? []
            for try await event in response.body.serverSentEvents() {
                guard let json = try? JSONParser.parse(event.data),
                    let chunk = WireReading.decode(GenerateContentResponse.self, from: json)
                else { continue }
                if let error = chunk.error {
                    throw HTTPErrorMapping.error(
                        status: error.code ?? 500, headers: [:],
                        parsed: HTTPErrorMapping.parseErrorJSON(json, secrets: secrets),
                        provider: model.name, secrets: secrets)
                }
                await send(try collector.apply(chunk), to: events)
            }
        } else {
            let data = try await response.collect(maximum: ResponseLimits.standard.maximumBodyBytes)
            guard let json = try? JSONParser.parse(String(decoding: data, as: UTF8.self)) else {
                throw GenUIError.serverError(
                    status: response.head.status, .init(debugDescription: "the response is not JSON"))
            }
            if let answer = WireReading.decode(GenerateContentResponse.self, from: json) {
                await send(try collector.apply(answer), to: events)
            }
        }
        guard let finish = collector.finishReason else {
            throw GenUIError.transport(
                .connectionLost(detail: "stream ended early"),
                .init(
                    debugDescription: "the response from \(HTTPRequest.endpoint(of: url)) ended without a finish reason"
                ))
        }
        let timings = GenerationTimings(totalSeconds: (clock.now - start).seconds)
        let servedModel = collector.model ?? configuration.model
        let calls = try collector.toolCalls()
        guard calls.isEmpty else {
            // Gemini finishes a turn of calls with STOP: the functionCall parts make it a turn of tool calls.
            for (id, signature) in collector.signatures { model.toolFacts.record(signature: signature, for: id) }
            return ProviderSupport.toolCallResponse(
                calls: calls, text: collector.text.text, provider: model.name, model: servedModel,
                usage: collector.usage,
                timings: timings)
        }
        let text = collector.answer ?? collector.text.text
        if GeminiWire.finishReason(finish) == nil, text.isEmpty {
            // OTHER, NO_IMAGE, an unspecified or a newer reason, with nothing written: no answer, not an empty one.
            throw GenUIError.serverError(
                status: nil,
                .init(
                    provider: model.name,
                    debugDescription: "\(model.name): the model stopped (\(finish)) without writing an answer"))
        }
        return try ProviderSupport.response(
            text: text, schema: request.schema, provider: model.name,
            model: servedModel, usage: collector.usage, timings: timings, finishReason: GeminiWire.finishReason(finish),
            guided: true)
    }

    /// Sends what a response or chunk added: its thought text, its text, and each call's whole arguments (only where
    /// events beyond the text are kept).
    private func send(_ added: GeminiCollector.Added, to events: TurnEvents) async {
        if !added.reasoning.isEmpty { await events.appendReasoning(added.reasoning) }
        if !added.text.isEmpty { await events.appendText(added.text) }
        guard events.keepsEntries else { return }
        for call in added.calls {
            await events.appendToolCallArguments(id: call.id, name: call.tool, call.arguments.jsonString)
        }
    }
}
