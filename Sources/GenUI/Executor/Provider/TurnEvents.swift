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
        case textDeltas(@Sendable (String) async -> Void)
        case discard
    }

    /// One block of the turn's reasoning: its text (kept only when no channel receives it) and its signature.
    private struct ReasoningBlock {
        var id = UUID().uuidString
        var text = ""
        var signature: Data?
        /// The block's text is hidden: the backend sent it encrypted, as the signature (Anthropic's
        /// `redacted_thinking`).
        var redacted = false
        /// A signature closes a block: the next piece of reasoning starts another.
        var closed = false
    }

    private let sink: Sink
    /// The ids of the turn's response and tool-calls entries; made only for a channel, which keeps entries.
    private let responseID: String
    private let callsID: String
    /// The calls whose arguments were sent as they streamed.
    private let streamedCalls = Mutex<Set<String>>([])
    /// The reasoning so far, kept whatever the sink (its text only when no channel receives it), so that a turn not
    /// driven through a channel still records it, with its signatures.
    private let reasoning = Mutex<[ReasoningBlock]>([])

    private init(_ sink: Sink) {
        self.sink = sink
        let id = { if case .channel = sink { UUID().uuidString } else { "" } }
        responseID = id()
        callsID = id()
    }

    /// Events into a Foundation Models 27 channel.
    public static func channel(_ channel: LanguageModelExecutorGenerationChannel) -> TurnEvents {
        TurnEvents(.channel(channel))
    }

    /// Only the response text, each piece handed to `receive` as it arrives; the turn waits while `receive` does.
    public static func textDeltas(_ receive: @escaping @Sendable (String) async -> Void) -> TurnEvents {
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
            await receive(text)
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
        let keepsText = !keepsEntries
        let id = reasoning.withLock { blocks in
            if blocks.last.map(\.closed) ?? true { blocks.append(ReasoningBlock()) }
            if keepsText { blocks[blocks.count - 1].text += text }
            return blocks[blocks.count - 1].id
        }
        guard case .channel(let channel) = sink else { return }
        await channel.send(.reasoning(entryID: id, action: .appendText(text, tokenCount: 1)))
    }

    /// The backend's signature of the reasoning since the last signature (Anthropic's `signature` of a thinking
    /// block), which must be sent back with it on later turns; it closes that block of reasoning.
    public func signReasoning(_ signature: Data) async {
        let id = reasoning.withLock { blocks in
            if blocks.last.map(\.closed) ?? true { blocks.append(ReasoningBlock()) }
            blocks[blocks.count - 1].signature = signature
            blocks[blocks.count - 1].closed = true
            return blocks[blocks.count - 1].id
        }
        guard case .channel(let channel) = sink else { return }
        await channel.send(.reasoning(entryID: id, action: .updateSignature(signature, tokenCount: 0)))
    }

    /// Reasoning whose text the backend keeps hidden, sent as opaque `data` (Anthropic's `redacted_thinking`): an
    /// entry of its own with no text, the data as its signature and its `redacted` metadata set.
    public func appendRedactedReasoning(_ data: Data) async {
        let id = reasoning.withLock { blocks in
            blocks.append(ReasoningBlock(signature: data, redacted: true, closed: true))
            return blocks[blocks.count - 1].id
        }
        guard case .channel(let channel) = sink else { return }
        await channel.send(.reasoning(entryID: id, action: .updateSignature(data, tokenCount: 0)))
        await channel.send(
            .reasoning(entryID: id, action: .updateMetadata([Transcript.Reasoning.redactedMetadataKey: true])))
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
        let blocks = reasoning.withLock { $0 }
        guard !blocks.isEmpty,
            !response.metadata.executorEntries.contains(where: { if case .reasoning = $0 { true } else { false } })
        else { return response }
        var response = response
        let entries = blocks.map { block in
            Transcript.Entry.reasoning(
                .init(
                    id: block.id,
                    metadata: block.redacted ? [Transcript.Reasoning.redactedMetadataKey: true.generatedContent] : [:],
                    segments: block.text.isEmpty ? [] : [.text(.init(content: block.text))], signature: block.signature)
            )
        }
        response.metadata.executorEntries.insert(contentsOf: entries, at: 0)
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
