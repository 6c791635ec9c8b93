import GenUI

/// The shared, mutable part of a fleet: per-endpoint statistics, set-aside times and availability, and the picking
/// itself. An actor, so a pick and the in-flight count it raises are one step: concurrent requests never all see
/// the same idle endpoint.
actor FleetState {
    private var endpoints: [EndpointStatistics]
    private let weights: [Double]
    private let options: FleetOptions
    /// Recent times to first output across the fleet (seconds), newest last, for percentile hedging.
    private var recent: [Double] = []
    private static let recentLimit = 200
    /// Where ties start, so equal endpoints take turns.
    private var cursor = 0

    init(weights: [Double], options: FleetOptions) {
        self.endpoints = Array(repeating: EndpointStatistics(), count: weights.count)
        self.weights = weights
        self.options = options
    }

    /// Picks an endpoint among those not in `excluding` that are up, raises its in-flight count and returns it
    /// with why; `nil` when none is left.
    func pick(excluding: Set<Int>, now: ContinuousClock.Instant? = nil) -> (index: Int, reason: String)? {
        let now = now ?? options.clock.now
        let candidates = endpoints.indices.filter { index in
            guard !excluding.contains(index) else { return false }
            let stats = endpoints[index]
            if let until = stats.downUntil, until > now { return false }
            if let availability = stats.availability, now - availability.at < options.availabilityTTL,
                !availability.value.isAvailable
            {
                return false
            }
            return true
        }
        guard !candidates.isEmpty else { return nil }
        let choice = choose(among: candidates, now: now)
        endpoints[choice.index].inFlight += 1
        endpoints[choice.index].lastPicked = now
        cursor &+= 1
        return choice
    }

    private func choose(among candidates: [Int], now: ContinuousClock.Instant) -> (index: Int, reason: String) {
        switch options.strategy {
        case .ordered:
            return (candidates[0], "first")
        case .leastBusy:
            // A fresh slot reading counts every client's requests; this process's own may be newer than the reading.
            let readings = candidates.map { freshSlots($0, now: now) }
            let busy = Dictionary(
                uniqueKeysWithValues: zip(candidates, readings).map { index, reading in
                    (index, max(endpoints[index].inFlight, reading?.busy ?? 0))
                })
            let chosen = fewest(candidates) { Double(busy[$0] ?? 0) }
            return (chosen, readings.contains { $0 != nil } ? "fewestBusySlots" : "fewestInFlight")
        case .latency:
            // An endpoint nobody measured lately gets this request: a recovered or once-slow endpoint is measured
            // again, at the cost of one request per endpoint per interval.
            if let stale = rotated(candidates).first(where: { index in
                guard endpoints[index].inFlight == 0 else { return false }
                guard let last = endpoints[index].lastPicked, endpoints[index].average != nil else { return true }
                return now - last >= options.explorationInterval
            }) {
                return (stale, "exploring")
            }
            // An endpoint still waiting for its first answer counts as the slowest measured one: it may be slow, and
            // piling requests onto it before it answered would be the worst bet.
            let unmeasured = candidates.compactMap { endpoints[$0].average }.max() ?? 1
            return (
                fewest(candidates) { index in
                    (endpoints[index].average ?? unmeasured) * Double(endpoints[index].inFlight + 1)
                }, "lowestLatency"
            )
        case .weighted:
            let total = candidates.reduce(0) { $0 + weights[$1] }
            var point = options.random.next() * total
            for index in candidates {
                point -= weights[index]
                if point < 0 { return (index, "weightedRandom") }
            }
            return (candidates[candidates.count - 1], "weightedRandom")
        }
    }

    /// The candidate with the lowest score; ties go to the first at or after the cursor.
    private func fewest(_ candidates: [Int], score: (Int) -> Double) -> Int {
        var best = candidates[0]
        var bestScore = Double.infinity
        for index in rotated(candidates) {
            let value = score(index)
            if value < bestScore {
                best = index
                bestScore = value
            }
        }
        return best
    }

    private func rotated(_ candidates: [Int]) -> [Int] {
        let start = cursor % candidates.count
        return Array(candidates[start...] + candidates[..<start])
    }

    /// Records a request to `index` that answered; `firstOutput` is the time its first output took.
    func succeeded(_ index: Int, firstOutput: Duration) {
        recordFirstOutput(index, after: firstOutput)
        completed(index)
    }

    /// Records a request to `index` that answered and has ended.
    func completed(_ index: Int) {
        endpoints[index].inFlight -= 1
        endpoints[index].served += 1
    }

    /// Records the time the first output of a request to `index` took: the endpoint works, and the sample joins its
    /// moving average and the fleet's recent times.
    func recordFirstOutput(_ index: Int, after firstOutput: Duration) {
        let seconds = max(0, firstOutput.seconds)
        endpoints[index].failuresInARow = 0
        endpoints[index].downUntil = nil
        let smoothing = options.smoothing
        endpoints[index].average = endpoints[index].average.map { $0 + smoothing * (seconds - $0) } ?? seconds
        recent.append(seconds)
        if recent.count > Self.recentLimit { recent.removeFirst(recent.count - Self.recentLimit) }
    }

    /// Records a request to `index` that failed in a way another endpoint might not: the endpoint is set aside.
    func failed(_ index: Int, now: ContinuousClock.Instant? = nil) {
        let now = now ?? options.clock.now
        endpoints[index].inFlight -= 1
        endpoints[index].failed += 1
        endpoints[index].failuresInARow += 1
        let doublings = min(endpoints[index].failuresInARow - 1, 20)
        let length = min(options.coolDown * (1 << doublings), options.maximumCoolDown)
        endpoints[index].downUntil = now + length
        endpoints[index].availability = nil
    }

    /// Records a request to `index` that ended without saying anything about the endpoint (cancelled, or an error
    /// that any endpoint would give).
    func ended(_ index: Int) {
        endpoints[index].inFlight -= 1
    }

    /// The slot reading of `index`, when one was taken within ``FleetOptions/slotsFreshness`` and succeeded.
    private func freshSlots(_ index: Int, now: ContinuousClock.Instant) -> SlotReading? {
        guard let entry = endpoints[index].slots, now - entry.at < options.slotsFreshness else { return nil }
        return entry.value
    }

    /// The endpoints among `indices` whose slot reading is missing or older than ``FleetOptions/slotsFreshness``.
    func staleSlots(_ indices: [Int], now: ContinuousClock.Instant? = nil) -> [Int] {
        let now = now ?? options.clock.now
        return indices.filter { index in
            guard let entry = endpoints[index].slots else { return true }
            return now - entry.at >= options.slotsFreshness
        }
    }

    /// Stores a slot reading of `index` (`nil`: the reading failed, so the pick goes by this process's count).
    func store(slots reading: SlotReading?, for index: Int, now: ContinuousClock.Instant? = nil) {
        let now = now ?? options.clock.now
        endpoints[index].slots = (reading, now)
    }

    /// The cached availability of `index`, when fresh.
    func availability(_ index: Int, now: ContinuousClock.Instant? = nil) -> Availability? {
        let now = now ?? options.clock.now
        guard let entry = endpoints[index].availability, now - entry.at < options.availabilityTTL else { return nil }
        return entry.value
    }

    /// Stores a fresh availability check of `index`.
    func store(_ availability: Availability, for index: Int, now: ContinuousClock.Instant? = nil) {
        let now = now ?? options.clock.now
        endpoints[index].availability = (availability, now)
    }

    /// The hedge threshold now: the fixed time, or the percentile of recent times once there are enough of them.
    func hedgeThreshold() -> Duration? {
        switch options.hedge {
        case nil: return nil
        case .after(let duration): return duration
        case .percentile(let percentile):
            guard recent.count >= options.minimumHedgeSamples else { return nil }
            let sorted = recent.sorted()
            let clamped = min(max(percentile, 1), 99.9) / 100
            let rank = min(sorted.count - 1, max(0, Int((clamped * Double(sorted.count)).rounded(.up)) - 1))
            return .milliseconds(Int64((sorted[rank] * 1000).rounded(.up)))
        }
    }

    /// Every endpoint's state, for doctor and tests.
    func statuses(labels: [String], availabilities: [Availability], now: ContinuousClock.Instant? = nil)
        -> [EndpointStatus]
    {
        let now = now ?? options.clock.now
        return endpoints.indices.map { index in
            let stats = endpoints[index]
            return EndpointStatus(
                endpoint: labels[index], weight: weights[index], availability: availabilities[index],
                coolingDown: stats.downUntil.flatMap { $0 > now ? $0 - now : nil }, inFlight: stats.inFlight,
                served: stats.served, failed: stats.failed, averageSeconds: stats.average)
        }
    }
}
