import GenUI
import Synchronization

/// Tracks, for one streamed request, whether output reached the caller, and makes sure only the current attempt
/// can deliver it (an attempt that timed out may still be winding down).
final class OutputFlag: Sendable {
    private struct State {
        var began = false
        var attempt = 0
    }

    private let state = Mutex(State())

    /// Whether the current attempt has delivered output.
    var began: Bool { state.withLock { $0.began } }

    /// Starts a new attempt; returns its identifier.
    func startAttempt() -> Int {
        state.withLock { state in
            state.attempt += 1
            state.began = false
            return state.attempt
        }
    }

    /// Ends the current attempt: late events of it are dropped.
    func retire() {
        state.withLock { $0.attempt += 1 }
    }

    /// Delivers `event` if `attempt` is still the current one. An empty delta is no output: it is not delivered, and
    /// the attempt may still fall back (a turn of tool calls streams no text, and its calls are checked at its end).
    func forward(
        _ event: GenerationEvent, attempt: Int,
        to continuation: AsyncThrowingStream<GenerationEvent, any Error>.Continuation
    ) {
        state.withLock { state in
            guard state.attempt == attempt else { return }
            if case .delta(let text) = event {
                guard !text.isEmpty else { return }
                state.began = true
            }
            continuation.yield(event)
        }
    }
}
