import Foundation

/// The executor of a genui model that has none of its own (a chain, a fleet, a scripted model): it asks the model for
/// one turn and streams what the model produces into the channel, so genui's chains can be driven as Foundation
/// Models 27 drives any model. Providers have executors of their own (``ProviderExecutor``).
///
/// Text arrives as `appendText` events (one token each, as the model's deltas come); a chain that starts over on
/// another provider replaces the text. At the end of the turn, guided output is replaced by the validated JSON,
/// tool calls are sent with their arguments, then the usage and the serving provider and model as metadata
/// (`provider`, `model`).
public struct RoutableModelExecutor<Model: RoutableModel>: LanguageModelExecutor {
    /// The executor needs nothing beyond the model it is given.
    public typealias Configuration = ModelBoundExecutorConfiguration

    /// Makes the executor.
    public init(configuration: Configuration) {}

    /// Starts the model (a server, a loaded model) in the background.
    public func prewarm(model: Model, transcript: Transcript) {
        let prefix = transcript.lastPromptText
        Task { await model.prewarm(promptPrefix: prefix) }
    }

    public func respond(
        to request: LanguageModelExecutorGenerationRequest, model: Model,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        let events = TurnEvents.channel(channel)
        for try await event in model.streamResponse(to: GenerationRequest(request)) {
            try Task.checkCancellation()
            switch event {
            case .delta(let text): await events.appendText(text)
            case .restarted: await events.restartText()
            case .completed(let response): await events.finish(response, guided: request.schema != nil)
            }
        }
    }
}
