/// The part of a model that generates (Foundation Models 27): made from the model's configuration, asked once per
/// turn, it streams what it produces into a channel as events.
///
/// A session makes one executor per distinct configuration and keeps it, calls ``respond(to:model:streamingInto:)``
/// once per turn, runs the tools the executor's tool-call events ask for, and calls it again with their output in the
/// transcript. The executor never closes the channel; it returns when the turn is done, or throws.
public protocol LanguageModelExecutor: Sendable {
    /// What an executor is made from. Equal configurations share one executor.
    associatedtype Configuration: Hashable, Sendable
    /// The model this executor generates for.
    associatedtype Model: LanguageModel

    /// Makes an executor.
    init(configuration: Configuration) throws

    /// Gets ready for a conversation that starts with `transcript`; does nothing by default.
    func prewarm(model: Model, transcript: Transcript)

    /// Generates one turn for `request`, sending what it produces into `channel`.
    func respond(
        to request: LanguageModelExecutorGenerationRequest, model: Model,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws
}

extension LanguageModelExecutor {
    /// Does nothing.
    public func prewarm(model: Model, transcript: Transcript) {}
}
