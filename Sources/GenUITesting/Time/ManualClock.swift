import GenUI
import GenUIRouter
import Synchronization

/// A clock that moves only when a test moves it: give ``chainClock`` to a `ProviderChain` and call
/// ``advance(by:)`` to let a cooldown, a breaker's window or a Retry-After pass at once instead of waiting for it.
///
/// Its instants are `ContinuousClock` instants, offset from the moment the clock was made by the time advanced so
/// far. A sleep on it ends when the clock has been advanced past its end, or with `CancellationError` when its task is
/// cancelled.
public final class ManualClock: Sendable {
    private struct Sleeper: Sendable {
        var until: ContinuousClock.Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State: Sendable {
        var now: ContinuousClock.Instant
        var sleepers: [UInt64: Sleeper] = [:]
        var nextID: UInt64 = 0
    }

    private let state: Mutex<State>

    /// Creates a clock that reads the system's continuous clock's current instant until it is advanced.
    public init() {
        state = Mutex(State(now: .now))
    }

    /// The current instant.
    public var now: ContinuousClock.Instant { state.withLock { $0.now } }

    /// How many sleeps are waiting for the clock to move.
    public var sleeping: Int { state.withLock { $0.sleepers.count } }

    /// The clock for a `ProviderChain`, a fleet's `FleetOptions.clock` or an `AvailabilityRefresh`.
    public var chainClock: ChainClock {
        ChainClock(now: { self.now }, sleep: { try await self.sleep(for: $0) })
    }

    /// Moves the clock forward by `duration` and ends every sleep that is now over.
    public func advance(by duration: Duration) {
        let due = state.withLock { (state: inout State) -> [CheckedContinuation<Void, any Error>] in
            state.now += duration
            let now = state.now
            let ended = state.sleepers.filter { $0.value.until <= now }
            for id in ended.keys { state.sleepers[id] = nil }
            return ended.values.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    /// Waits until the clock has been advanced by `duration` from now; throws `CancellationError` if the task is
    /// cancelled first.
    public func sleep(for duration: Duration) async throws {
        let id = state.withLock { (state: inout State) -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: (any Error)?? = state.withLock { (state: inout State) -> (any Error)?? in
                    if Task.isCancelled { return .some(CancellationError()) }
                    let until = state.now + duration
                    if until <= state.now { return .some(nil) }
                    state.sleepers[id] = Sleeper(until: until, continuation: continuation)
                    return .none
                }
                switch resumeNow {
                case .some(let error?): continuation.resume(throwing: error)
                case .some(nil): continuation.resume()
                case .none: break
                }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
