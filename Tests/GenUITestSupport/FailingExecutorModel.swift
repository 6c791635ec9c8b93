import GenUI
import Synchronization

/// A Foundation Models 27 model, written as a model package writes one, whose executor fails every turn with a
/// chosen ``LanguageModelError`` (after an optional delay), counting the turns it was asked for.
public struct FailingExecutorModel: LanguageModel {
    public typealias Executor = FailingExecutor

    /// What every turn throws.
    public let failure: LanguageModelError
    /// The capabilities the model declares.
    public var declared: [LanguageModelCapabilities.Capability]
    /// How long a turn waits before it throws.
    public var delay: Duration
    /// The turns asked for so far.
    public let calls = CallCounter()

    /// A model that throws `failure`, declaring `declared`, after `delay`.
    public init(
        failure: LanguageModelError, declared: [LanguageModelCapabilities.Capability] = [.guidedGeneration],
        delay: Duration = .zero
    ) {
        self.failure = failure
        self.declared = declared
        self.delay = delay
    }

    public var capabilities: LanguageModelCapabilities { LanguageModelCapabilities(declared) }
    public var executorConfiguration: FailingExecutor.Configuration { .init() }
}

/// Counts calls, from any task.
public final class CallCounter: Sendable {
    private let count = Mutex(0)

    /// Creates a counter at zero.
    public init() {}

    /// The calls so far.
    public var value: Int { count.withLock { $0 } }

    /// Counts one call.
    public func increment() { count.withLock { $0 += 1 } }
}

/// The executor of ``FailingExecutorModel``: throws its model's error from every turn.
public struct FailingExecutor: LanguageModelExecutor {
    /// One configuration: the executor keeps nothing of its own.
    public struct Configuration: Hashable, Sendable {
        /// The configuration.
        public init() {}
    }

    public init(configuration: Configuration) {}

    public func respond(
        to request: LanguageModelExecutorGenerationRequest, model: FailingExecutorModel,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        model.calls.increment()
        if model.delay > .zero { try await Task.sleep(for: model.delay) }
        throw model.failure
    }
}
