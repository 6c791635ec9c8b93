@_spi(Reading) import GenUI

/// The routing loop of one request through a ``ProviderChain``: skip, try, apply the outcome policy, trace.
struct Router {
    typealias AttemptFunction = @Sendable (ChainMember, GenerationRequest, Bool, Int) async throws -> GenerationResponse

    let chain: ProviderChain
    let request: GenerationRequest
    let streaming: Bool
    /// For streamed requests: whether output reached the caller.
    var outputFlag: OutputFlag?
    /// For streamed requests: tells the caller output starts over.
    var onRestart: (@Sendable (String, String) -> Void)?
    private var trace: RouteTrace
    /// The chain's clock: the deadline, Retry-After waits and breaker times are read from it.
    private var clock: ChainClock { chain.clock }
    /// The context check of the member being tried, recorded on its step.
    private var currentCheck: RouteTrace.ContextCheck?
    /// The conversation the member being tried is sent, shortened to fit its window, and how it was shortened; `nil`
    /// when the member gets the request as it is.
    private var currentFit: (request: GenerationRequest, fit: RouteTrace.ContextFit)?
    /// The largest window that was too small, and the tokens that did not fit it, while every provider passed over
    /// so far was passed over for its context: the request then fails as `contextSizeExceeded`.
    private var contextOnly: (contextSize: Int?, tokenCount: Int?)? = (nil, nil)
    /// The request's token bound, guided and unguided (computed at most once each, only when a window is known).
    private var bounds: [Bool: Int] = [:]
    /// The request's logs, spans and metrics.
    private let observer: RouteObserver

    init(chain: ProviderChain, request: GenerationRequest, streaming: Bool) {
        self.chain = chain
        self.request = request
        self.streaming = streaming
        self.trace = RouteTrace(chain: chain.name)
        self.observer = RouteObserver(chain: chain.name, observability: chain.observability, streaming: streaming)
    }

    private var options: ChainOptions { chain.options }

    /// The capabilities every provider must have for this request.
    var requiredCapabilities: Set<LanguageModelCapability> {
        var required = request.impliedCapabilities
        if streaming { required.insert(.streaming) }
        return required
    }

    mutating func run(_ attempt: @escaping AttemptFunction) async throws -> GenerationResponse {
        try await observer.request { try await route(attempt) }
    }

    private mutating func route(_ attempt: @escaping AttemptFunction) async throws -> GenerationResponse {
        defer { observer.observe(trace.steps) }
        let deadline = clock.now + options.deadline
        if let invalid = validationError() { throw invalid.withTrace(trace) }
        let states = await chain.memberStates()
        let gate = ContextGate(request: request, options: options)
        let boundary = boundary
        var contextFloor: Int?
        for (index, member) in chain.members.enumerated() {
            if Task.isCancelled { throw CancellationError() }
            let state = states[index]
            currentCheck = nil
            currentFit = nil
            if let boundary, !ProviderLocation.isWithin(member.location, boundary: boundary) {
                skipOutside(member, boundary: boundary)
                continue
            }
            guard
                let unguided = eligibility(
                    of: member, status: state.status, contextSize: state.contextSize, contextFloor: contextFloor)
            else {
                continue
            }
            if let contextSize = state.contextSize, case .ready(let capabilities) = state.status {
                let attemptRequest = member.options.applied(to: unguided ? Attempt.unguidedRequest(request) : request)
                let bound = bounds[unguided] ?? TokenEstimate.upperBound(for: attemptRequest)
                bounds[unguided] = bound
                if let check = await gate.check(
                    attemptRequest, bound: bound, member: member, contextSize: contextSize, capabilities: capabilities)
                {
                    if !check.fits {
                        guard
                            let fitted = await fit(
                                member, unguided: unguided, contextSize: contextSize, capabilities: capabilities,
                                gate: gate)
                        else {
                            skipForContext(member, check)
                            continue
                        }
                        currentFit = (fitted.request, fitted.fit)
                        currentCheck = fitted.check
                    } else {
                        currentCheck = check
                    }
                }
            }
            let admission = await chain.health.admit(member.name, now: clock.now)
            if case .coolingDown(let remaining) = admission {
                skip(member, reason: "coolingDown", detail: "cooling down for \(Self.format(remaining)) more")
                continue
            }
            let probe: ProviderHealth.ProbeToken?
            if case .probe(let token) = admission { probe = token } else { probe = nil }
            // A half-open probe is released on every way out of this provider — a verdict, a retry's sleep or an
            // attempt cut short by cancellation, the deadline, anything thrown — so it can never stay taken and
            // keep the provider "cooling down" for good. After a verdict the release does nothing.
            let served: GenerationResponse?
            do {
                served = try await tryMember(
                    member, contextSize: state.contextSize, unguided: unguided, isProbe: probe != nil,
                    deadline: deadline, contextFloor: &contextFloor, attempt)
            } catch {
                if let probe { await chain.health.releaseProbe(member.name, probe) }
                throw error
            }
            if let probe { await chain.health.releaseProbe(member.name, probe) }
            if let served { return served }
        }
        if let contextOnly, !trace.steps.isEmpty {
            throw GenUIError.contextSizeExceeded(
                contextSize: contextOnly.contextSize, tokenCount: contextOnly.tokenCount,
                .init(
                    debugDescription:
                        "no provider of chain \(chain.name) has a context window large enough: \(summary())",
                    trace: trace))
        }
        throw GenUIError.noProviderAvailable(
            .init(debugDescription: "no provider of chain \(chain.name) could serve: \(summary())", trace: trace))
    }

