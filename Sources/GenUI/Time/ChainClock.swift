/// Where the timing-dependent parts read the time and wait: a provider chain's cooldowns, circuit breakers, deadline
/// and Retry-After waits, a fleet's set-aside times, hedging delays and endpoint timeout (`FleetOptions.clock`), and
/// the availability refresh of ``SystemLanguageModel`` (``AvailabilityRefresh/clock``).
///
/// ``continuous`` is the system's continuous clock. A test gives a clock it steps instead (`GenUITesting`'s
/// `ManualClock`), so a cooldown of seconds passes without seconds of waiting.
public struct ChainClock: Sendable {
    private let read: @Sendable () -> ContinuousClock.Instant
    private let wait: @Sendable (Duration) async throws -> Void

    /// Creates a clock from its reading and its wait. `sleep` must throw `CancellationError` when the waiting task
    /// is cancelled.
    public init(
        now: @escaping @Sendable () -> ContinuousClock.Instant,
        sleep: @escaping @Sendable (Duration) async throws -> Void
    ) {
        self.read = now
        self.wait = sleep
    }

    /// The system's continuous clock. Its sleeps give their timers back when cancelled, so the time limits a chain
    /// sets per request (and cancels when the request ends) hold no memory past the request.
    public static let continuous = ChainClock(now: { .now }, sleep: { try await sleepReleasingTimer(for: $0) })

    /// The current instant.
    public var now: ContinuousClock.Instant { read() }

    /// Waits `duration` on this clock; throws `CancellationError` when the task is cancelled first.
    public func sleep(for duration: Duration) async throws {
        try await wait(duration)
    }
}
