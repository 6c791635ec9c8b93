import Foundation

/// Any Foundation Models 27 model as a genui ``RoutableModel``: its executor generates, and genui gates, reduces and
/// routes around it.
///
/// `LanguageModelSession(model:)` and chains wrap a model this way when it is not a genui model, so an FM 27 model
/// package serves in a session or a chain unchanged. Per request the wrapper:
/// - refuses a request that needs a capability the model does not declare
///   (``GenUIError/unsupportedCapability(_:_:)``) before its executor is asked;
/// - asks the executor made for the model's configuration (one per distinct configuration, kept) with the request's
///   Foundation Models 27 form: the session's own transcript and options as they are when the request comes from a
///   session or a Foundation Models 27 caller, through a chain or not;
/// - turns the executor's events into the response's text, tool calls, usage and transcript entries, within the
///   bounds of ``ResponseLimits/standard`` (text, reasoning and tool calls each bounded, as for genui's own
///   providers): past one, the executor is cancelled and the request fails with
///   ``GenUIError/responseTooLarge(limit:_:)`` naming the bound. The channel holds at most
///   ``LanguageModelExecutorGenerationChannel/bufferCapacity`` unread events, so an executor faster than the
///   reduction waits for it.
///
/// What the model does not report, the wrapper assumes: available unless it adopts ``AvailabilityReporting``; the
/// declared capabilities plus streaming (every executor streams through its channel); the context size only if it
/// adopts ``ContextSizeReporting``; the token estimate unless it adopts ``TokenCountReporting``; its type's name
/// unless it adopts ``ModelNaming``.
public struct ExecutorModel<Base: LanguageModel>: RoutableModel {
    /// The wrapped model.
    public let base: Base
    /// The name routes, logs and errors use.
    public let name: String

    /// Wraps `base`; `name` defaults to what the model names itself (``ModelNaming``), else its type's name.
    public init(_ base: Base, name: String? = nil) {
        self.base = base
        self.name = name ?? (base as? any ModelNaming)?.name ?? String(describing: Base.self)
    }

    public var availability: Availability {
        get async {
            guard let reporting = base as? any AvailabilityReporting else { return .available }
            return await reporting.availability
        }
    }

    public var capabilities: LanguageModelCapabilities { base.capabilities }

    public var supportedCapabilities: Set<LanguageModelCapability> {
        base.capabilities.all.union([.streaming])
    }

    public var contextSize: Int {
        get async throws {
            guard let reporting = base as? any ContextSizeReporting else {
                throw GenUIError.unknownContextSize(of: name)
            }
            return try await reporting.contextSize
        }
    }

    public func tokenCount(for request: GenerationRequest) async throws -> Int {
        guard let reporting = base as? any TokenCountReporting else { return TokenEstimate.tokens(in: request) }
        return try await reporting.tokenCount(for: request)
    }

    public var requestedModelName: String? { (base as? any ModelNaming)?.requestedModelName }

    public func prewarm(promptPrefix: String?) async {
        guard let executor = try? ExecutorCache.shared.executor(for: base) else { return }
        var transcript = Transcript()
        if let promptPrefix { transcript.append(.prompt(.init(segments: [.text(.init(content: promptPrefix))]))) }
        executor.prewarm(model: base, transcript: transcript)
    }

