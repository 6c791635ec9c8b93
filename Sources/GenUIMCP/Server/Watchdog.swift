import GenUI

/// Bounds a step with an MCP server in time and ends it early when the server's connection closes.
///
/// The Swift SDK's requests wait on continuations that only a response, `Client.cancelRequest` or
/// `Client.disconnect` resume, and some orders of events leave one unresumed (a request registered after it was
/// cancelled, a server that exits: the SDK's message loop ends without failing what waits). So the caller does not
/// wait for the step itself: it races the step against the bound and the connection's closing (``firstOutcome``, as
/// the router's deadlines do), and `abandon` is then asked to release what the step still holds.
enum Watchdog {
    /// Why the watchdog ended a step.
    enum Stop: Error, Sendable {
        /// The step took longer than its bound.
        case timedOut(step: String, after: Duration)
        /// The connection closed for this reason while the step waited.
        case closed(TransportClosure)
    }

    /// How often the connection's state is looked at while a step waits.
    static let pollInterval: Duration = .milliseconds(20)

    /// Runs `operation`; throws ``Stop`` when `timeout` passes or `closure()` reports the connection closed, and
    /// `CancellationError` when the task is cancelled. In those three cases `abandon` runs, and the result comes
    /// without waiting for `operation` to notice.
    static func run<Value: Sendable>(
        step: String, timeout: Duration, closure: @escaping @Sendable () -> TransportClosure?,
        abandon: @escaping @Sendable () async -> Void, operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        do {
            return try await firstOutcome(of: operation) {
                let clock = ContinuousClock()
                let deadline = clock.now.advanced(by: timeout)
                while clock.now < deadline {
                    if let closed = closure() { return Stop.closed(closed) }
                    do {
                        try await Task.sleep(for: min(pollInterval, deadline - clock.now))
                    } catch {
                        return nil
                    }
                }
                return closure().map(Stop.closed) ?? Stop.timedOut(step: step, after: timeout)
            }
        } catch let stop as Stop {
            await abandon()
            throw stop
        } catch let cancelled as CancellationError where Task.isCancelled {
            // Returned at once; the release follows on its own.
            Task { await abandon() }
            throw cancelled
        }
    }
}
