/// Where a ``ProviderChain`` reads the time and waits: its cooldowns, circuit breakers, deadline and Retry-After
/// waits all go through it.
///
/// ``continuous`` is the system's continuous clock. A test gives the chain a clock it steps instead
/// (`GenUITesting`'s `ManualClock`), so a cooldown of seconds passes without seconds of waiting.
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

    /// The system's continuous clock.
    public static let continuous = ChainClock(now: { .now }, sleep: { try await Task.sleep(for: $0) })

    /// The current instant.
    public var now: ContinuousClock.Instant { read() }

    /// Waits `duration` on this clock; throws `CancellationError` when the task is cancelled first.
    public func sleep(for duration: Duration) async throws {
        try await wait(duration)
    }
}
