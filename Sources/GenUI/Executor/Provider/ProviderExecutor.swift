import Foundation

/// The executor of a genui provider: one turn over the provider's wire format.
///
/// Both ways of driving a provider run the same turn. Foundation Models 27 calls
/// ``LanguageModelExecutor/respond(to:model:streamingInto:)``, which streams the turn's events into the channel;
/// genui's sessions and chains call the provider's ``RoutableModel/respond(to:)`` and
/// ``RoutableModel/streamResponse(to:)``, which run ``turn(_:model:streaming:events:)`` and take the response it
/// returns (validated content, tool calls, usage, timings, finish reason) with the text deltas.
///
/// A provider adopts it by naming its executor (`typealias Executor = …`); its configuration is
/// ``ModelBoundExecutorConfiguration`` when the executor holds nothing and works through the model it is given.
public protocol ProviderExecutor: LanguageModelExecutor where Model: RoutableModel {
    /// Runs one turn of `request` on `model`: asks the backend (streamed when `streaming`), sends what arrives to
    /// `events`, and returns the response as genui records it. Errors are ``GenUIError``s attributed to the model,
    /// or `CancellationError`.
    func turn(_ request: GenerationRequest, model: Model, streaming: Bool, events: TurnEvents) async throws
        -> GenerationResponse
}

extension ProviderExecutor {
    /// Runs the turn streamed, its events into `channel`, and closes it with the response's usage and metadata.
    public func respond(
        to request: LanguageModelExecutorGenerationRequest, model: Model,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        let events = TurnEvents.channel(channel)
        let response = try await turn(GenerationRequest(request), model: model, streaming: true, events: events)
        await events.finish(response, guided: request.schema != nil)
    }

    /// Starts the model (a server, a loaded model) in the background, with the transcript's last prompt as the
    /// prefix to warm.
    public func prewarm(model: Model, transcript: Transcript) {
        let prefix = transcript.lastPromptText
        Task { await model.prewarm(promptPrefix: prefix) }
    }
}

/// The configuration of an executor that holds nothing: it works through the model each request names, so one
/// executor serves every model of its type.
public struct ModelBoundExecutorConfiguration: Hashable, Sendable {
    /// The configuration.
    public init() {}
}

extension RoutableModel where Executor: ProviderExecutor, Executor.Configuration == ModelBoundExecutorConfiguration {
    /// The configuration of the provider's executor, which holds nothing.
    public var executorConfiguration: ModelBoundExecutorConfiguration { .init() }
}

extension RoutableModel where Executor: ProviderExecutor {
    /// Runs one turn through the provider's executor, not streamed; reasoning the backend showed is in the response's
    /// ``ResponseMetadata/executorEntries``.
    public func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        let events = TurnEvents.discarding
        let response = try await ExecutorCache.shared.executor(for: self).turn(
            request, model: self, streaming: false, events: events)
        return events.recordingReasoning(in: response)
    }

    /// Runs one turn through the provider's executor, streamed: its text deltas, then the response (with the
    /// reasoning, as ``respond(to:)``).
    public func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        .turn { emit in
            let events = TurnEvents.textDeltas { await emit(.delta($0)) }
            let response = try await ExecutorCache.shared.executor(for: self).turn(
                request, model: self, streaming: true, events: events)
            return events.recordingReasoning(in: response)
        }
    }
}