    /// The farthest this request may travel: the chain's boundary, narrowed by the request's prompt metadata
    /// (`ProviderLocation.metadataKey`); a request cannot widen the chain's.
    var boundary: ProviderLocation? {
        let asked = request.turn?.metadata[ProviderLocation.metadataKey]?.stringValue.flatMap(ProviderLocation.init)
        return [options.boundary, asked].compactMap { $0 }.min()
    }

    /// Records a member skipped because it runs beyond the request's boundary.
    private mutating func skipOutside(_ member: ChainMember, boundary: ProviderLocation) {
        let location = member.location.map(\.rawValue) ?? "an undeclared location (taken as cloud)"
        var step = RouteTrace.Step(
            provider: member.name, outcome: .skipped, reason: "outsideBoundary",
            detail: "\(member.name) runs \(location); the request must stay within \(boundary.rawValue)")
        step.location = member.location
        step.boundary = boundary
        trace.steps.append(step)
        contextOnly = nil
    }

    /// The request shortened by the chain's ``ConversationFitting`` so that it and its answer fit `member`'s window:
    /// the longest candidate that fits, by the member's own count where it can count (candidates the estimate already
    /// rules out are not counted, and at most three are). `nil` when none fits or fitting is disabled.
    private func fit(
        _ member: ChainMember, unguided: Bool, contextSize: Int, capabilities: Set<LanguageModelCapability>,
        gate: ContextGate
    ) async -> (request: GenerationRequest, check: RouteTrace.ContextCheck?, fit: RouteTrace.ContextFit)? {
        let base = unguided ? Attempt.unguidedRequest(request) : request
        let history = Array(base.executorRequest.transcript.history)
        let candidates = options.conversationFitting.candidates(for: history)
        guard !candidates.isEmpty else { return nil }
        let totalTurns = history.filter(ConversationFitting.isPrompt).count
        var counted = 0
        for candidate in candidates {
            let shortened = base.replacingHistory { _ in candidate.history }
            let attempt = member.options.applied(to: shortened)
            let (estimated, overflow) = TokenEstimate.tokens(in: attempt).addingReportingOverflow(gate.responseTokens)
            if overflow || estimated > contextSize { continue }
            let fit = RouteTrace.ContextFit(
                keptTurns: candidate.keptTurns, totalTurns: max(totalTurns, candidate.keptTurns),
                droppedToolEntries: candidate.droppedToolEntries, contextSize: contextSize)
            let check = await gate.check(
                attempt, bound: TokenEstimate.upperBound(for: attempt), member: member, contextSize: contextSize,
                capabilities: capabilities)
            guard let check, !check.fits else { return (shortened, check, fit) }
            counted += 1
            if counted == 3 { return nil }
        }
        return nil
    }

    /// Records a member skipped because the request and its answer do not fit its window.
    private mutating func skipForContext(_ member: ChainMember, _ check: RouteTrace.ContextCheck) {
        var detail =
            "the request needs \(check.tokenCount) tokens (\(check.method.rawValue)) plus \(check.responseTokens) "
            + "for the answer, more than the context window of \(check.contextSize)"
        if let failure = check.countingFailure { detail += "; counting failed: \(failure)" }
        trace.steps.append(
            RouteTrace.Step(
                provider: member.name, outcome: .skipped, reason: "contextWindowTooSmall", detail: detail,
                contextCheck: check))
        noteContextOverflow(contextSize: check.contextSize, tokenCount: check.tokenCount)
    }

    /// Keeps the numbers of a context overflow for the final error, while overflows are all that happened.
    private mutating func noteContextOverflow(contextSize: Int?, tokenCount: Int?) {
        guard let current = contextOnly else { return }
        let largest = [current.contextSize, contextSize].compactMap { $0 }.max()
        contextOnly = (largest, tokenCount ?? current.tokenCount)
    }