    public func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        var last: GenerationResponse?
        for try await event in streamResponse(to: request) {
            if case .completed(let response) = event { last = response }
        }
        guard let last else {
            throw GenUIError.serverError(
                status: nil, .init(provider: name, debugDescription: "\(name)'s executor ended without a response"))
        }
        return last
    }

    public func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        .turn { emit in try await run(request, emit: emit) }
    }

    /// Gates, asks the executor for one turn, and reduces its events; `emit` receives the text as it streams.
    private func run(_ request: GenerationRequest, emit: @Sendable (GenerationEvent) async -> Void) async throws
        -> GenerationResponse
    {
        let declared = base.capabilities
        let needed = request.impliedCapabilities.subtracting([.streaming])
        if let missing = needed.sorted().first(where: { !declared.contains($0) }) {
            throw GenUIError.unsupportedCapability(
                missing, .init(provider: name, debugDescription: "\(name) does not declare \(missing.rawValue)"))
        }
        let executor = try ExecutorCache.shared.executor(for: base)
        let channel = LanguageModelExecutorGenerationChannel()
        let executorRequest = request.executorRequest
        let base = self.base
        let turn = Task {
            defer { channel.finish() }
            try await executor.respond(to: executorRequest, model: base, streamingInto: channel)
        }
        var reducer = GenerationEventReducer(limits: .standard)
        var refusal: GenUIError?
        await withTaskCancellationHandler {
            reading: for await event in channel {
                do throws(GenUIError) {
                    switch try reducer.apply(event) {
                    case .appended(let text)?: await emit(.delta(text))
                    case .replaced(let text)?:
                        await emit(.restarted(provider: name, reason: "the model replaced its text"))
                        await emit(.delta(text))
                    case nil: break
                    }
                } catch {
                    // Past a bound: the answer is refused, the executor is stopped and its later events dropped.
                    refusal = error
                    turn.cancel()
                    channel.close()
                    break reading
                }
            }
        } onCancel: {
            turn.cancel()
            channel.close()
        }
        if var refusal {
            _ = try? await turn.value
            refusal.context.provider = name
            refusal.context.debugDescription = "\(name): \(refusal.context.debugDescription)"
            throw refusal
        }
        do {
            try await turn.value
        } catch let error as LanguageModelError {
            throw GenUIError(error, provider: name)
        }
        try Task.checkCancellation()
        return try await response(from: reducer, schema: request.schema)
    }

    private func response(from reducer: GenerationEventReducer, schema: GenerationSchema?) async throws
        -> GenerationResponse
    {
        let entries = try reducer.finishedEntries(provider: name)
        for case .data(let data) in entries where !(try await base.supportsDataEntryType(data.contentType)) {
            let refused = LanguageModelError.unsupportedTranscriptContent(
                .init(
                    unsupportedContent: [.data(data)],
                    debugDescription:
                        "\(name) produced a data entry of type \(data.contentType.identifier), which it does not declare (supportsDataEntryType)"
                ))
            throw GenUIError(refused, provider: name)
        }
        let text = reducer.responseText
        let calls = entries.flatMap { entry -> [Transcript.ToolCall] in
            if case .toolCalls(let calls) = entry { return Array(calls) }
            return []
        }
        let content: GeneratedContent =
            if let schema, calls.isEmpty {
                try OutputDecoding.decodeGuided(text, schema: schema, provider: name)
            } else {
                GeneratedContent(text)
            }
        let usage = reducer.usage
        var metadata = ResponseMetadata(
            provider: name, model: requestedModelName,
            usage: TokenUsage(
                promptTokens: reducer.reportedUsage.map { $0.input.totalTokenCount },
                completionTokens: usage.output.totalTokenCount,
                cachedPromptTokens: reducer.reportedUsage.map { $0.input.cachedTokenCount },
                reasoningTokens: usage.output.reasoningTokenCount),
            guided: schema != nil, finishReason: calls.isEmpty ? .stop : .toolCalls)
        metadata.executorEntries = entries
        if calls.isEmpty { metadata.validatedSchema = schema }
        return GenerationResponse(content: content, text: text, metadata: metadata, toolCalls: calls)
    }
}

extension LanguageModel {
    /// The model as genui routes it: itself when it is a ``RoutableModel``, ``SystemLanguageModel``'s underlying
    /// model (with its use case) for the system model, otherwise wrapped in ``ExecutorModel``.
    public var routable: any RoutableModel {
        if let system = self as? SystemLanguageModel { return system.routing }
        return (self as? any RoutableModel) ?? ExecutorModel(self)
    }

    /// The model as genui routes it: itself when it is a ``RoutableModel``, ``SystemLanguageModel``'s underlying
    /// model (with its use case) for the system model, otherwise wrapped in ``ExecutorModel`` under `name`.
    public func routable(named name: String) -> any RoutableModel {
        if let system = self as? SystemLanguageModel { return system.routing }
        return (self as? any RoutableModel) ?? ExecutorModel(self, name: name)
    }
}
