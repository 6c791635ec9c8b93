import Synchronization

/// How many snapshots a ``ResponseStream`` has handed out that its reader has not taken yet, and the generating
/// task's wait while that is too many.
///
/// Each snapshot holds the whole text so far, so a queue of them grows with the square of the answer; instead the
/// generating task waits, after handing one out, until at most ``limit`` are unread — and while it waits it reads no
/// more of the model's stream, which holds the model's connection back in turn. A reader that keeps up sees every
/// snapshot; the wait ends at once when the generating task is cancelled (the reader stopped).
final class SnapshotBacklog: Sendable {
    /// The most snapshots left unread before the generating task waits.
    static let limit = 2

    private struct State {
        var unread = 0
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// A snapshot was handed out.
    func handedOut() {
        state.withLock { $0.unread += 1 }
    }

    /// The reader took a snapshot: a waiting generating task goes on once few enough are unread.
    func taken() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.unread = max(0, state.unread - 1)
            guard state.unread < Self.limit else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns once fewer than ``limit`` snapshots are unread, or the calling task is cancelled.
    func waitForReader() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    guard state.unread >= Self.limit, !Task.isCancelled else { return true }
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