    /// Tries `member` (retrying it once after a short Retry-After): its response, or `nil` to go on with the next
    /// provider. Throws when the request stops here.
    private mutating func tryMember(
        _ member: ChainMember, contextSize: Int?, unguided: Bool, isProbe: Bool, deadline: ContinuousClock.Instant,
        contextFloor: inout Int?, _ attempt: @escaping AttemptFunction
    ) async throws -> GenerationResponse? {
        var retries = 0
        while true {
            let now = clock.now
            guard now < deadline else {
                if retries == 0 {
                    skip(
                        member, reason: "timedOut", detail: "the chain's deadline passed before this provider was tried"
                    )
                }
                throw totalDeadlineError()
            }
            let limit = min(member.attemptTimeout ?? options.attemptTimeout, deadline - now)
            let attemptRequest = member.options.applied(
                to: currentFit?.request ?? (unguided ? Attempt.unguidedRequest(request) : request))
            let attemptID = outputFlag?.startAttempt() ?? 0
            let started = clock.now
            observer.observe(trace.steps)
            do {
                var response = try await observer.attempt(
                    member, request: attemptRequest, retries: retries, unguided: unguided
                ) {
                    try await withDeadline(limit) { try await attempt(member, attemptRequest, unguided, attemptID) }
                }
                observer.breaker(member.name, await chain.health.recordSuccess(member.name, now: clock.now))
                trace.steps.append(
                    RouteTrace.Step(
                        provider: member.name, outcome: .served, reason: "served",
                        durationSeconds: (clock.now - started).seconds,
                        guided: request.schema == nil ? nil : response.metadata.guided,
                        retries: retries, repairs: response.metadata.repairs, contextCheck: currentCheck))
                trace.steps[trace.steps.count - 1].endpoint = response.metadata.endpoint
                trace.steps[trace.steps.count - 1].contextFit = currentFit?.fit
                let usage = response.metadata.usage
                if usage != TokenUsage() { trace.steps[trace.steps.count - 1].usage = usage }
                response.metadata.trace = trace
                return response
            } catch {
                outputFlag?.retire()
                let elapsed = clock.now - started
                if Task.isCancelled || error is CancellationError {
                    throw CancellationError()
                }
                let deadlinePassed = clock.now >= deadline
                let failure = normalize(error, member: member, limit: limit, deadlinePassed: deadlinePassed)
                let outcome = OutcomeClass(classifying: failure)
                let rule = options.policy.rule(for: outcome)

                if outcome == .rateLimited, retries == 0, !deadlinePassed,
                    let threshold = rule.retrySameWhenRetryAfterAtMost,
                    case .rateLimited(let retryAfter?, _) = failure, retryAfter <= threshold,
                    clock.now + retryAfter < deadline, outputFlag?.began != true
                {
                    appendFailure(member, failure, action: .retrySameProvider, elapsed: elapsed, retries: retries)
                    retries += 1
                    try await clock.sleep(for: retryAfter)
                    continue
                }

                await recordHealth(member, failure: failure, rule: rule, isProbe: isProbe)

                var action = rule.action
                var detail: String?
                if action != .stop, outputFlag?.began == true {
                    if options.restartStreamAfterOutput {
                        onRestart?(member.name, failure.code)
                    } else {
                        action = .stop
                        detail = "output had already reached the caller; restarting is not enabled"
                    }
                }
                if deadlinePassed { action = .stop }
                appendFailure(
                    member, failure, action: action == .stop ? .stop : .nextProvider, elapsed: elapsed,
                    retries: retries, note: detail)
                if action == .stop {
                    throw failure.withTrace(trace)
                }
                if case .contextSizeExceeded(let reported, let tokens, _) = failure {
                    noteContextOverflow(contextSize: reported ?? contextSize, tokenCount: tokens)
                } else {
                    contextOnly = nil
                }
                if action == .nextWithLargerContext, let window = contextSize ?? Self.reportedWindow(failure) {
                    contextFloor = max(contextFloor ?? 0, window)
                }
                return nil
            }
        }
    }

    /// The context size an overflow error reported, when it did.
    private static func reportedWindow(_ failure: GenUIError) -> Int? {
        if case .contextSizeExceeded(let size, _, _) = failure { size } else { nil }
    }

    /// Options that can never succeed anywhere stop before any provider is tried.
    private func validationError() -> GenUIError? {
        do {
            try request.options.validate()
            return nil
        } catch {
            return error
        }
    }

