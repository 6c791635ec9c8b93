import GenUIRouter

/// A provider's endpoints in `providers.yml` (`endpoints:`, `strategy:`, `hedge:`): several servers of the same
/// model, used as one provider (an `EndpointFleet`).
public struct FleetSettings: Sendable, Hashable {
    /// One endpoint: its URL (the provider's `base_url` or `host` for that server) and its weight.
    public struct Endpoint: Sendable, Hashable {
        /// The URL, as written (with `${VAR}` expanded).
        public var url: String
        /// The weight for `strategy: weighted` (1 unless given).
        public var weight: Int
        /// The URL as it may be shown: a `${VAR}` spliced into it appears by its name, and user info, query values
        /// and the fragment are masked (``DisplayURL``). Everything that prints or logs an endpoint uses this.
        public var display: String

        /// Creates an endpoint; `display` defaults to `url` masked.
        public init(url: String, weight: Int = 1, display: String? = nil) {
            self.url = url
            self.weight = weight
            self.display = display ?? DisplayURL.masked(url)
        }
    }

    /// The endpoints, in the order given.
    public var endpoints: [Endpoint]
    /// How an endpoint is picked (`ordered` unless given).
    public var strategy: FleetStrategy
    /// When to hedge, if at all.
    public var hedge: HedgePolicy?
    /// How long one endpoint may take before the request goes to the next (`endpoint_timeout`), if set.
    public var endpointTimeout: Duration?

    /// Creates settings.
    public init(
        endpoints: [Endpoint], strategy: FleetStrategy = .ordered, hedge: HedgePolicy? = nil,
        endpointTimeout: Duration? = nil
    ) {
        self.endpoints = endpoints
        self.strategy = strategy
        self.hedge = hedge
        self.endpointTimeout = endpointTimeout
    }

    /// The fleet options these settings give.
    public var options: FleetOptions {
        var options = FleetOptions(strategy: strategy, hedge: hedge)
        options.endpointTimeout = endpointTimeout
        return options
    }
}
