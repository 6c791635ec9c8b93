/// How a fleet picks the endpoint for a request.
public enum FleetStrategy: String, Sendable, Hashable, CaseIterable, Codable {
    /// The first endpoint that is up, in the order given; the others only when it fails (one server with spares).
    case ordered
    /// The endpoint with the fewest requests in flight from this process; ties go round the endpoints in turn.
    case leastBusy = "least-busy"
    /// The endpoint with the lowest expected time to first output: its recent average (an exponentially weighted
    /// moving average) times one more than its requests in flight. An endpoint that has had no request for
    /// ``FleetOptions/explorationInterval`` gets the next one, so a recovered or once-slow endpoint is measured again.
    case latency
    /// A random endpoint, each with probability proportional to its weight.
    case weighted
}
