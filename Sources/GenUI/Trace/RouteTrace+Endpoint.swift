/// Which endpoint of a provider with several endpoints (a fleet) served a request, and why it was picked.
///
/// Carried by ``ResponseMetadata/endpoint`` and by the serving ``RouteTrace/Step/endpoint``; `nil` for a provider
/// with one endpoint.
public struct EndpointSelection: Sendable, Hashable, Codable {
    /// The endpoint that served (its URL as shown to users, never with credentials).
    public var endpoint: String
    /// Its position among the provider's endpoints, from 0.
    public var index: Int
    /// How many endpoints the provider has.
    public var endpointCount: Int
    /// The provider's selection strategy (`ordered`, `least-busy`, `latency`, `weighted`).
    public var strategy: String
    /// Why this endpoint was picked: `first` (ordered), `fewestInFlight`, `fewestBusySlots` (least-busy with the
    /// servers' own slot counts), `lowestLatency`, `exploring` (an endpoint
    /// without recent statistics gets a request so it can come back), `weightedRandom`, `failover` (an earlier
    /// endpoint failed), `hedge` (a second copy of the request answered first).
    public var reason: String
    /// The endpoints tried before this one for this request, each with the error code it failed with.
    public var failedEndpoints: [FailedEndpoint]
    /// The hedge, when a second copy of the request was sent.
    public var hedge: Hedge?

    /// Creates a selection record.
    public init(
        endpoint: String, index: Int, endpointCount: Int, strategy: String, reason: String,
        failedEndpoints: [FailedEndpoint] = [], hedge: Hedge? = nil
    ) {
        self.endpoint = endpoint
        self.index = index
        self.endpointCount = endpointCount
        self.strategy = strategy
        self.reason = reason
        self.failedEndpoints = failedEndpoints
        self.hedge = hedge
    }

    /// An endpoint that failed before another served.
    public struct FailedEndpoint: Sendable, Hashable, Codable {
        /// The endpoint.
        public var endpoint: String
        /// The error's code (``GenUIError/code``).
        public var code: String

        /// Creates a record.
        public init(endpoint: String, code: String) {
            self.endpoint = endpoint
            self.code = code
        }
    }

    /// A hedged request: no output had arrived from the first endpoint after ``afterSeconds``, so the same request
    /// went to a second endpoint; the first answer won and the other request was cancelled.
    public struct Hedge: Sendable, Hashable, Codable {
        /// How long the first endpoint had before the copy was sent, in seconds.
        public var afterSeconds: Double
        /// The endpoint that got the request first.
        public var primary: String
        /// The endpoint that got the copy.
        public var secondary: String
        /// Whether the copy answered first.
        public var secondaryWon: Bool

        /// Creates a record.
        public init(afterSeconds: Double, primary: String, secondary: String, secondaryWon: Bool) {
            self.afterSeconds = afterSeconds
            self.primary = primary
            self.secondary = secondary
            self.secondaryWon = secondaryWon
        }
    }
}
