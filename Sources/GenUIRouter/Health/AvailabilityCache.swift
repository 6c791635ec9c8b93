import GenUI

/// Availability results of a chain's providers, reused for a short time so a burst of requests checks once.
actor AvailabilityCache {
    private var entries: [Int: (state: MemberState, at: ContinuousClock.Instant)] = [:]
    /// The checks in flight, by member, which requests that find no fresh entry wait for instead of checking again.
    private var checks: [Int: Task<MemberState, Never>] = [:]
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

    /// The result of the check of member `index` in flight, or of a new one made with `check`. The check runs in a
    /// task of its own, so a caller cancelled while it waits stops waiting (`CancellationError`) without cancelling
    /// the check the others wait for.
    func sharedCheck(_ index: Int, _ check: @escaping @Sendable () async -> MemberState) async throws -> MemberState {
        let task: Task<MemberState, Never>
        if let running = checks[index] {
            task = running
        } else {
            task = Task { await check() }
            checks[index] = task
        }
        defer { if checks[index] == task { checks[index] = nil } }
        return try await firstOutcome(of: { await task.value }, orStop: { nil })
    }

    func invalidate(_ index: Int) {
        entries[index] = nil
    }
}
