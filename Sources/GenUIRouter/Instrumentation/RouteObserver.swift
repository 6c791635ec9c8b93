import GenUI
import Logging
import Metrics
import Tracing

/// The logs, spans and metrics of one request through a ``ProviderChain``: the ``Router`` tells it what happens and
/// it speaks OpenTelemetry's GenAI conventions (see docs/observability.md). With no tracer it starts no span and binds
/// no context, with no metrics backend it makes no metric, and a logger below the line's level builds no metadata, so
/// with nothing bootstrapped it costs a few checks per attempt and nothing per token.
///
/// It records only names, codes and numbers: never a prompt, an answer, an error's description or a header.
final class RouteObserver {
    private let chain: String
    private let streaming: Bool
    private var logger: Logger
    /// `nil` when the tracer is the no-op one.
    private let tracer: (any Tracer)?
    /// `nil` when the factory is the no-op one.
    private let metrics: (any MetricsFactory)?
    /// The chain span, while the request runs.
    private var span: (any Span)?
    /// How many of the trace's steps were already logged and counted.
    private var observed = 0

    init(chain: String, observability: ChainObservability, streaming: Bool) {
        self.chain = chain
        self.streaming = streaming
        var logger = observability.logger
        // `error` is the most severe line written: a logger above it (the default discards all) gets no metadata.
        if logger.logLevel <= .error { logger[metadataKey: GenUIAttribute.chain] = .string(chain) }
        self.logger = logger
        let tracer = observability.tracer ?? InstrumentationSystem.tracer
        self.tracer = tracer is NoOpTracer ? nil : tracer
        self.metrics = observability.activeMetricsFactory
    }

    /// Runs the whole request inside the chain span (`genui.route {chain}`). The router calls ``observe(_:)`` with
    /// the route trace's steps before `body` returns or throws.
    func request(_ body: () async throws -> GenerationResponse) async throws -> GenerationResponse {
        let span = tracer?.startSpan(
            "genui.route \(chain)", context: ServiceContext.current ?? .topLevel, ofKind: .internal)
        self.span = span
        span?.attributes[GenAIAttribute.operationName] = GenAIAttribute.chat
        span?.attributes[GenUIAttribute.chain] = chain
        span?.attributes[GenUIAttribute.streaming] = streaming
        defer {
            span?.end()
            self.span = nil
        }
        do {
            let response = try await within(span, body)
            served(response, on: span)
            return response
        } catch {
            failed(error)
            throw error
        }
    }

    /// Runs one attempt at `member` inside its child span: `chat {model}` with the model the member says it will ask
    /// for (`gen_ai.request.model`); `chat`, renamed `chat {model}` once a response names it, when it does not say.
    func attempt(
        _ member: ChainMember, request: GenerationRequest, retries: Int, unguided: Bool,
        _ body: () async throws -> GenerationResponse
    ) async throws -> GenerationResponse {
        let provider = member.name
        let requestedModel = tracer == nil ? nil : member.model.requestedModelName
        let span = tracer?.startSpan(
            requestedModel.map { "\(GenAIAttribute.chat) \($0)" } ?? GenAIAttribute.chat,
            context: ServiceContext.current ?? .topLevel, ofKind: .client)
        defer { span?.end() }
        span?.attributes[GenAIAttribute.operationName] = GenAIAttribute.chat
        if let requestedModel { span?.attributes[GenAIAttribute.requestModel] = requestedModel }
        span?.attributes[GenAIAttribute.providerName] = provider
        span?.attributes[GenUIAttribute.retries] = retries
        span?.attributes[GenUIAttribute.guided] = !unguided
        var attemptLogger = logger
        let logsDebug = attemptLogger.logLevel <= .debug
        if attemptLogger.logLevel <= .warning {
            attemptLogger[metadataKey: GenUIAttribute.provider] = .string(provider)
            attemptLogger[metadataKey: GenUIAttribute.attempt] = .stringConvertible(retries + 1)
        }
        if logsDebug {
            // The request's size, never its text: counted only when the line is written.
            let bytes = request.messages.reduce(request.instructions?.utf8.count ?? 0) { $0 + $1.content.utf8.count }
            attemptLogger.debug(
                "attempt started",
                metadata: [
                    GenUIAttribute.unguided: .stringConvertible(unguided),
                    GenUIAttribute.messages: .stringConvertible(request.messages.count),
                    GenUIAttribute.promptBytes: .stringConvertible(bytes),
                ])
        }
        let clock = ContinuousClock()
        let started = clock.now
        do {
            let response = try await within(span, body)
            let elapsed = clock.now - started
            record(response, on: span)
            if let span {
                if requestedModel == nil, let model = response.metadata.model {
                    span.operationName = "\(GenAIAttribute.chat) \(model)"
                }
                serverSpan(response.metadata.timings, provider: provider, parent: span)
            }
            recordAttempt(
                provider: provider, outcome: "served", errorType: nil, model: response.metadata.model, elapsed)
            recordTokens(response.metadata.usage, provider: provider, model: response.metadata.model)
            if !response.metadata.repairs.isEmpty {
                attemptLogger.warning(
                    "model output repaired",
                    metadata: [GenUIAttribute.repairs: .stringConvertible(response.metadata.repairs.count)])
            }
            attemptLogger.debug(
                "attempt served", metadata: [GenUIAttribute.seconds: .stringConvertible(elapsed.seconds)])
            return response
        } catch {
            let elapsed = clock.now - started
            let type = Self.errorType(error)
            span?.attributes[GenAIAttribute.errorType] = type
            span?.setStatus(SpanStatus(code: .error, message: type))
            recordAttempt(provider: provider, outcome: "failed", errorType: type, model: nil, elapsed)
            attemptLogger.debug("attempt failed", metadata: [GenAIAttribute.errorType: .string(type)])
            throw error
        }
    }

