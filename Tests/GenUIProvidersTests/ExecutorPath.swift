import GenUI

/// A genui provider seen only through Foundation Models 27's protocol: a model that is not a ``RoutableModel``, whose
/// executor is the provider's own (its ``ProviderExecutor``, or ``RoutableModelExecutor`` for a model without one). A
/// session or a conformance run given `ExecutorModel(ExecutorPath(provider))` reaches the provider the way it reaches
/// any FM 27 model package: capability gate, executor, channel events, reduction.
struct ExecutorPath<Base: RoutableModel>: LanguageModel, AvailabilityReporting, ModelNaming {
    typealias Executor = ExecutorPathExecutor<Base>

    let base: Base

    var capabilities: LanguageModelCapabilities { base.capabilities }
    var executorConfiguration: ExecutorPathExecutor<Base>.Configuration { .init() }
    var availability: Availability { get async { await base.availability } }
    var name: String { base.name }
    var requestedModelName: String? { base.requestedModelName }
}

struct ExecutorPathExecutor<Base: RoutableModel>: LanguageModelExecutor {
    struct Configuration: Hashable, Sendable {}

    init(configuration: Configuration) {}

    func respond(
        to request: LanguageModelExecutorGenerationRequest, model: ExecutorPath<Base>,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        let executor = try Base.Executor(configuration: model.base.executorConfiguration)
        try await executor.respond(to: request, model: model.base, streamingInto: channel)
    }
}
