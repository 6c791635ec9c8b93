import Foundation

/// The executor of every genui model (``RoutableModel``): it asks the model for one turn and streams what the model
/// produces into the channel, so genui's providers and chains can be driven as Foundation Models 27 drives any model.
///
/// Text arrives as `appendText` events (one token each, as the model's deltas come); a chain that starts over on
/// another provider replaces the text. At the end of the turn, guided output is replaced by the validated JSON,
/// tool calls are sent with their arguments, then the usage and the serving provider and model as metadata
/// (`provider`, `model`).
public struct RoutableModelExecutor<Model: RoutableModel>: LanguageModelExecutor {
    /// The executor needs nothing beyond the model it is given.
    public struct Configuration: Hashable, Sendable {
        /// The configuration.
        public init() {}
    }

    /// Makes the executor.
    public init(configuration: Configuration) {}

    /// Starts the model (a server, a loaded model) in the background.
    public func prewarm(model: Model, transcript: Transcript) {
        let prefix = transcript.last.flatMap { entry -> String? in
            guard case .prompt(let prompt) = entry else { return nil }
            return Transcript.text(of: prompt.segments)
        }
        Task { await model.prewarm(promptPrefix: prefix) }
    }

    public func respond(
        to request: LanguageModelExecutorGenerationRequest, model: Model,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        let responseID = UUID().uuidString
        for try await event in model.streamResponse(to: GenerationRequest(request)) {
            try Task.checkCancellation()
            switch event {
            case .delta(let text):
                await channel.send(.response(entryID: responseID, action: .appendText(text, tokenCount: 1)))
            case .restarted:
                await channel.send(.response(entryID: responseID, action: .replaceTextSegment("", tokenCount: 0)))
            case .completed(let response):
                await finish(response, guided: request.schema != nil, responseID: responseID, into: channel)
            }
        }
    }

    private func finish(
        _ response: GenerationResponse, guided: Bool, responseID: String,
        into channel: LanguageModelExecutorGenerationChannel
    ) async {
        if guided, response.toolCalls.isEmpty {
            await channel.send(
                .response(entryID: responseID, action: .replaceTextSegment(response.content.jsonString, tokenCount: 0)))
        }
        let callsID = UUID().uuidString
        for call in response.toolCalls {
            await channel.send(.toolCalls(
                entryID: callsID,
                action: .toolCall(
                    id: call.id, name: call.toolName, action: .appendArguments(call.arguments.jsonString, tokenCount: 0))))
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
            totalTokenCount: usage.promptTokens ?? 0, cachedTokenCount: 0)
        let output = LanguageModelExecutorGenerationChannel.Usage.Output(
            totalTokenCount: usage.completionTokens ?? 0, reasoningTokenCount: 0)
        if answered {
            await channel.send(.response(entryID: responseID, action: .updateUsage(input: input, output: output)))
        } else {
            await channel.send(.toolCalls(entryID: callsID, action: .updateUsage(input: input, output: output)))
        }
    }
}
