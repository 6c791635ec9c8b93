import GenUI

/// Availability results of a chain's providers, reused for a short time so a burst of requests checks once.
actor AvailabilityCache {
    private var entries: [Int: (state: MemberState, at: ContinuousClock.Instant)] = [:]
    private let ttl: Duration

    init(ttl: Duration) {
        self.ttl = ttl
    }

    func lookup(_ index: Int, now: ContinuousClock.Instant = .now) -> MemberState? {
        guard let entry = entries[index], now - entry.at < ttl else { return nil }
        return entry.state
    }

    func store(_ state: MemberState, for index: Int, now: ContinuousClock.Instant = .now) {
        entries[index] = (state, now)
    }

    func invalidate(_ index: Int) {
        entries[index] = nil
    }
}
