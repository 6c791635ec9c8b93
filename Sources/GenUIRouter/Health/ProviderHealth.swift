/// The circuit breakers of a chain's providers. An actor: requests running concurrently share it, and it never
/// awaits while holding state.
actor ProviderHealth {
    /// Whether a request may try a provider now.
    enum Admission: Sendable, Equatable {
        /// The circuit is closed: try it.
        case admitted
        /// The cooldown is over: this request is the single half-open probe.
        case probe
        /// The provider is cooling down for `remaining` more.
        case coolingDown(remaining: Duration)
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
        case halfOpen(coolDown: Duration, probing: Bool)
    }

    private let settings: CircuitBreakerSettings
    private var circuits: [String: Circuit] = [:]

    init(settings: CircuitBreakerSettings) {
        self.settings = settings
    }

    func admit(_ provider: String, now: ContinuousClock.Instant = .now) -> Admission {
        switch circuits[provider] ?? .closed(recent: []) {
        case .closed:
            return .admitted
        case .open(let until, let coolDown):
            guard now >= until else { return .coolingDown(remaining: until - now) }
            circuits[provider] = .halfOpen(coolDown: coolDown, probing: true)
            return .probe
        case .halfOpen(let coolDown, let probing):
            guard !probing else { return .coolingDown(remaining: .zero) }
            circuits[provider] = .halfOpen(coolDown: coolDown, probing: true)
            return .probe
        }
    }

    /// Records a success: in a closed circuit it joins the sample (it does not erase earlier failures); a half-open
    /// probe's success closes the circuit with a clean record. An open circuit stays open: the success is from a
    /// request let through before the circuit opened, and says nothing about the provider since.
    func recordSuccess(_ provider: String, now: ContinuousClock.Instant = .now) {
        switch circuits[provider] ?? .closed(recent: []) {
        case .closed(let recent):
            circuits[provider] = .closed(recent: sample(recent, adding: Outcome(time: now, failed: false)))
        case .halfOpen:
            circuits[provider] = .closed(recent: [])
        case .open:
            break
        }
    }

    /// Records a failure. `immediate` opens the circuit at once for at least that long.
    func recordFailure(_ provider: String, immediate: Duration?, now: ContinuousClock.Instant = .now) {
        switch circuits[provider] ?? .closed(recent: []) {
        case .halfOpen(let coolDown, _):
            // A failed probe doubles the cooldown.
            let extended = min(coolDown * 2, settings.maximumCoolDown)
            let length = max(extended, immediate ?? .zero)
            circuits[provider] = .open(until: now + length, coolDown: length)
        case .open(let until, let coolDown):
            // A request let through before the circuit opened failed late: it says nothing new, unless it asks for
            // a longer pause (a Retry-After).
            guard let immediate, now + immediate > until else { return }
            circuits[provider] = .open(until: now + immediate, coolDown: max(coolDown, immediate))
        case .closed(let recent):
            if let immediate {
                let length = max(immediate, .zero)
                circuits[provider] = .open(until: now + length, coolDown: max(length, settings.coolDown))
                return
            }
            let updated = sample(recent, adding: Outcome(time: now, failed: true))
            if updated.count(where: \.failed) >= settings.failureThreshold {
                circuits[provider] = .open(until: now + settings.coolDown, coolDown: settings.coolDown)
            } else {
                circuits[provider] = .closed(recent: updated)
            }
        }
    }

    /// `recent` with `outcome` appended, keeping only the last ``CircuitBreakerSettings/sampleSize`` outcomes that
    /// fall within the window.
    private func sample(_ recent: [Outcome], adding outcome: Outcome) -> [Outcome] {
        let kept = (recent + [outcome]).filter { outcome.time - $0.time < settings.window }
        return Array(kept.suffix(settings.sampleSize))
    }

    /// Releases a half-open probe that ended without a verdict (cancelled, stopped for the caller's reasons).
    func releaseProbe(_ provider: String) {
        if case .halfOpen(let coolDown, true) = circuits[provider] {
            circuits[provider] = .halfOpen(coolDown: coolDown, probing: false)
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
