extension AsyncThrowingStream where Element == GenerationEvent, Failure == any Error {
    /// A stream of one turn that `body` generates in a task of its own: the events `body` hands to the `emit`
    /// function it is given (text deltas, restarts), then the response it returns as the closing
    /// ``GenerationEvent/completed(_:)``; what it throws is the stream's error. Ending the stream early cancels the
    /// task.
    static func turn(
        _ body:
            @escaping @Sendable (_ emit: @escaping @Sendable (GenerationEvent) -> Void) async throws
            -> GenerationResponse
    ) -> Self {
        let (stream, continuation) = makeStream(of: GenerationEvent.self)
        let task = Task {
            do {
                let response = try await body { continuation.yield($0) }
                continuation.yield(.completed(response))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
