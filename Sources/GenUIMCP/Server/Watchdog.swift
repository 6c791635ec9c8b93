/// Bounds a step with an MCP server in time and ends it early when the server's connection closes.
///
/// The Swift SDK's requests wait on continuations that only a response, `Client.cancelRequest` or
/// `Client.disconnect` resume: a server that never answers, or one that exits, would leave the caller waiting forever.
/// The watchdog notices either and calls `abandon`, which resumes the request, so nothing waits past its bound.
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
    /// `CancellationError` when the task is cancelled. In those three cases `abandon` runs before the error is
    /// thrown, to resume whatever `operation` waits on.
    static func run<Value: Sendable>(
        step: String, timeout: Duration, closure: @escaping @Sendable () -> TransportClosure?,
        abandon: @escaping @Sendable () async -> Void, operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                let clock = ContinuousClock()
                let deadline = clock.now.advanced(by: timeout)
                while clock.now < deadline {
                    if let closed = closure() { throw Stop.closed(closed) }
                    try await Task.sleep(for: min(pollInterval, deadline - clock.now))
                }
                if let closed = closure() { throw Stop.closed(closed) }
                throw Stop.timedOut(step: step, after: timeout)
            }
            defer { group.cancelAll() }
            do {
                while let next = try await group.next() {
                    if let value = next { return value }
                }
                throw CancellationError()
            } catch let error where error is Stop || error is CancellationError {
                await abandon()
                throw error
            }
        }
    }
}
