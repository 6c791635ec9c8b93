import GenUI

extension EndpointFleet {
    /// Streams from the picked endpoint. An endpoint failure before the first output tries the next endpoint, as
    /// ``respond(to:)`` does; after output began, the error ends the stream (the chain's policy decides what then).
    /// With a ``HedgePolicy`` and no tools, a stream with no output by the threshold is also asked of a second
    /// endpoint, and the first to send output is streamed (`hedgedStream(_:after:into:)`). The time to the first
    /// delta is the endpoint's latency sample.
    public func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await stream(request, into: continuation)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func stream(
        _ request: GenerationRequest, into continuation: AsyncThrowingStream<GenerationEvent, any Error>.Continuation
    ) async throws {
        if Self.mayHedge(request), let threshold = await state.hedgeThreshold() {
            return try await hedgedStream(request, after: threshold, into: continuation)
        }
        var tried = Set<Int>()
        var failed: [EndpointSelection.FailedEndpoint] = []
        var reasonOverride: String?
        let clock = options.clock
        while tried.count < attemptLimit, let pick = await pick(excluding: tried) {
            tried.insert(pick.index)
            let reason = reasonOverride ?? pick.reason
            let started = clock.now
            var began = false
            do {
                for try await event in endpointStream(pick.index, for: request) {
                    switch event {
                    case .delta, .restarted:
                        if !began {
                            began = true
                            await state.recordFirstOutput(pick.index, after: clock.now - started)
                        }
                        continuation.yield(event)
                    case .completed(var response):
                        if !began {
                            began = true
                            await state.recordFirstOutput(pick.index, after: clock.now - started)
                        }
                        response.metadata.endpoint = selection(pick.index, reason: reason, failed: failed, hedge: nil)
                        continuation.yield(.completed(response))
                    }
                }
                await state.completed(pick.index)
                return
            } catch {
                if began {
                    await state.ended(pick.index)
                    throw error
                }
                if error is CancellationError || Task.isCancelled {
                    await state.ended(pick.index)
                    throw CancellationError()
                }
                guard Self.isEndpointFailure(error) else {
                    await state.ended(pick.index)
                    throw error
                }
                await state.failed(pick.index)
                failed.append(
                    .init(endpoint: endpoints[pick.index].label, code: (error as? GenUIError)?.code ?? "other"))
                reasonOverride = "failover"
                if tried.count >= attemptLimit { throw error }
            }
        }
        throw noEndpointError()
    }
}
