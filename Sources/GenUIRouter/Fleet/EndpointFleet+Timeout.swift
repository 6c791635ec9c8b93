import GenUI
import Synchronization

extension EndpointFleet {
    /// `index`'s answer to `request`, or a ``GenUIError/timedOut(_:)`` failure when it has not come within
    /// ``FleetOptions/endpointTimeout`` (the request is cancelled and its connection closed).
    func endpointRespond(_ index: Int, to request: GenerationRequest) async throws -> GenerationResponse {
        let model = endpoints[index].model
        guard let limit = options.endpointTimeout else { return try await model.respond(to: request) }
        do {
            return try await withDeadline(limit, clock: options.clock) { try await model.respond(to: request) }
        } catch is DeadlineExceeded {
            throw endpointTimedOut(index, limit)
        }
    }

    /// `index`'s stream for `request`; with ``FleetOptions/endpointTimeout``, one that fails with
    /// ``GenUIError/timedOut(_:)`` when no event has come within it (the request is then cancelled).
    func endpointStream(_ index: Int, for request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error>
    {
        let stream = endpoints[index].model.streamResponse(to: request)
        guard let limit = options.endpointTimeout else { return stream }
        let timeout = endpointTimedOut(index, limit)
        let clock = options.clock
        return AsyncThrowingStream { continuation in
            let race = FirstEventRace()
            let forward = Task {
                do {
                    for try await event in stream {
                        let late = race.state.withLock { state in
                            if state == .timedOut { return true }
                            state = .began
                            return false
                        }
                        if late { return }
                        continuation.yield(event)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            let timer = Task {
                try? await clock.sleep(for: limit)
                let fires =
                    !Task.isCancelled
                    && race.state.withLock { state in
                        guard state == .waiting else { return false }
                        state = .timedOut
                        return true
                    }
                guard fires else { return }
                continuation.finish(throwing: timeout)
                forward.cancel()
            }
            continuation.onTermination = { _ in
                forward.cancel()
                timer.cancel()
            }
        }
    }

    /// The failure of an endpoint that gave no answer (or, streaming, no output) within `limit`.
    func endpointTimedOut(_ index: Int, _ limit: Duration) -> GenUIError {
        .timedOut(
            .init(
                provider: name,
                debugDescription:
                    "endpoint \(endpoints[index].label) gave no answer within \(limit) (the fleet's endpoint timeout)"))
    }
}

/// Whether a stream under an endpoint timeout has sent its first event, or timed out first.
private final class FirstEventRace: Sendable {
    enum State: Sendable {
        case waiting
        case began
        case timedOut
    }

    let state = Mutex(State.waiting)
}
