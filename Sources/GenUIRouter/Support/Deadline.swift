import GenUI

/// Thrown by ``withDeadline(_:clock:operation:)`` when the operation did not finish in time.
public struct DeadlineExceeded: Error, Sendable, Hashable {
    /// The time limit that was exceeded.
    public var limit: Duration

    /// Creates the error.
    public init(limit: Duration) { self.limit = limit }
}

/// Runs `operation` and returns its result, or throws ``DeadlineExceeded`` once `limit` has passed.
///
/// Unlike a task group, this returns at the deadline even when the operation ignores cancellation (a server that
/// accepts a connection and never answers): the operation is cancelled and left to wind down on its own. When the
/// calling task is cancelled, the operation is cancelled too and `CancellationError` is thrown at once. The limit
/// is measured on `clock` (the system's continuous clock unless a test gives one it steps).
public func withDeadline<T: Sendable>(
    _ limit: Duration, clock: ChainClock = .continuous, operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await firstOutcome(of: operation) {
        try? await clock.sleep(for: limit)
        return Task.isCancelled ? nil : DeadlineExceeded(limit: limit)
    }
}
