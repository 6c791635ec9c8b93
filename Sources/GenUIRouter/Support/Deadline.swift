import GenUI
import Synchronization

/// Thrown by ``withDeadline(_:operation:)`` when the operation did not finish in time.
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
    let race = DeadlineRace<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            race.start(continuation: continuation, limit: limit, clock: clock, operation: operation)
        }
    } onCancel: {
        race.finish(.failure(CancellationError()))
    }
}

/// The shared state of one race between an operation and its deadline: whichever finishes first resumes the caller.
private final class DeadlineRace<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var pending: Result<T, any Error>?
        var done = false
        var tasks: [Task<Void, Never>] = []
    }

    private let state = Mutex(State())

    func start(
        continuation: CheckedContinuation<T, any Error>, limit: Duration, clock: ChainClock,
        operation: @escaping @Sendable () async throws -> T
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
        let timer = Task {
            try? await clock.sleep(for: limit)
            if !Task.isCancelled { self.finish(.failure(DeadlineExceeded(limit: limit))) }
        }
        let cancelNow = state.withLock { state in
            state.tasks = [work, timer]
            return state.done
        }
        if cancelNow {
            work.cancel()
            timer.cancel()
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
