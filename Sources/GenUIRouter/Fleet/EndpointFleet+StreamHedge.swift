import GenUI

extension EndpointFleet {
    /// What one endpoint's stream, or the hedge timer, reports to a hedged stream.
    private enum RaceEvent: Sendable {
        case event(Int, GenerationEvent)
        case finished(Int)
        case failed(Int, any Error)
        case hedgeDue
    }

    /// Streams from the picked endpoint and, if it has sent nothing by `threshold`, from a second one too: the
    /// endpoint whose first output arrives first is streamed to the caller, the other request is cancelled (its
    /// connection closed). Before any output, an endpoint failure is set aside and, when no request is left running,
    /// the next endpoint is tried as ``streamResponse(to:)`` does; after the first output, errors end the stream.
    func hedgedStream(
        _ request: GenerationRequest, after threshold: Duration,
        into continuation: AsyncThrowingStream<GenerationEvent, any Error>.Continuation
    ) async throws {
        let (events, sink) = AsyncStream<RaceEvent>.makeStream()
        let clock = options.clock
        var running: [Int: (task: Task<Void, Never>, reason: String, started: ContinuousClock.Instant)] = [:]
        var tried = Set<Int>()
        var failed: [EndpointSelection.FailedEndpoint] = []
        var hedge: (primary: Int, secondary: Int)?
        var winner: Int?

        func launch(_ index: Int, reason: String) {
            tried.insert(index)
            let stream = endpointStream(index, for: request)
            let task = Task {
                do {
                    for try await event in stream { sink.yield(.event(index, event)) }
                    sink.yield(.finished(index))
                } catch {
                    sink.yield(.failed(index, error))
                }
            }
            running[index] = (task, reason, clock.now)
        }
        /// Cancels every request still running except `kept`, and counts each as ended.
        func stopOthers(than kept: Int?) async {
            for (index, entry) in running where index != kept {
                entry.task.cancel()
                running[index] = nil
                await state.ended(index)
            }
        }

        guard let first = await pick(excluding: tried) else { throw noEndpointError() }
        launch(first.index, reason: first.reason)
        let timer = Task {
            try? await clock.sleep(for: threshold)
            sink.yield(.hedgeDue)
        }
        defer {
            timer.cancel()
            sink.finish()
        }

        for await raceEvent in events {
            switch raceEvent {
            case .hedgeDue:
                guard winner == nil, hedge == nil, running.count == 1, let primary = running.keys.first,
                    tried.count < endpoints.count, let pick = await pick(excluding: tried)
                else { continue }
                hedge = (primary, pick.index)
                launch(pick.index, reason: "hedge")
            case .event(let index, let event):
                if winner == nil, let entry = running[index] {
                    winner = index
                    await state.recordFirstOutput(index, after: clock.now - entry.started)
                    await stopOthers(than: index)
                }
                guard index == winner, let entry = running[index] else { continue }
                if case .completed(var response) = event {
                    response.metadata.endpoint = selection(
                        index, reason: entry.reason, failed: failed,
                        hedge: hedge.map {
                            .init(
                                afterSeconds: threshold.seconds, primary: endpoints[$0.primary].label,
                                secondary: endpoints[$0.secondary].label, secondaryWon: $0.secondary == index)
                        })
                    continuation.yield(.completed(response))
                } else {
                    continuation.yield(event)
                }
            case .finished(let index):
                guard running[index] != nil else { continue }
                running[index] = nil
                await state.completed(index)
                await stopOthers(than: nil)
                return
            case .failed(let index, let error):
                guard running[index] != nil else { continue }
                running[index] = nil
                if index == winner || !(Self.isEndpointFailure(error)) || error is CancellationError {
                    await state.ended(index)
                    await stopOthers(than: nil)
                    throw error
                }
                await state.failed(index)
                failed.append(.init(endpoint: endpoints[index].label, code: (error as? GenUIError)?.code ?? "other"))
                guard running.isEmpty else { continue }
                guard tried.count < attemptLimit, let next = await pick(excluding: tried) else { throw error }
                launch(next.index, reason: "failover")
            }
        }
        // The caller stopped listening.
        await stopOthers(than: nil)
        throw CancellationError()
    }
}
