extension SystemLanguageModel {
    /// Foundation Models' `SystemLanguageModel.Executor`: runs a turn on the underlying model, with the model's
    /// ``useCase`` applied, as every genui model's executor does (``RoutableModelExecutor``).
    public struct Executor: LanguageModelExecutor {
        /// The executor holds nothing: it works through the model each request names.
        public typealias Configuration = ModelBoundExecutorConfiguration

        /// Makes the executor.
        public init(configuration: Configuration) {}

        /// Starts the underlying model (a server, a loaded model) in the background.
        public func prewarm(model: SystemLanguageModel, transcript: Transcript) {
            RoutableModelExecutor<SystemModelRouting>(configuration: .init())
                .prewarm(model: model.routing, transcript: transcript)
        }

        /// Runs the turn on the underlying model, streaming into `channel`.
        public func respond(
            to request: LanguageModelExecutorGenerationRequest, model: SystemLanguageModel,
            streamingInto channel: LanguageModelExecutorGenerationChannel
        ) async throws {
            try await RoutableModelExecutor<SystemModelRouting>(configuration: .init())
                .respond(to: request, model: model.routing, streamingInto: channel)
        }
    }

    /// The configuration of ``Executor``, which holds nothing.
    public var executorConfiguration: ModelBoundExecutorConfiguration { .init() }

    /// The backend model the underlying model will ask for, when known before a response names it.
    public var requestedModelName: String? { underlyingModel.requestedModelName }

    /// What the underlying model declares it can do (Foundation Models 27's synchronous declaration).
    public var capabilities: LanguageModelCapabilities { monitor.model.capabilities }

    /// The model as genui routes it: the underlying model with the ``useCase`` applied, its availability the last
    /// known one with genui's reason.
    var routing: SystemModelRouting { SystemModelRouting(system: self) }
}

/// ``SystemLanguageModel`` as a ``RoutableModel``: what a session or a chain drives. Its ``availability`` is genui's,
/// with the reason's details; the system model's own ``SystemLanguageModel/availability`` is Foundation Models'
/// three-reason reading of it.
struct SystemModelRouting: RoutableModel {
    typealias Executor = RoutableModelExecutor<SystemModelRouting>

    let system: SystemLanguageModel

    var name: String { system.name }
    var availability: Availability { system.availabilityReport.availability }
    var supportedCapabilities: Set<LanguageModelCapability> { get async { await system.supportedCapabilities } }
    var capabilities: LanguageModelCapabilities { system.capabilities }
    var contextSize: Int { system.contextSize }
    var requestedModelName: String? { system.requestedModelName }

    func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        try await system.respond(to: request)
    }

    func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        system.streamResponse(to: request)
    }

    func prewarm(promptPrefix: String?) async {
        await system.prewarm(promptPrefix: promptPrefix)
    }

    func tokenCount(for request: GenerationRequest) async throws -> Int {
        try await system.tokenCount(for: request)
    }
}

// Foundation Models' token counts on the system model, as every genui model has them.
extension SystemLanguageModel {
    /// The tokens of a prompt on its own, as Foundation Models' `tokenCount(for:)` of a prompt.
    public func tokenCount(for prompt: some PromptRepresentable) async throws -> Int {
        try await routing.tokenCount(for: prompt)
    }

    /// The tokens of a prompt's text on its own.
    public func tokenCount(for prompt: String) async throws -> Int {
        try await routing.tokenCount(for: prompt)
    }

    /// The tokens `instructions` occupy, as Foundation Models' `tokenCount(for:)` of `Instructions`.
    public func tokenCount(for instructions: Instructions) async throws -> Int {
        try await routing.tokenCount(for: instructions)
    }

    /// The tokens declaring `tools` occupies, as Foundation Models' `tokenCount(for:)` of `[any Tool]`.
    public func tokenCount(for tools: [any Tool]) async throws -> Int {
        try await routing.tokenCount(for: tools)
    }

    /// The tokens a schema's description occupies, as Foundation Models' `tokenCount(for:)` of a
    /// `GenerationSchema`.
    public func tokenCount(for schema: GenerationSchema) async throws -> Int {
        try await routing.tokenCount(for: schema)
    }

    /// How many tokens `entries` take when sent as a conversation, as Foundation Models' `tokenCount(for:)` of
    /// transcript entries.
    public func tokenCount(for entries: some Collection<Transcript.Entry>) async throws -> Int {
        try await routing.tokenCount(for: entries)
    }

    /// Checks the model's availability and capabilities against `required`: `nil` when it can serve such a request,
    /// otherwise the error the request would fail with.
    public func eligibility(for required: Set<LanguageModelCapability>) async -> GenUIError? {
        await routing.eligibility(for: required)
    }
}