    /// Logs, counts and (for skips) adds span events for the trace steps not seen yet.
    func observe(_ steps: [RouteTrace.Step]) {
        guard observed < steps.count else { return }
        for step in steps[observed...] {
            switch step.outcome {
            case .skipped:
                span?.addEvent(
                    SpanEvent(
                        name: "genui.provider.skipped",
                        attributes: [
                            GenAIAttribute.providerName: .string(step.provider),
                            GenUIAttribute.reason: .string(step.reason),
                        ]))
                fallback(step, kind: "skipped")
            case .failed:
                switch step.action {
                case .retrySameProvider?:
                    logger.debug("retrying the same provider", metadata: stepMetadata(step))
                case .nextProvider?:
                    fallback(step, kind: "failed")
                case .stop?, nil:
                    break
                }
            case .served:
                break
            }
        }
        observed = steps.count
    }

    /// Logs (info), counts and adds a chain-span event for a breaker that opened or closed.
    func breaker(_ provider: String, _ transition: BreakerTransition?) {
        guard let transition else { return }
        let state: String
        var metadata: Logger.Metadata = [GenUIAttribute.provider: .string(provider)]
        var attributes: SpanAttributes = [GenAIAttribute.providerName: .string(provider)]
        switch transition {
        case .opened(let coolDown):
            state = "open"
            metadata[GenUIAttribute.coolDownSeconds] = .stringConvertible(coolDown.seconds)
            attributes[GenUIAttribute.coolDownSeconds] = coolDown.seconds
            logger.info("circuit breaker opened", metadata: metadata)
        case .closed:
            state = "closed"
            logger.info("circuit breaker closed", metadata: metadata)
        }
        span?.addEvent(
            SpanEvent(name: "genui.breaker.\(state == "open" ? "opened" : "closed")", attributes: attributes))
        guard let metrics else { return }
        Counter(
            label: GenUIMetric.breakerTransitions,
            dimensions: [
                (GenUIAttribute.chain, chain), (GenAIAttribute.providerName, provider),
                (GenUIAttribute.breakerState, state),
            ],
            factory: metrics
        ).increment()
    }

    private func fallback(_ step: RouteTrace.Step, kind: String) {
        if let metrics {
            Counter(
                label: GenUIMetric.fallbacks,
                dimensions: [
                    (GenUIAttribute.chain, chain), (GenAIAttribute.providerName, step.provider),
                    (GenUIAttribute.step, kind), (GenUIAttribute.reason, step.reason),
                ],
                factory: metrics
            ).increment()
        }
        logger.info(
            "falling back past a provider",
            metadata: stepMetadata(step).merging(
                [GenUIAttribute.step: .string(kind)], uniquingKeysWith: { a, _ in a }))
    }

    private func stepMetadata(_ step: RouteTrace.Step) -> Logger.Metadata {
        [GenUIAttribute.provider: .string(step.provider), GenUIAttribute.reason: .string(step.reason)]
    }

    private func served(_ response: GenerationResponse, on span: (any Span)?) {
        span?.attributes[GenUIAttribute.outcome] = "served"
        span?.attributes[GenAIAttribute.providerName] = response.metadata.provider
        record(response, on: span)
        countRequest(outcome: "served")
    }

    private func failed(_ error: any Error) {
        let type = Self.errorType(error)
        span?.attributes[GenUIAttribute.outcome] = type
        span?.attributes[GenAIAttribute.errorType] = type
        span?.setStatus(SpanStatus(code: .error, message: type))
        countRequest(outcome: type)
        switch type {
        case "cancelled":
            logger.debug("request cancelled")
        case "noProviderAvailable", "contextSizeExceeded":
            logger.error("the chain ran out of providers", metadata: [GenAIAttribute.errorType: .string(type)])
        default:
            logger.info("request stopped", metadata: [GenAIAttribute.errorType: .string(type)])
        }
    }

