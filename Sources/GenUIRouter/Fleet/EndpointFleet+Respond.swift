import GenUI

extension EndpointFleet {
    /// What one endpoint's request, or the hedge timer, came back with.
    private enum Event: Sendable {
        case answered(Int, Result<GenerationResponse, any Error>, Duration)
        case hedgeDue
    }

    /// Sends the request to the picked endpoint; on an endpoint failure, to the next one; with hedging, also to a
    /// second endpoint when the first has not answered by the threshold. The first answer wins; the other request is
    /// cancelled (its connection closed) before this returns.
    public func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        let threshold = Self.mayHedge(request) ? await state.hedgeThreshold() : nil
        return try await withThrowingTaskGroup(of: Event.self) { group in
            var tried = Set<Int>()
            var running: [Int: String] = [:] // endpoint → why it was picked
            var failed: [EndpointSelection.FailedEndpoint] = []
            var hedge: (after: Duration, primary: Int, secondary: Int)?
            var lastError: (any Error)?

            func start(_ index: Int, reason: String) {
                tried.insert(index)
                running[index] = reason
                group.addTask {
                    let clock = options.clock
                    let started = clock.now
                    do {
                        let response = try await endpointRespond(index, to: request)
                        return .answered(index, .success(response), clock.now - started)
                    } catch {
                        return .answered(index, .failure(error), clock.now - started)
                    }
                }
            }

            func startNext(reason: String?) async -> Bool {
                guard tried.count < attemptLimit, let pick = await pick(excluding: tried) else { return false }
                start(pick.index, reason: reason ?? pick.reason)
                return true
            }

            guard await startNext(reason: nil) else { throw noEndpointError() }
            if let threshold {
                group.addTask {
                    try? await options.clock.sleep(for: threshold)
                    return .hedgeDue
                }
            }
            while let event = try await group.next() {
                switch event {
                case .hedgeDue:
                    guard !Task.isCancelled, hedge == nil, running.count == 1, let primary = running.keys.first,
                        tried.count < endpoints.count, let threshold
                    else { continue }
                    if let pick = await pick(excluding: tried) {
                        hedge = (threshold, primary, pick.index)
                        start(pick.index, reason: "hedge")
                    }
                case .answered(let index, .success(var response), let elapsed):
                    let reason = running.removeValue(forKey: index) ?? "first"
                    await state.succeeded(index, firstOutput: elapsed)
                    group.cancelAll()
                    for other in running.keys { await state.ended(other) }
                    response.metadata.endpoint = selection(
                        index, reason: reason, failed: failed,
                        hedge: hedge.map {
                            .init(
                                afterSeconds: $0.after.seconds, primary: endpoints[$0.primary].label,
                                secondary: endpoints[$0.secondary].label, secondaryWon: $0.secondary == index)
                        })
                    return response
                case .answered(let index, .failure(let error), _):
                    running[index] = nil
                    if error is CancellationError || Task.isCancelled {
                        await state.ended(index)
                        group.cancelAll()
                        for (other, _) in running { await state.ended(other) }
                        throw CancellationError()
                    }
                    guard Self.isEndpointFailure(error) else {
                        await state.ended(index)
                        group.cancelAll()
                        for (other, _) in running { await state.ended(other) }
                        throw error
                    }
                    await state.failed(index)
                    failed.append(
                        .init(endpoint: endpoints[index].label, code: (error as? GenUIError)?.code ?? "other"))
                    lastError = error
                    if running.isEmpty, !(await startNext(reason: "failover")) {
                        group.cancelAll()
                        throw error
                    }
                }
            }
            throw lastError ?? noEndpointError()
        }
    }
}
