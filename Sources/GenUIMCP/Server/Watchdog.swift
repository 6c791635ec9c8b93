import Synchronization

/// Bounds a step with an MCP server in time and ends it early when the server's connection closes.
///
/// The Swift SDK's requests wait on continuations that only a response, `Client.cancelRequest` or
/// `Client.disconnect` resume, and some orders of events leave one unresumed (a request registered after it was
/// cancelled, a server that exits: the SDK's message loop ends without failing what waits). So the caller does not
/// wait for the step itself: it waits for whichever comes first of the step's result, the bound, the connection's
/// closing and its own cancellation, and `abandon` is then asked to release what the step still holds.
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
        let outcome = Outcome<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                outcome.wait(with: continuation)
                let work = Task {
                    do {
                        outcome.finish(.success(try await operation()))
                    } catch {
                        outcome.finish(.failure(error))
                    }
                }
                let watch = Task {
                    let clock = ContinuousClock()
                    let deadline = clock.now.advanced(by: timeout)
                    var stop: Stop?
                    while stop == nil && !outcome.isFinished {
                        if let closed = closure() {
                            stop = .closed(closed)
                        } else if clock.now >= deadline {
                            stop = .timedOut(step: step, after: timeout)
                        } else {
                            try? await Task.sleep(for: min(pollInterval, deadline - clock.now))
                        }
                    }
                    if let stop, outcome.finish(.failure(stop)) {
                        await abandon()
                        work.cancel()
                    }
                }
                outcome.onFinish { watch.cancel() }
            }
        } onCancel: {
            if outcome.finish(.failure(CancellationError())) { Task { await abandon() } }
        }
    }
}

/// The first result of a step, delivered once to whoever waits for it.
private final class Outcome<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var result: Result<Value, any Error>?
        var onFinish: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    var isFinished: Bool { state.withLock { $0.result != nil } }

    func wait(with continuation: CheckedContinuation<Value, any Error>) {
        let ready = state.withLock { state -> Result<Value, any Error>? in
            if let result = state.result { return result }
            state.continuation = continuation
            return nil
        }
        if let ready { continuation.resume(with: ready) }
    }

    func onFinish(_ action: @escaping @Sendable () -> Void) {
        let finished = state.withLock { state -> Bool in
            if state.result != nil { return true }
            state.onFinish = action
            return false
        }
        if finished { action() }
    }

    /// Records `result` if none is yet, resuming the waiter; `true` when this call decided the outcome.
    @discardableResult
    func finish(_ result: Result<Value, any Error>) -> Bool {
        let (decided, continuation, action) = state.withLock { state in
            guard state.result == nil else { return (false, nil as CheckedContinuation<Value, any Error>?, nil as (@Sendable () -> Void)?) }
            state.result = result
            defer {
                state.continuation = nil
                state.onFinish = nil
            }
            return (true, state.continuation, state.onFinish)
        }
        continuation?.resume(with: result)
        action?()
        return decided
    }
}
