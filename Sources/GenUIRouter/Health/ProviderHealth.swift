/// The circuit breakers of a chain's providers. An actor: requests running concurrently share it, and it never
/// awaits while holding state.
actor ProviderHealth {
    /// Whether a request may try a provider now.
    enum Admission: Sendable, Equatable {
        /// The circuit is closed: try it.
        case admitted
        /// The cooldown is over: this request is the single half-open probe. It must end with a verdict
        /// (``recordSuccess(_:now:)``, ``recordFailure(_:immediate:now:)``) or ``releaseProbe(_:_:)`` on every path.
        case probe(ProbeToken)
        /// The provider is cooling down for `remaining` more.
        case coolingDown(remaining: Duration)
    }

    /// Names one half-open probe, so that releasing it can never release a later probe of the same provider.
    struct ProbeToken: Sendable, Hashable {
        fileprivate let serial: UInt64
    }

    /// One recent outcome of a closed circuit.
    private struct Outcome {
        var time: ContinuousClock.Instant
        var failed: Bool
    }

    private enum Circuit {
        /// Trying the provider; the most recent outcomes within the window, oldest first.
        case closed(recent: [Outcome])
        case open(until: ContinuousClock.Instant, coolDown: Duration)
        /// The cooldown is over; `probe` is the request trying the provider, if one is.
        case halfOpen(coolDown: Duration, probe: ProbeToken?)
    }

    private let settings: CircuitBreakerSettings
    private var circuits: [String: Circuit] = [:]
    private var probeSerial: UInt64 = 0

    init(settings: CircuitBreakerSettings) {
        self.settings = settings
    }

    func admit(_ provider: String, now: ContinuousClock.Instant = .now) -> Admission {
        switch circuits[provider] ?? .closed(recent: []) {
        case .closed:
            return .admitted
        case .open(let until, let coolDown):
            guard now >= until else { return .coolingDown(remaining: until - now) }
            return startProbe(provider, coolDown: coolDown)
        case .halfOpen(let coolDown, let probe):
            guard probe == nil else { return .coolingDown(remaining: .zero) }
            return startProbe(provider, coolDown: coolDown)
        }
    }

    private func startProbe(_ provider: String, coolDown: Duration) -> Admission {
        probeSerial &+= 1
        let token = ProbeToken(serial: probeSerial)
        circuits[provider] = .halfOpen(coolDown: coolDown, probe: token)
        return .probe(token)
    }

    /// Records a success: in a closed circuit it joins the sample (it does not erase earlier failures); a half-open
    /// probe's success closes the circuit with a clean record. An open circuit stays open: the success is from a
    /// request let through before the circuit opened, and says nothing about the provider since.
    /// Returns `.closed` when the success closed the circuit.
    @discardableResult
    func recordSuccess(_ provider: String, now: ContinuousClock.Instant = .now) -> BreakerTransition? {
        switch circuits[provider] ?? .closed(recent: []) {
        case .closed(let recent):
            circuits[provider] = .closed(recent: sample(recent, adding: Outcome(time: now, failed: false)))
        case .halfOpen:
            circuits[provider] = .closed(recent: [])
            return .closed
        case .open:
            break
        }
        return nil
    }

    /// Records a failure. `immediate` opens the circuit at once for at least that long. Returns `.opened` when the
    /// failure opened (or reopened) the circuit.
    @discardableResult
    func recordFailure(
        _ provider: String, immediate: Duration?, now: ContinuousClock.Instant = .now
    ) -> BreakerTransition? {
        switch circuits[provider] ?? .closed(recent: []) {
        case .halfOpen(let coolDown, _):
            // A failed probe doubles the cooldown.
            let extended = min(coolDown * 2, settings.maximumCoolDown)
            let length = max(extended, immediate ?? .zero)
            circuits[provider] = .open(until: now + length, coolDown: length)
            return .opened(coolDown: length)
        case .open(let until, let coolDown):
            // A request let through before the circuit opened failed late: it says nothing new, unless it asks for
            // a longer pause (a Retry-After).
            guard let immediate, now + immediate > until else { return nil }
            circuits[provider] = .open(until: now + immediate, coolDown: max(coolDown, immediate))
            return nil
        case .closed(let recent):
            if let immediate {
                let length = max(immediate, .zero)
                circuits[provider] = .open(until: now + length, coolDown: max(length, settings.coolDown))
                return .opened(coolDown: length)
            }
            let updated = sample(recent, adding: Outcome(time: now, failed: true))
            if updated.count(where: \.failed) >= settings.failureThreshold {
                circuits[provider] = .open(until: now + settings.coolDown, coolDown: settings.coolDown)
                return .opened(coolDown: settings.coolDown)
            } else {
                circuits[provider] = .closed(recent: updated)
                return nil
            }
        }
    }

    /// `recent` with `outcome` appended, keeping only the last ``CircuitBreakerSettings/sampleSize`` outcomes that
    /// fall within the window.
    private func sample(_ recent: [Outcome], adding outcome: Outcome) -> [Outcome] {
        let kept = (recent + [outcome]).filter { outcome.time - $0.time < settings.window }
        return Array(kept.suffix(settings.sampleSize))
    }

    /// Releases the half-open probe `token` if it is still the one running: the next request may probe. Idempotent,
    /// and a no-op after the probe's verdict (which closed or reopened the circuit) or for any other probe's token,
    /// so the router calls it on every way out of a probe.
    func releaseProbe(_ provider: String, _ token: ProbeToken) {
        if case .halfOpen(let coolDown, token?) = circuits[provider] {
            circuits[provider] = .halfOpen(coolDown: coolDown, probe: nil)
        }
    }

    /// Providers currently cooling down, with the time left.
    func coolingDown(now: ContinuousClock.Instant = .now) -> [String: Duration] {
        var result: [String: Duration] = [:]
        for (provider, circuit) in circuits {
            if case .open(let until, _) = circuit, until > now { result[provider] = until - now }
        }
        return result
    }
}
