import GenUI

/// One provider made of several endpoints serving the same model — several llama-server, vLLM or Ollama instances,
/// or gateways in front of them — used as one `RoutableModel`.
///
/// Each request goes to one endpoint, picked by the ``FleetStrategy``; an endpoint that fails with a transport
/// failure, a server error, a timeout or unavailability is set aside for a cooldown and the request tries the next
/// endpoint (at most ``FleetOptions/maximumEndpointAttempts``), all before the chain's outcome policy sees anything.
/// Errors any endpoint would give (a refusal, an invalid request, output that does not validate) are thrown at once.
/// With a ``HedgePolicy``, a request without tools whose first endpoint has not answered by the threshold is also sent
/// to a second endpoint; the first answer wins and the other request is cancelled.
///
/// The fleet is available while one endpoint is. The response's `ResponseMetadata.endpoint` (and the chain's trace)
/// names the endpoint that served and why it was picked. See docs/routing.md, "Fleets".
public struct EndpointFleet: RoutableModel {
    /// The provider's name.
    public let name: String
    /// The endpoints, in the order given.
    public let endpoints: [FleetEndpoint]
    /// How endpoints are picked, set aside and hedged.
    public let options: FleetOptions
    let state: FleetState

    /// Creates a fleet named `name` over `endpoints`. A fleet without endpoints is never available.
    public init(name: String, endpoints: [FleetEndpoint], options: FleetOptions = FleetOptions()) {
        self.name = name
        self.endpoints = endpoints
        self.options = options
        self.state = FleetState(weights: endpoints.map(\.weight), options: options)
    }

    /// Available while one endpoint is; otherwise the first endpoint's reason. Each endpoint is checked
    /// concurrently (bounded by ``FleetOptions/availabilityTimeout``; one that does not answer counts as down) and the
    /// result reused for ``FleetOptions/availabilityTTL``.
    public var availability: Availability {
        get async {
            let results = await checkEndpoints()
            if results.contains(where: \.isAvailable) { return .available }
            return results.first ?? .unavailable(.notConfigured(missing: "endpoints"))
        }
    }

    /// Checks every endpoint (or reuses a fresh check): their availabilities, in order.
    func checkEndpoints() async -> [Availability] {
        await withTaskGroup(of: (Int, Availability).self) { group in
            for (index, endpoint) in endpoints.enumerated() {
                group.addTask {
                    if let cached = await state.availability(index) { return (index, cached) }
                    let checked =
                        (try? await withDeadline(options.availabilityTimeout, clock: options.clock) {
                            await endpoint.model.availability
                        }) ?? .unavailable(.unreachable(endpoint: endpoint.label))
                    await state.store(checked, for: index)
                    return (index, checked)
                }
            }
            var results = [Availability](repeating: .available, count: endpoints.count)
            for await (index, availability) in group { results[index] = availability }
            return results
        }
    }

    /// Every endpoint's availability, statistics and whether it is set aside (checking availability first).
    public func endpointStatuses() async -> [EndpointStatus] {
        let checked = await checkEndpoints()
        return await state.statuses(labels: endpoints.map(\.label), availabilities: checked)
    }

    /// The capabilities of the first endpoint that is up (the endpoints serve the same model).
    public var supportedCapabilities: Set<LanguageModelCapability> {
        get async { await firstUp()?.model.supportedCapabilities ?? [] }
    }

    /// The context size the first endpoint that is up reports.
    public var contextSize: Int {
        get async throws {
            guard let endpoint = await firstUp() else { throw noEndpointError() }
            return try await endpoint.model.contextSize
        }
    }

    /// Counted by the first endpoint that is up.
    public func tokenCount(for request: GenerationRequest) async throws -> Int {
        guard let endpoint = await firstUp() else { return TokenEstimate.tokens(in: request) }
        return try await endpoint.model.tokenCount(for: request)
    }

    /// Warms up every endpoint.
    public func prewarm(promptPrefix: String?) async {
        await withTaskGroup(of: Void.self) { group in
            for endpoint in endpoints {
                group.addTask { await endpoint.model.prewarm(promptPrefix: promptPrefix) }
            }
        }
    }

    /// Picks the endpoint for the next try (``FleetState/pick(excluding:now:)``), reading stale slots first.
    func pick(excluding tried: Set<Int>) async -> (index: Int, reason: String)? {
        await refreshSlots()
        return await state.pick(excluding: tried)
    }

    /// For ``FleetStrategy/leastBusy``: reads again, concurrently, the slots of every endpoint that can say
    /// (``FleetEndpoint/slots``) and whose reading is no longer fresh, each within ``FleetOptions/slotsTimeout``.
    func refreshSlots() async {
        guard options.strategy == .leastBusy else { return }
        let readable = endpoints.indices.filter { endpoints[$0].slots != nil }
        guard !readable.isEmpty else { return }
        let stale = await state.staleSlots(readable)
        await withTaskGroup(of: Void.self) { group in
            for index in stale {
                guard let read = endpoints[index].slots else { continue }
                group.addTask {
                    let reading = try? await withDeadline(options.slotsTimeout, clock: options.clock) { await read() }
                    await state.store(slots: reading ?? nil, for: index)
                }
            }
        }
    }

    /// The first endpoint not known to be down, else the first endpoint; `nil` for a fleet without endpoints.
    private func firstUp() async -> FleetEndpoint? {
        for (index, endpoint) in endpoints.enumerated() {
            if await state.availability(index)?.isAvailable != false { return endpoint }
        }
        return endpoints.first
    }

    /// Whether a failure of one endpoint may not happen at another, so the request tries the next endpoint and this
    /// one is set aside.
    static func isEndpointFailure(_ error: any Error) -> Bool {
        guard let error = error as? GenUIError else { return !(error is CancellationError) }
        switch error {
        case .transport, .unavailable, .serverError, .timedOut, .rateLimited, .unauthorized: return true
        default: return false
        }
    }

    /// The most endpoints one request may try.
    var attemptLimit: Int { min(endpoints.count, options.maximumEndpointAttempts ?? endpoints.count) }

    /// A request may be hedged: it offers no tools and carries no tool calls or results.
    static func mayHedge(_ request: GenerationRequest) -> Bool {
        request.tools.isEmpty && !request.messages.contains { $0.role == .tool || !$0.toolCalls.isEmpty }
    }

    /// The error when no endpoint is up.
    func noEndpointError() -> GenUIError {
        .unavailable(
            .unreachable(endpoint: endpoints.map(\.label).joined(separator: ", ")),
            .init(provider: name, debugDescription: "none of the \(endpoints.count) endpoints of \(name) is up"))
    }

    func selection(
        _ index: Int, reason: String, failed: [EndpointSelection.FailedEndpoint], hedge: EndpointSelection.Hedge?
    ) -> EndpointSelection {
        EndpointSelection(
            endpoint: endpoints[index].label, index: index, endpointCount: endpoints.count,
            strategy: options.strategy.rawValue, reason: reason, failedEndpoints: failed, hedge: hedge)
    }
}
