extension AsyncThrowingStream where Element == GenerationEvent, Failure == any Error {
    /// The most events a turn's stream holds for a reader that lags before the turn waits for it.
    static var unreadEventLimit: Int { 64 }

    /// A stream of one turn that `body` generates in a task of its own: the events `body` hands to the `emit`
    /// function it is given (text deltas, restarts), then the response it returns as the closing
    /// ``GenerationEvent/completed(_:)``; what it throws is the stream's error. Ending the stream early cancels the
    /// task.
    ///
    /// `emit` waits while ``unreadEventLimit`` events are unread, so a reader that lags holds the turn back (and the
    /// turn its backend's connection) instead of the events piling up.
    static func turn(
        _ body:
            @escaping @Sendable (_ emit: @escaping @Sendable (GenerationEvent) async -> Void) async throws
            -> GenerationResponse
    ) -> Self {
        let (events, continuation) = makeStream(of: GenerationEvent.self)
        let backlog = ReaderBacklog(limit: unreadEventLimit)
        let task = Task {
            do {
                let response = try await body { event in
                    backlog.handedOut()
                    continuation.yield(event)
                    await backlog.waitForReader()
                }
                continuation.yield(.completed(response))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        let reader = BackloggedReader(events.makeAsyncIterator(), backlog: backlog)
        return AsyncThrowingStream { try await reader.next() }
    }
}

/// The one reader of a turn's events: takes each from the turn's stream and tells the backlog. Dropping it (the
/// stream it reads for is gone) ends the turn's stream, which cancels the turn.
private final class BackloggedReader: @unchecked Sendable {
    // A stream has one reader, which calls `next()` once at a time: the iterator is never used concurrently.
    private var iterator: AsyncThrowingStream<GenerationEvent, any Error>.Iterator
    private let backlog: ReaderBacklog

    init(_ iterator: AsyncThrowingStream<GenerationEvent, any Error>.Iterator, backlog: ReaderBacklog) {
        self.iterator = iterator
        self.backlog = backlog
    }

    func next() async throws -> GenerationEvent? {
        let event = try await iterator.next()
        if event != nil { backlog.taken() }
        return event
    }
}
