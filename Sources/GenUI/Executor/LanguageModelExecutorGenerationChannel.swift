import Synchronization

/// Where an executor sends what it generates, as events (Foundation Models 27).
///
/// The session that asked the executor reads the events and turns them into transcript entries, streamed snapshots,
/// usage and tool calls. The session owns the channel: the executor sends and returns, and never closes it.
///
/// ```swift
/// await channel.send(.response(action: .appendText(delta, tokenCount: 1)))
/// await channel.send(.toolCalls(entryID: "calls", action: .toolCall(id: id, name: name, action: .appendArguments(json, tokenCount: 1))))
/// ```
public struct LanguageModelExecutorGenerationChannel: AsyncSequence, Sendable {
    /// The events, in the order they were sent.
    public typealias Element = Event
    /// Reading the channel does not fail; an executor's error reaches the session through `respond`.
    public typealias Failure = Never

    private let stream: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation

    /// Creates an open channel.
    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: Event.self)
    }

    /// Sends `event` to the session.
    public func send(_ event: Event) async {
        continuation.yield(event)
    }

    /// Ends the channel: the reader sees the events sent so far, then the end.
    func finish() {
        continuation.finish()
    }

    /// Reads the events.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator())
    }

    /// Reads the events one by one.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<Event>.Iterator

        /// The next event, or `nil` once the channel has ended.
        public mutating func next() async -> Event? {
            await base.next()
        }

        /// The next event, or `nil` once the channel has ended.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Event? {
            await base.next(isolation: actor)
        }
    }
}
