import Synchronization

/// Where an executor sends what it generates, as events (Foundation Models 27).
///
/// The session that asked the executor reads the events and turns them into transcript entries, streamed snapshots,
/// usage and tool calls. The session owns the channel: the executor sends and returns, and never closes it.
///
/// ```swift
/// await channel.send(.response(action: .appendText(delta, tokenCount: 1)))
/// await channel.send(.toolCalls(
///     entryID: "calls", action: .toolCall(id: id, name: name, action: .appendArguments(json, tokenCount: 1))))
/// ```
///
/// The channel holds at most ``bufferCapacity`` unread events: past that, ``send(_:)`` waits until the session has
/// read one, so an executor that produces faster than the session reduces is slowed to its pace instead of filling
/// memory. Once the session stops reading (it refused the answer, or was cancelled), sends return at once and
/// their events are dropped.
public struct LanguageModelExecutorGenerationChannel: AsyncSequence, Sendable {
    /// The events, in the order they were sent.
    public typealias Element = Event
    /// Reading the channel does not fail; an executor's error reaches the session through `respond`.
    public typealias Failure = Never

    /// The most events sent and not yet read; a further send waits for the reader.
    public static let bufferCapacity = 256

    private let stream: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation
    private let gate: BackPressure

    /// Creates an open channel.
    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        gate = BackPressure(capacity: Self.bufferCapacity)
    }

    /// Sends `event` to the session; waits while ``bufferCapacity`` events are unread.
    public func send(_ event: Event) async {
        guard await gate.enter() else { return }
        continuation.yield(event)
    }

    /// Ends the channel: the reader sees the events sent so far, then the end.
    func finish() {
        continuation.finish()
    }

    /// Ends the channel from the reader's side: what is unread is dropped, waiting senders return, and later sends
    /// are dropped.
    func close() {
        gate.close()
        continuation.finish()
    }

    /// How many events are sent and not yet read.
    var unreadCount: Int { gate.unread }

    /// Reads the events.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), gate: gate)
    }

    /// Reads the events one by one.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<Event>.Iterator
        let gate: BackPressure

        /// The next event, or `nil` once the channel has ended.
        public mutating func next() async -> Event? {
            let event = await base.next()
            if event != nil { gate.leave() }
            return event
        }

        /// The next event, or `nil` once the channel has ended.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Event? {
            let event = await base.next(isolation: actor)
            if event != nil { gate.leave() }
            return event
        }
    }
}

/// Counts a channel's unread events and holds senders back while there are `capacity` of them.
final class BackPressure: Sendable {
    private struct State {
        var unread = 0
        var waiting: [CheckedContinuation<Bool, Never>] = []
        var closed = false
    }

    private let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var unread: Int { state.withLock { $0.unread } }

    /// Takes a place for one event, waiting while the buffer is full; `false` once the reader has closed.
    func enter() async -> Bool {
        await withCheckedContinuation { (waiter: CheckedContinuation<Bool, Never>) in
            let answer: Bool? = state.withLock { state in
                if state.closed { return false }
                if state.unread < capacity {
                    state.unread += 1
                    return true
                }
                state.waiting.append(waiter)
                return nil
            }
            if let answer { waiter.resume(returning: answer) }
        }
    }

    /// One event was read: its place goes to the first waiting sender.
    func leave() {
        let next: CheckedContinuation<Bool, Never>? = state.withLock { state in
            state.unread = max(0, state.unread - 1)
            guard !state.closed, !state.waiting.isEmpty else { return nil }
            state.unread += 1
            return state.waiting.removeFirst()
        }
        next?.resume(returning: true)
    }

    /// The reader stopped: every waiting sender returns, and no one waits again.
    func close() {
        let waiting = state.withLock { state in
            state.closed = true
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for waiter in waiting { waiter.resume(returning: false) }
    }
}