    /// The GenAI response attributes of a served response.
    private func record(_ response: GenerationResponse, on span: (any Span)?) {
        guard let span else { return }
        let metadata = response.metadata
        if let model = metadata.model {
            span.attributes[GenAIAttribute.responseModel] = model
        }
        if let input = metadata.usage.promptTokens {
            span.attributes[GenAIAttribute.inputTokens] = input
        }
        if let output = metadata.usage.completionTokens {
            span.attributes[GenAIAttribute.outputTokens] = output
        }
        if let cached = metadata.usage.cachedPromptTokens {
            span.attributes[GenAIAttribute.cacheReadInputTokens] = cached
        }
        if let reasoning = metadata.usage.reasoningTokens {
            span.attributes[GenAIAttribute.reasoningOutputTokens] = reasoning
        }
        if let reason = metadata.finishReason {
            span.attributes[GenAIAttribute.finishReasons] = [Self.finishReason(reason)]
        }
        span.attributes[GenUIAttribute.guided] = metadata.guided
        span.attributes[GenUIAttribute.repairs] = metadata.repairs.count
        if !metadata.toolCalls.isEmpty {
            span.attributes[GenUIAttribute.toolCalls] = metadata.toolCalls.count
        }
    }

    private func countRequest(outcome: String) {
        guard let metrics else { return }
        Counter(
            label: GenUIMetric.chainRequests,
            dimensions: [(GenUIAttribute.chain, chain), (GenUIAttribute.outcome, outcome)],
            factory: metrics
        ).increment()
    }

    private func recordAttempt(
        provider: String, outcome: String, errorType: String?, model: String?, _ elapsed: Duration
    ) {
        guard let metrics else { return }
        var dimensions = [(GenAIAttribute.operationName, GenAIAttribute.chat), (GenAIAttribute.providerName, provider)]
        if let model { dimensions.append((GenAIAttribute.responseModel, model)) }
        if let errorType { dimensions.append((GenAIAttribute.errorType, errorType)) }
        Timer(label: GenAIMetric.operationDuration, dimensions: dimensions, factory: metrics)
            .recordNanoseconds(elapsed.nanoseconds)
        Counter(
            label: GenUIMetric.providerRequests,
            dimensions: [(GenAIAttribute.providerName, provider), (GenUIAttribute.outcome, outcome)]
                + (errorType.map { [(GenAIAttribute.errorType, $0)] } ?? []),
            factory: metrics
        ).increment()
    }

    private func recordTokens(_ usage: TokenUsage, provider: String, model: String?) {
        guard let metrics else { return }
        for (type, count) in [("input", usage.promptTokens), ("output", usage.completionTokens)] {
            guard let count else { continue }
            var dimensions = [
                (GenAIAttribute.operationName, GenAIAttribute.chat), (GenAIAttribute.providerName, provider),
                (GenAIAttribute.tokenType, type),
            ]
            if let model { dimensions.append((GenAIAttribute.responseModel, model)) }
            Recorder(label: GenAIMetric.tokenUsage, dimensions: dimensions, factory: metrics).record(Int64(count))
        }
    }

    /// The model server's own time for the answer (llama-server's `timings`), as a child span of the attempt that
    /// ends when the answer arrived: `genui.server {provider}`, with the prompt and generation seconds.
    private func serverSpan(_ timings: GenerationTimings?, provider: String, parent: any Span) {
        guard let tracer, let timings, let total = timings.totalSeconds, total.isFinite, total > 0, total < 86_400
        else { return }
        let end = DefaultTracerClock.now
        let length = UInt64(total * 1_000_000_000)
        guard end.nanosecondsSinceEpoch > length else { return }
        let start = DefaultTracerClock.Timestamp(nanosecondsSinceEpoch: end.nanosecondsSinceEpoch - length)
        let span = tracer.startSpan(
            "genui.server \(provider)", context: parent.context, ofKind: .internal, at: start,
            function: #function, file: #fileID, line: #line)
        span.attributes[GenAIAttribute.providerName] = provider
        if let prompt = timings.promptSeconds, prompt.isFinite {
            span.attributes[GenUIAttribute.serverPromptSeconds] = prompt
        }
        if let generation = timings.generationSeconds, generation.isFinite {
            span.attributes[GenUIAttribute.serverGenerationSeconds] = generation
        }
        span.end(at: end)
    }

    /// Runs `body` with `span`'s context as the task's current one (what HTTP requests propagate) and the chain's
    /// tracer as the one providers use (`ProviderInstrumentation.tracer`: HTTP propagation, the managed server's span).
    private func within<T>(_ span: (any Span)?, _ body: () async throws -> T) async throws -> T {
        guard let span, let tracer else { return try await body() }
        return try await ServiceContext.$current.withValue(span.context) {
            try await ProviderInstrumentation.$tracer.withValue(tracer) { try await body() }
        }
    }

    /// `error.type`: the error's code for a `GenUIError`, `cancelled`, `timedOut`, or the error's type name.
    static func errorType(_ error: any Error) -> String {
        if let error = error as? GenUIError { return error.code }
        if error is CancellationError { return "cancelled" }
        if error is DeadlineExceeded { return "timedOut" }
        return String(describing: type(of: error))
    }

    /// OpenTelemetry's finish reason values.
    static func finishReason(_ reason: FinishReason) -> String {
        switch reason {
        case .stop: "stop"
        case .length: "length"
        case .toolCalls: "tool_calls"
        case .contentFilter: "content_filter"
        }
    }
}

extension Duration {
    /// The duration in whole nanoseconds (saturating).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        return overflow2 ? .max : sum
    }
}
