import GenUI

/// A genui provider seen only through Foundation Models 27's protocol: a model that is not a ``RoutableModel``, whose
/// executor is the provider's own (its ``ProviderExecutor``, or ``RoutableModelExecutor`` for a model without one). A
/// session or a conformance run given `ExecutorModel(ExecutorPath(provider))` reaches the provider the way it reaches
/// any FM 27 model package: capability gate, executor, channel events, reduction.
public struct ExecutorPath<Base: RoutableModel>: LanguageModel, AvailabilityReporting, ModelNaming {
    public typealias Executor = ExecutorPathExecutor<Base>

    /// The genui model behind the protocol.
    public let base: Base

    /// Wraps `base`.
    public init(base: Base) { self.base = base }

    public var capabilities: LanguageModelCapabilities { base.capabilities }
    public var executorConfiguration: ExecutorPathExecutor<Base>.Configuration { .init() }
    public var availability: Availability { get async { await base.availability } }
    public var name: String { base.name }
    public var requestedModelName: String? { base.requestedModelName }
}

/// The executor of ``ExecutorPath``: the genui model's own executor, asked through the protocol.
public struct ExecutorPathExecutor<Base: RoutableModel>: LanguageModelExecutor {
    /// Nothing: the wrapped model's own executor is made per turn from its configuration.
    public struct Configuration: Hashable, Sendable {
        /// The configuration.
        public init() {}
    }

    /// Makes the executor.
    public init(configuration: Configuration) {}

    public func respond(
        to request: LanguageModelExecutorGenerationRequest, model: ExecutorPath<Base>,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        let executor = try Base.Executor(configuration: model.base.executorConfiguration)
        try await executor.respond(to: request, model: model.base, streamingInto: channel)
    }
}
