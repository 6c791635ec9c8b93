import Synchronization

/// Runs `operation` and `stop` side by side and returns whichever decides first: the operation's result (or
/// error), or the error `stop` returns. `stop` returns `nil` when it does not decide (it was cancelled because the
/// operation finished).
///
/// Unlike a task group, this returns as soon as one side decides, even when the operation ignores cancellation (a
/// server that accepts a connection and never answers, a request whose continuation nobody resumes): the other side
/// is cancelled and left to wind down on its own. When the calling task is cancelled, both are cancelled and
/// `CancellationError` is thrown at once. The router's deadlines (`withDeadline`) and the MCP client's bounds are
/// this race with different `stop`s.
package func firstOutcome<T: Sendable>(
    of operation: @escaping @Sendable () async throws -> T,
    orStop stop: @escaping @Sendable () async -> (any Error)?
) async throws -> T {
    let race = OutcomeRace<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            race.start(continuation: continuation, operation: operation, stop: stop)
        }
    } onCancel: {
        race.finish(.failure(CancellationError()))
    }
}

/// The shared state of one race: whichever side finishes first resumes the caller.
private final class OutcomeRace<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var pending: Result<T, any Error>?
        var done = false
        var tasks: [Task<Void, Never>] = []
    }

    private let state = Mutex(State())

    func start(
        continuation: CheckedContinuation<T, any Error>, operation: @escaping @Sendable () async throws -> T,
        stop: @escaping @Sendable () async -> (any Error)?
    ) {
        let early: Result<T, any Error>? = state.withLock { state in
            if state.done { return state.pending }
            state.continuation = continuation
            return nil
        }
        if let early {
            continuation.resume(with: early)
            return
        }
        let work = Task {
            do {
                self.finish(.success(try await operation()))
            } catch {
                self.finish(.failure(error))
            }
        }
        let stopper = Task {
            if let error = await stop() { self.finish(.failure(error)) }
        }
        let cancelNow = state.withLock { state in
            state.tasks = [work, stopper]
            return state.done
        }
        if cancelNow {
            work.cancel()
            stopper.cancel()
        }
    }

    func finish(_ result: Result<T, any Error>) {
        let (continuation, tasks): (CheckedContinuation<T, any Error>?, [Task<Void, Never>]) = state.withLock { state in
            guard !state.done else { return (nil, []) }
            state.done = true
            let continuation = state.continuation
            state.continuation = nil
            if continuation == nil { state.pending = result }
            return (continuation, state.tasks)
        }
        for task in tasks { task.cancel() }
        continuation?.resume(with: result)
    }
}
