import GenUI
import Synchronization

/// How an ``EndpointFleet`` picks endpoints, sets failing ones aside and hedges.
public struct FleetOptions: Sendable {
    /// How an endpoint is picked.
    public var strategy: FleetStrategy
    /// When to send a second copy of a slow request; `nil` (the default) never hedges.
    public var hedge: HedgePolicy?
    /// How many endpoints one request may try when they fail with a transport failure, a server error, a timeout or
    /// unavailability; `nil` means every endpoint. All tries happen within the chain's attempt timeout.
    public var maximumEndpointAttempts: Int?
    /// How long an endpoint that failed is set aside; doubled on each failure in a row, up to
    /// ``maximumCoolDown``. After it, the endpoint is tried again.
    public var coolDown: Duration
    /// The longest an endpoint is set aside.
    public var maximumCoolDown: Duration
    /// How long an endpoint's availability check is reused.
    public var availabilityTTL: Duration
    /// How long one endpoint's availability check may take; one that does not answer counts as down.
    public var availabilityTimeout: Duration
    /// For ``FleetStrategy/latency``: an endpoint that has had no request for this long gets the next one.
    public var explorationInterval: Duration
    /// The weight of the newest sample in the moving average of an endpoint's time to first output (0...1).
    public var smoothing: Double
    /// How many recent times to first output a ``HedgePolicy/percentile(_:)`` needs before it hedges.
    public var minimumHedgeSamples: Int
    /// The random source for ``FleetStrategy/weighted``.
    public var random: FleetRandom
    /// For ``FleetStrategy/leastBusy``: how long a slot reading (``FleetEndpoint/slots``) counts as fresh; an older
    /// one is read again before the next pick.
    public var slotsFreshness: Duration = .seconds(1)
    /// How long reading one endpoint's slots may take before the pick goes ahead without it.
    public var slotsTimeout: Duration = .milliseconds(300)
    /// How long one endpoint may take to answer (a stream: to send its first output) before its request is
    /// cancelled and the endpoint is set aside as timed out, so the request goes to the next endpoint; `nil` (the
    /// default) leaves a silent endpoint to the chain's attempt timeout, which ends the attempt instead.
    public var endpointTimeout: Duration?
    /// Where the fleet reads the time and waits: set-aside times, availability and slot freshness, exploration,
    /// times to first output, hedging delays and ``endpointTimeout``. A test gives a clock it steps
    /// (`GenUITesting`'s `ManualClock`) so these pass without waiting.
    public var clock: ChainClock = .continuous

    /// Creates options.
    public init(
        strategy: FleetStrategy = .ordered, hedge: HedgePolicy? = nil, maximumEndpointAttempts: Int? = nil,
        coolDown: Duration = .seconds(5), maximumCoolDown: Duration = .seconds(60),
        availabilityTTL: Duration = .seconds(2), availabilityTimeout: Duration = .seconds(2),
        explorationInterval: Duration = .seconds(10), smoothing: Double = 0.3, minimumHedgeSamples: Int = 20,
        random: FleetRandom = .system
    ) {
        self.strategy = strategy
        self.hedge = hedge
        self.maximumEndpointAttempts = maximumEndpointAttempts.map { max(1, $0) }
        self.coolDown = max(coolDown, .zero)
        self.maximumCoolDown = max(self.coolDown, maximumCoolDown)
        self.availabilityTTL = availabilityTTL
        self.availabilityTimeout = availabilityTimeout
        self.explorationInterval = explorationInterval
        self.smoothing = smoothing.isFinite ? min(1, max(0.01, smoothing)) : 0.3
        self.minimumHedgeSamples = max(1, minimumHedgeSamples)
        self.random = random
    }
}

/// A source of random numbers in `0..<1`, injectable so tests of ``FleetStrategy/weighted`` are deterministic.
public struct FleetRandom: Sendable {
    private let draw: @Sendable () -> Double

    /// A source that calls `draw` (which must return values in `0..<1`; others are clamped).
    public init(_ draw: @escaping @Sendable () -> Double) {
        self.draw = draw
    }

    /// The next number, in `0..<1`.
    public func next() -> Double {
        let value = draw()
        guard value.isFinite else { return 0 }
        return min(max(value, 0), 0.999_999_999)
    }

    /// The system's generator.
    public static var system: FleetRandom { FleetRandom { Double.random(in: 0..<1) } }

    /// A reproducible generator (SplitMix64) started from `seed`.
    public static func seeded(_ seed: UInt64) -> FleetRandom {
        let state = Mutex(seed)
        return FleetRandom {
            let bits = state.withLock { state -> UInt64 in
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
            return Double(bits >> 11) / Double(UInt64(1) << 53)
        }
    }
}
