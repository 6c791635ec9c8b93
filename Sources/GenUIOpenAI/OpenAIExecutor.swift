import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP

/// The executor of ``OpenAILanguageModel``: one turn as one `POST {base}/chat/completions`.
///
/// Streamed, the answer's server-sent events become events as they arrive: each `delta.content` piece of text, and
/// each piece of a call's `arguments` under the call's id (calls may interleave). The `[DONE]` line or a
/// `finish_reason` ends the turn; a stream that stops before either is a lost connection.
public struct OpenAIExecutor: ProviderExecutor {
    /// The model it serves.
    public typealias Model = OpenAILanguageModel
    /// It holds nothing: it works through the model each request names.
    public typealias Configuration = ModelBoundExecutorConfiguration

    /// Makes the executor.
    public init(configuration: ModelBoundExecutorConfiguration) {}

    public func turn(
        _ request: GenerationRequest, model: OpenAILanguageModel, streaming: Bool, events: TurnEvents
    ) async throws -> GenerationResponse {
        do {
            return streaming
                ? try await streamed(request, model: model, events: events)
                : try await whole(request, model: model, events: events)
        } catch {
            throw model.http.attribute(error)
        }
    }

    private func whole(_ request: GenerationRequest, model: OpenAILanguageModel, events: TurnEvents) async throws
        -> GenerationResponse
    {
        let (key, post) = try model.chatRequest(request, streaming: false)
        let clock = ContinuousClock()
        let start = clock.now
        let configuration = model.configuration
        let response = try await model.http.client.send(post)
        guard response.head.isSuccess else {
            throw model.mapError(status: response.status, headers: response.head.headers, body: response.body, key: key)
        }
        let completion = WireReading.decode(ChatCompletion.self, from: response.json)
        guard let completion, let choice = completion.choices?.first else {
            let shown = HTTPErrorMapping.clean(response.text, secrets: key.map { [$0] } ?? [], limit: 200)
            throw GenUIError.serverError(
                status: response.status, .init(debugDescription: "the response has no choices: \(shown)"))
        }
        let message = choice.message
        let finish = OpenAIWire.finishReason(choice.finishReason)
        try model.checkRefusal(message?.refusal, finish: finish)
        if let reasoning = message?.reasoningContent, !reasoning.isEmpty {
            var reasoningBudget = OutputBudget.reasoning()
            try reasoningBudget.charge(reasoning)
            await events.appendReasoning(reasoning)
        }
        var text = OutputText()
        try text.append(message?.content ?? "")
        if !text.text.isEmpty { await events.appendText(text.text) }
        var toolCalls = ToolCallAssembly()
        try OpenAIWire.appendToolCalls(message?.toolCalls, to: &toolCalls)
        return try OpenAIWire.response(
            text: text.text, toolCalls: toolCalls, request: request, model: model,
            servedModel: completion.model ?? configuration.model, usage: completion.usage?.tokenUsage ?? TokenUsage(),
            timings: OpenAIWire.timings(completion.timings, wall: clock.now - start), finish: finish)
    }

    /// Whether `text` holds `"error"`, which marks an event that may be an error object (a plain byte search).
    private static func mentionsError(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let key = errorKey
            guard bytes.count >= key.count else { return false }
            var start = 0
            while start <= bytes.count - key.count {
                if bytes[start] == key[0] {
                    var matched = 1
                    while matched < key.count, bytes[start + matched] == key[matched] { matched += 1 }
                    if matched == key.count { return true }
                }
                start += 1
            }
            return false
        }
    }

    private static let errorKey = Array(#""error""#.utf8)

    private func streamed(_ request: GenerationRequest, model: OpenAILanguageModel, events: TurnEvents) async throws
        -> GenerationResponse
    {
        let (key, post) = try model.chatRequest(request, streaming: true)
        let secrets = key.map { [$0] } ?? []
        let clock = ContinuousClock()
        let start = clock.now
        let configuration = model.configuration
        let response = try await model.http.client.stream(post)
        guard response.head.isSuccess else {
            let body = try await response.collect(limit: 1 << 20)
            throw model.mapError(status: response.head.status, headers: response.head.headers, body: body, key: key)
        }
        var text = OutputText()
        var refusal = OutputText()
        // Reasoning is passed on, not kept, but it is bounded all the same, apart from the text.
        var reasoningBudget = OutputBudget.reasoning()
        var toolCalls = ToolCallAssembly()
        var finish: FinishReason?
        var usage = TokenUsage()
        var timings: ServerTimings?
        var servedModel: String?
        var done = false
        let decoder = JSONDecoder()
        for try await event in response.body.serverSentEvents() {
            if event.data == "[DONE]" {
                done = true
                break
            }
            let chunk: ChatCompletionChunk
            // Most events are plain chunks, read strictly and cheaply; an error object, or anything read only
            // loosely, takes genui's own parser.
            if !Self.mentionsError(event.data),
                let strict = WireReading.decodeStrictly(ChatCompletionChunk.self, from: event.data, using: decoder)
            {
                chunk = strict
            } else {
                guard let json = try? JSONParser.parse(event.data) else { continue }
                if let error = json["error"] {
                    let parsed = HTTPErrorMapping.parseErrorJSON(json, secrets: secrets)
                    throw HTTPErrorMapping.error(
                        status: error["code"]?.intValue ?? 500, headers: [:], parsed: parsed, provider: model.name,
                        secrets: secrets)
                }
                guard let loose = WireReading.decode(ChatCompletionChunk.self, from: json) else { continue }
                chunk = loose
            }
            servedModel = servedModel ?? chunk.model
            if let choice = chunk.choices?.first {
                if let reasoning = choice.delta?.reasoningContent, !reasoning.isEmpty {
                    try reasoningBudget.charge(reasoning)
                    await events.appendReasoning(reasoning)
                }
                if let delta = choice.delta?.content, !delta.isEmpty {
                    try text.append(delta)
                    await events.appendText(delta)
                }
                if let piece = choice.delta?.refusal { try refusal.append(piece) }
                try await OpenAIWire.appendToolCallDeltas(
                    choice.delta?.toolCalls, to: &toolCalls, tools: request.tools, events: events)
                if let reason = OpenAIWire.finishReason(choice.finishReason) { finish = reason }
            }
            if let reported = chunk.usage { usage = reported.tokenUsage }
            if let reported = chunk.timings { timings = reported }
        }
        guard done || finish != nil else {
            throw GenUIError.transport(
                .connectionLost(detail: "stream ended early"),
                .init(
                    debugDescription:
                        "the stream from \(HTTPRequest.endpoint(of: post.url)) ended before the model finished"))
        }
        try model.checkRefusal(refusal.text.isEmpty ? nil : refusal.text, finish: finish)
        return try OpenAIWire.response(
            text: text.text, toolCalls: toolCalls, request: request, model: model,
            servedModel: servedModel ?? configuration.model, usage: usage,
            timings: OpenAIWire.timings(timings, wall: clock.now - start), finish: finish)
    }
}
