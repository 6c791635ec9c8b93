import Foundation
import Synchronization

/// Where a provider's executor sends what one turn produces, as it arrives: a Foundation Models 27 channel (the
/// framework builds the transcript from it), genui's stream of text deltas (the router's path), or nowhere (a
/// response that is not streamed).
///
/// The turn's response text is one response entry and its tool calls one tool-calls entry. ``finish(_:guided:)``
/// closes the turn: guided output is replaced by the validated JSON, calls that did not stream are sent whole, then
/// the serving provider and model (`provider`, `model` metadata) and the usage.
public final class TurnEvents: Sendable {
    private enum Sink: Sendable {
        case channel(LanguageModelExecutorGenerationChannel)
        case textDeltas(@Sendable (String) -> Void)
        case discard
    }

    private let sink: Sink
    /// The ids of the turn's response, tool-calls and reasoning entries; made only for a channel, which keeps entries.
    private let responseID: String
    private let callsID: String
    private let reasoningID: String
    /// The calls whose arguments were sent as they streamed.
    private let streamedCalls = Mutex<Set<String>>([])
    /// The reasoning so far, kept whatever the sink, so that a turn not driven through a channel still records it.
    private let reasoning = Mutex("")

    private init(_ sink: Sink) {
        self.sink = sink
        let id = { if case .channel = sink { UUID().uuidString } else { "" } }
        responseID = id()
        callsID = id()
        reasoningID = id()
    }

    /// Events into a Foundation Models 27 channel.
    public static func channel(_ channel: LanguageModelExecutorGenerationChannel) -> TurnEvents {
        TurnEvents(.channel(channel))
    }

    /// Only the response text, each piece handed to `receive` as it arrives.
    public static func textDeltas(_ receive: @escaping @Sendable (String) -> Void) -> TurnEvents {
        TurnEvents(.textDeltas(receive))
    }

    /// Nothing is kept: the caller wants the response alone.
    public static var discarding: TurnEvents { TurnEvents(.discard) }

    /// Whether anything beyond the response text is kept, so an executor can skip preparing events nobody reads.
    public var keepsEntries: Bool {
        if case .channel = sink { return true }
        return false
    }

    /// A piece of the response text.
    public func appendText(_ text: String) async {
        switch sink {
        case .channel(let channel):
            await channel.send(.response(entryID: responseID, action: .appendText(text, tokenCount: 1)))
        case .textDeltas(let receive):
            receive(text)
        case .discard:
            break
        }
    }

    /// The response text starts over (a chain moved to another provider before finishing).
    public func restartText() async {
        guard case .channel(let channel) = sink else { return }
        await channel.send(.response(entryID: responseID, action: .replaceTextSegment("", tokenCount: 0)))
    }

    /// A piece of the model's reasoning (thinking text the backend shows).
    public func appendReasoning(_ text: String) async {
        guard case .channel(let channel) = sink else {
            reasoning.withLock { $0 += text }
            return
        }
        await channel.send(.reasoning(entryID: reasoningID, action: .appendText(text, tokenCount: 1)))
    }

    /// A piece of the arguments of call `id` of tool `name` (the tool's own name, not its name on the wire). Pieces
    /// of different calls may interleave; the call's arguments are the pieces of its `id` joined.
    public func appendToolCallArguments(id: String, name: String, _ arguments: String) async {
        guard case .channel(let channel) = sink else { return }
        streamedCalls.withLock { _ = $0.insert(id) }
        await channel.send(
            .toolCalls(
                entryID: callsID,
                action: .toolCall(
                    id: id, name: name, action: .appendArguments(arguments, tokenCount: arguments.isEmpty ? 0 : 1))))
    }

    /// `response` with the reasoning this turn showed, when it was not sent into a channel: a reasoning entry before
    /// the answer in ``ResponseMetadata/executorEntries``, which a session records in its transcript.
    func recordingReasoning(in response: GenerationResponse) -> GenerationResponse {
        let text = reasoning.withLock { $0 }
        guard !text.isEmpty,
            !response.metadata.executorEntries.contains(where: { if case .reasoning = $0 { true } else { false } })
        else { return response }
        var response = response
        response.metadata.executorEntries.insert(.reasoning(.init(segments: [.text(.init(content: text))])), at: 0)
        return response
    }

    /// Closes the turn with `response`, the provider's record of it (`guided`: the request had a schema).
    public func finish(_ response: GenerationResponse, guided: Bool) async {
        guard case .channel(let channel) = sink else { return }
        if guided, response.toolCalls.isEmpty {
            await channel.send(
                .response(entryID: responseID, action: .replaceTextSegment(response.content.jsonString, tokenCount: 0)))
        }
        let streamed = streamedCalls.withLock { $0 }
        for call in response.toolCalls where !streamed.contains(call.id) {
            await channel.send(
                .toolCalls(
                    entryID: callsID,
                    action: .toolCall(
                        id: call.id, name: call.toolName,
                        action: .appendArguments(call.arguments.jsonString, tokenCount: 0))))
        }
        let answered = response.toolCalls.isEmpty || !response.text.isEmpty
        if answered {
            var metadata: [String: any ConvertibleToGeneratedContent] = ["provider": response.metadata.provider]
            if let model = response.metadata.model { metadata["model"] = model }
            await channel.send(.response(entryID: responseID, action: .updateMetadata(metadata)))
        }
        let usage = response.metadata.usage
        guard usage.promptTokens != nil || usage.completionTokens != nil else { return }
        let input = LanguageModelExecutorGenerationChannel.Usage.Input(
            totalTokenCount: usage.promptTokens ?? 0, cachedTokenCount: usage.cachedPromptTokens ?? 0)
        let output = LanguageModelExecutorGenerationChannel.Usage.Output(
            totalTokenCount: usage.completionTokens ?? 0, reasoningTokenCount: usage.reasoningTokens ?? 0)
        if answered {
            await channel.send(.response(entryID: responseID, action: .updateUsage(input: input, output: output)))
        } else {
            await channel.send(.toolCalls(entryID: callsID, action: .updateUsage(input: input, output: output)))
        }
    }
}
