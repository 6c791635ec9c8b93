import Foundation

/// Reads an async sequence on demand, for the streams built over HTTP bodies: nothing is read ahead of the
/// consumer, so no stage buffers what the next one has not asked for, and dropping the outer stream drops the
/// inner iterator (which cancels the transfer).
///
/// Only one consumer calls ``next(_:)`` at a time (an `AsyncThrowingStream(unfolding:)` guarantees it).
final class PullReader<Base: AsyncIteratorProtocol, Output>: @unchecked Sendable {
    private var base: Base
    private var ready: [Output] = []
    private var readyIndex = 0
    private var ended = false

    init(_ base: Base) { self.base = base }

    /// The next output: buffered ones first; otherwise pulls base elements through `transform` (which returns the
    /// outputs an element completes, or, given `nil` at the end, the last ones) until one is ready.
    func next(_ transform: (Base.Element?) throws -> [Output]) async throws -> Output? {
        while readyIndex == ready.count {
            if ended { return nil }
            ready = []
            readyIndex = 0
            let element = try await base.next()
            if element == nil { ended = true }
            ready = try transform(element)
        }
        defer { readyIndex += 1 }
        return ready[readyIndex]
    }
}

extension HTTPStreamingResponse {
    /// The body the caller reads: `received` is read only when the caller asks for more, and each chunk handed over
    /// is reported to `consumed`, which is how a transport bounds what it holds unread.
    static func body(
        readingOnDemand received: AsyncThrowingStream<Data, any Error>,
        consumed: @escaping @Sendable (Int) -> Void
    ) -> AsyncThrowingStream<Data, any Error> {
        let reader = PullReader<AsyncThrowingStream<Data, any Error>.Iterator, Data>(received.makeAsyncIterator())
        return AsyncThrowingStream(unfolding: {
            try await reader.next { chunk in
                guard let chunk else { return [] }
                consumed(chunk.count)
                return [chunk]
            }
        })
    }
}
