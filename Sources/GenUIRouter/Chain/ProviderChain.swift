import GenUI

/// A `RoutableModel` made of providers tried in order: it skips providers that are unavailable, lack a required
/// capability or are cooling down, falls back on failures another provider could avoid, and records every decision
/// in a `RouteTrace` carried by the response (`metadata.trace`) or the final error (`context.trace`).
///
/// Per request:
/// 1. The required capabilities are the request's `GenerationRequest.impliedCapabilities` (guided generation when
///    a schema is given), plus `streaming` for streamed requests. With ``ChainOptions/allowUnguided``, guided
///    generation is not required: a provider without it is prompted with the schema and decoded defensively.
/// 2. All providers' availability is checked concurrently, bounded by ``ChainOptions/availabilityTimeout`` and
///    cached for ``ChainOptions/availabilityTTL``.
/// 3. The first eligible provider is tried, within the per-attempt timeout and the total deadline. On failure,
///    the ``OutcomePolicy`` decides: retry it, move on, or stop.
/// 4. When every provider was skipped or failed, the error is `GenUIError.noProviderAvailable(_:)`.
///
/// The chain is safe to share between tasks: its configuration is immutable and its breaker and cache are actors.
public final class ProviderChain: RoutableModel {
    public let name: String
    /// The providers, in routing order.
    public let members: [ChainMember]
    /// How the chain routes.
    public let options: ChainOptions
    /// Where the chain's logs, spans and metrics go (the global systems unless given).
    public let observability: ChainObservability
    /// The clock of the chain's cooldowns, breakers, deadline and Retry-After waits (the system's unless given).
    public let clock: ChainClock

    let health: ProviderHealth
    let cache: AvailabilityCache

    /// Creates a chain of members.
    public init(
        name: String, members: [ChainMember], options: ChainOptions = ChainOptions(),
        observability: ChainObservability = ChainObservability(), clock: ChainClock = .continuous
    ) {
        self.name = name
        self.members = members
        self.options = options
        self.observability = observability
        self.clock = clock
        self.health = ProviderHealth(settings: options.breaker)
        self.cache = AvailabilityCache(ttl: options.availabilityTTL)
    }

    /// This chain kept within `boundary`: the same members, options, breakers and availability cache, but a request
    /// never goes to a member that runs beyond `boundary` (or beyond the chain's own boundary, when nearer). A
    /// session built on it keeps its whole conversation within the boundary; going farther takes a chain that allows
    /// it, chosen explicitly.
    public func keeping(within boundary: ProviderLocation) -> ProviderChain {
        var options = self.options
        options.boundary = min(options.boundary ?? boundary, boundary)
        return ProviderChain(
            name: name, members: members, options: options, observability: observability, clock: clock,
            health: health, cache: cache)
    }

    private init(
        name: String, members: [ChainMember], options: ChainOptions, observability: ChainObservability,
        clock: ChainClock, health: ProviderHealth, cache: AvailabilityCache
    ) {
        self.name = name
        self.members = members
        self.options = options
        self.observability = observability
        self.clock = clock
        self.health = health
        self.cache = cache
    }

    /// Creates a chain of models with no per-member settings: genui providers and chains, or any Foundation Models
    /// 27 models.
    public convenience init(
        name: String, models: [any LanguageModel], options: ChainOptions = ChainOptions(),
        observability: ChainObservability = ChainObservability(), clock: ChainClock = .continuous
    ) {
        self.init(
            name: name, members: models.map { ChainMember($0) }, options: options, observability: observability,
            clock: clock)
    }

    /// What any member declares: the chain routes a request to a member that can serve it.
    public var capabilities: LanguageModelCapabilities {
        LanguageModelCapabilities(members.flatMap { $0.model.capabilities.all })
    }

    /// Available when any member is; otherwise unavailable for the first member's reason.
    public var availability: Availability {
        get async {
            let statuses = await memberStatuses()
            var firstReason: UnavailableReason?
            for status in statuses {
                switch status {
                case .ready: return .available
                case .unavailable(let reason): firstReason = firstReason ?? reason
                case .checkTimedOut: continue
                }
            }
            return .unavailable(firstReason ?? .unreachable(endpoint: "chain \(name)"))
        }
    }

    /// The union of the available members' capabilities.
    public var supportedCapabilities: Set<LanguageModelCapability> {
        get async {
            await memberStatuses().reduce(into: Set()) { result, status in
                if case .ready(let capabilities) = status { result.formUnion(capabilities) }
            }
        }
    }

