import Synchronization

/// How many elements a producing task has handed to a stream that its reader has not taken yet, and the producer's
/// wait while that is too many: backpressure for an `AsyncThrowingStream`, whose own buffer never makes its producer
/// wait.
///
/// The producer calls ``handedOut()`` with each element it yields and then ``waitForReader()``, which returns once
/// fewer than ``limit`` are unread; the reader calls ``taken()`` for each element it takes. While the producer waits
/// it reads no more of its own source, which holds that source back in turn (a session's snapshots hold its model's
/// stream back, and a model's stream its HTTP connection). A reader that keeps up sees every element; the wait ends
/// at once when the producing task is cancelled (the reader stopped).
final class ReaderBacklog: Sendable {
    /// The most elements left unread before the producer waits.
    let limit: Int

    private struct State {
        var unread = 0
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// A backlog that lets `limit` elements (at least one) wait unread.
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// An element was handed out.
    func handedOut() {
        state.withLock { $0.unread += 1 }
    }

    /// The reader took an element: a waiting producer goes on once few enough are unread.
    func taken() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.unread = max(0, state.unread - 1)
            guard state.unread < limit else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns once fewer than ``limit`` elements are unread, or the calling task is cancelled.
    func waitForReader() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    guard state.unread >= limit, !Task.isCancelled else { return true }
                    state.waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