    /// Whether `member` can be tried: `nil` when it is skipped (the skip is traced), otherwise whether the attempt
    /// is unguided.
    private mutating func eligibility(
        of member: ChainMember, status: MemberStatus, contextSize: Int?, contextFloor: Int?
    ) -> Bool? {
        var unguided = false
        switch status {
        case .checkTimedOut:
            skip(
                member, reason: status.code,
                detail: "the availability check did not answer within \(Self.format(options.availabilityTimeout))")
            return nil
        case .unavailable(let reason):
            contextOnly = nil
            trace.steps.append(
                RouteTrace.Step(
                    provider: member.name, outcome: .skipped, reason: reason.code, unavailableReason: reason))
            return nil
        case .ready(let capabilities):
            var missing = requiredCapabilities.union(member.requiredCapabilities).subtracting(capabilities)
            if options.allowUnguided, request.schema != nil, missing.contains(.guidedGeneration) {
                missing.remove(.guidedGeneration)
                unguided = true
            }
            if !missing.isEmpty {
                contextOnly = nil
                trace.steps.append(
                    RouteTrace.Step(
                        provider: member.name, outcome: .skipped, reason: "missingCapability",
                        missingCapabilities: missing.sorted()))
                return nil
            }
        }
        if let floor = contextFloor, let window = contextSize, window <= floor {
            skip(
                member, reason: "contextWindowTooSmall",
                detail: "context window \(window) ≤ \(floor) tokens that overflowed")
            noteContextOverflow(contextSize: window, tokenCount: nil)
            return nil
        }
        return unguided
    }

    private mutating func skip(_ member: ChainMember, reason: String, detail: String?) {
        if reason != "contextWindowTooSmall" { contextOnly = nil }
        trace.steps.append(RouteTrace.Step(provider: member.name, outcome: .skipped, reason: reason, detail: detail))
    }

    private mutating func appendFailure(
        _ member: ChainMember, _ failure: GenUIError, action: RouteTrace.Action, elapsed: Duration,
        retries: Int, note: String? = nil
    ) {
        var detail = failure.context.debugDescription
        if let note { detail += " (\(note))" }
        trace.steps.append(
            RouteTrace.Step(
                provider: member.name, outcome: .failed, reason: failure.code,
                unavailableReason: { if case .unavailable(let reason, _) = failure { reason } else { nil } }(),
                missingCapabilities: { if case .unsupportedCapability(let cap, _) = failure { [cap] } else { [] } }(),
                detail: detail, action: action, durationSeconds: elapsed.seconds, retries: retries,
                failure: RouteTrace.Failure(failure)))
    }

    private func recordHealth(_ member: ChainMember, failure: GenUIError, rule: OutcomeRule, isProbe: Bool) async {
        let transition: BreakerTransition?
        switch rule.coolDown {
        case .none:
            // The provider answered (a refusal, an overflow): it is healthy.
            transition = isProbe ? await chain.health.recordSuccess(member.name, now: clock.now) : nil
        case .countFailure:
            transition = await chain.health.recordFailure(member.name, immediate: nil, now: clock.now)
        case .immediately:
            var length = options.breaker.coolDown
            if case .rateLimited(let retryAfter?, _) = failure { length = retryAfter }
            transition = await chain.health.recordFailure(member.name, immediate: length, now: clock.now)
        case .long:
            transition = await chain.health.recordFailure(
                member.name, immediate: options.breaker.maximumCoolDown, now: clock.now)
        }
        observer.breaker(member.name, transition)
    }

    /// Turns any thrown error into a `GenUIError` attributed to the provider.
    private func normalize(_ error: any Error, member: ChainMember, limit: Duration, deadlinePassed: Bool)
        -> GenUIError
    {
        if error is DeadlineExceeded {
            let what =
                deadlinePassed
                ? "the chain's deadline of \(Self.format(options.deadline)) passed"
                : "no answer within the attempt timeout of \(Self.format(limit))"
            return .timedOut(.init(provider: member.name, debugDescription: what))
        }
        if let error = error as? GenUIError { return error.attributed(to: member.name) }
        return .serverError(status: nil, .init(provider: member.name, debugDescription: "\(error)"))
    }

    private func totalDeadlineError() -> GenUIError {
        .timedOut(
            .init(
                debugDescription: "the chain's deadline of \(Self.format(options.deadline)) passed", trace: trace))
    }

    private func summary() -> String {
        trace.steps.map { "\($0.provider): \($0.outcome.rawValue) (\($0.reason))" }.joined(separator: "; ")
    }

    static func format(_ duration: Duration) -> String {
        let seconds = duration.seconds
        return seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : "\((seconds * 10).rounded() / 10) s"
    }
}