    /// Warms up the first available member.
    public func prewarm(promptPrefix: String?) async {
        let statuses = await memberStatuses()
        if let index = statuses.firstIndex(where: { if case .ready = $0 { true } else { false } }) {
            await members[index].model.prewarm(promptPrefix: promptPrefix)
        }
    }

    /// Every member's availability, checked concurrently (cached results are reused), in member order.
    /// A check that does not finish within ``ChainOptions/availabilityTimeout`` is ``MemberStatus/checkTimedOut``.
    public func memberStatuses() async -> [MemberStatus] {
        await memberStates().map(\.status)
    }

    /// Every member's availability and context size, checked concurrently (cached results are reused).
    func memberStates() async -> [MemberState] {
        await withTaskGroup(of: (Int, MemberState).self) { group in
            for (index, member) in members.enumerated() {
                group.addTask { (index, await self.state(of: member, at: index)) }
            }
            var states = [MemberState](repeating: MemberState(status: .checkTimedOut), count: members.count)
            for await (index, state) in group { states[index] = state }
            return states
        }
    }

    /// One member's state. The context size is read with the availability, within the same time limit and cached
    /// as long, so a request's context check costs no extra round trip: a member's configured window wins; else the
    /// model's ``RoutableModel/contextSize`` of an available model; a model that cannot say leaves it unknown.
    ///
    /// Requests that find no fresh result share the check in flight: when a result expires under load, one check
    /// runs, not one per request.
    private func state(of member: ChainMember, at index: Int) async -> MemberState {
        if let cached = await cache.lookup(index) { return cached }
        do {
            return try await cache.sharedCheck(index) { await self.check(member, at: index) }
        } catch {
            // This request was cancelled while it waited; the check goes on for the others.
            return MemberState(status: .checkTimedOut, contextSize: member.contextWindow)
        }
    }

    /// Checks one member now, and caches the result.
    private func check(_ member: ChainMember, at index: Int) async -> MemberState {
        let model = member.model
        let configured = member.contextWindow
        let state: MemberState
        let started = ContinuousClock.now
        do {
            state = try await withDeadline(options.availabilityTimeout) {
                switch await model.availability {
                case .available:
                    let capabilities = await model.supportedCapabilities
                    var size = configured
                    if size == nil { size = try? await model.contextSize }
                    return MemberState(status: .ready(capabilities), contextSize: size.flatMap { $0 > 0 ? $0 : nil })
                case .unavailable(let reason):
                    return MemberState(status: .unavailable(reason), contextSize: configured)
                }
            }
        } catch {
            state = MemberState(status: .checkTimedOut, contextSize: configured)
        }
        if !Task.isCancelled {
            AvailabilityCheckRecorder(chain: name, observability: observability).record(
                provider: member.name, status: state.status, elapsed: .now - started,
                timeout: options.availabilityTimeout)
            await cache.store(state, for: index)
        }
        return state
    }

    /// The largest context size among the available members: a request that fits it can be served by one of them.
    /// Throws as `RoutableModel.contextSize` does when no available member knows its window.
    public var contextSize: Int {
        get async throws {
            let sizes = await memberStates().compactMap { state -> Int? in
                if case .ready = state.status { state.contextSize } else { nil }
            }
            guard let largest = sizes.max() else {
                throw GenUIError.unavailable(
                    .notConfigured(missing: "contextSize"),
                    .init(
                        provider: name,
                        debugDescription: "no available provider of chain \(name) reports its context size"))
            }
            return largest
        }
    }

    /// Providers cooling down after failures, with the time left.
    public func coolingDown() async -> [String: Duration] {
        await health.coolingDown(now: clock.now)
    }

    public func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        var router = Router(chain: self, request: request, streaming: false)
        return try await router.run { member, attemptRequest, unguided, _ in
            try await Attempt.respond(member: member, request: attemptRequest, original: request, unguided: unguided)
        }
    }

    public func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                let output = OutputFlag()
                var router = Router(chain: self, request: request, streaming: true)
                router.outputFlag = output
                router.onRestart = { provider, reason in
                    continuation.yield(.restarted(provider: provider, reason: reason))
                }
                do {
                    let response = try await router.run { member, attemptRequest, unguided, attempt in
                        try await Attempt.stream(
                            member: member, request: attemptRequest, original: request, unguided: unguided,
                            attempt: attempt, output: output, continuation: continuation,
                            firstOutput: FirstOutputTimer(provider: member.name, observability: self.observability))
                    }
                    continuation.yield(.completed(response))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
