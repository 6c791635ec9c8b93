import Dispatch
import Synchronization

/// Sleeps until `deadline` like `Task.sleep(until:)`, throwing `CancellationError` when the task is cancelled — and,
/// unlike it, gives its timer back at once when cancelled.
///
/// A cancelled `Task.sleep` returns early, but its timer stays queued in the concurrency runtime until the deadline
/// it was given. A watchdog or time limit that is cancelled when its request ends — nearly always — then holds memory
/// for as long as the limit: a server answering a thousand requests a second under a 300 s limit keeps some 300,000
/// of them. Here each sleep is a `DispatchSourceTimer` that a cancellation cancels.
package func sleepReleasingTimer(until deadline: ContinuousClock.Instant) async throws {
    try Task.checkCancellation()
    let timer = SleepTimer()
    try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            timer.start(until: deadline, continuation)
        }
    } onCancel: {
        timer.cancel()
    }
}

/// ``sleepReleasingTimer(until:)`` for a duration from now.
package func sleepReleasingTimer(for duration: Duration) async throws {
    try await sleepReleasingTimer(until: .now + duration)
}

/// One sleep's timer and the continuation it resumes, whichever of the deadline and a cancellation comes first.
private final class SleepTimer: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, any Error>?
        var source: TimerSource?
        var cancelled = false
    }

    /// A dispatch timer source, which Dispatch does not mark Sendable; it is only scheduled, resumed and cancelled.
    private struct TimerSource: @unchecked Sendable {
        let source: any DispatchSourceTimer
    }

    private let state = Mutex(State())

    func start(until deadline: ContinuousClock.Instant, _ continuation: CheckedContinuation<Void, any Error>) {
        // At most a century ahead, which keeps the nanoseconds within `Int`.
        let remaining = min(max(.zero, ContinuousClock.now.duration(to: deadline)), .seconds(3_155_760_000))
        let (seconds, attoseconds) = remaining.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        // The source is made and started under the lock, once it is known that no cancellation came first: Dispatch
        // stops the process when a source is released without ever having been started.
        let cancelledAlready = state.withLock { state -> Bool in
            if state.cancelled { return true }
            let source = DispatchSource.makeTimerSource(queue: .global())
            source.schedule(deadline: .now() + .nanoseconds(nanoseconds), leeway: .milliseconds(1))
            source.setEventHandler { [self] in finish(nil) }
            state.continuation = continuation
            state.source = TimerSource(source: source)
            source.resume()
            return false
        }
        if cancelledAlready { continuation.resume(throwing: CancellationError()) }
    }

    func cancel() {
        finish(CancellationError())
    }

    private func finish(_ error: (any Error)?) {
        let (continuation, source) = state.withLock { state in
            state.cancelled = true
            defer {
                state.continuation = nil
                state.source = nil
            }
            return (state.continuation, state.source)
        }
        source?.source.cancel()
        if let error {
            continuation?.resume(throwing: error)
        } else {
            continuation?.resume()
        }
    }
}
