/// When a fleet sends a second copy of a request (a hedge) to another endpoint.
///
/// A hedge goes out when no output has arrived from the first endpoint by the threshold; the first answer wins and
/// the other request is cancelled (its connection closed). Hedging is opt-in and never applies to requests that
/// offer tools or carry tool results: a tool may have side effects.
public enum HedgePolicy: Sendable, Hashable {
    /// Hedge after a fixed time.
    case after(Duration)
    /// Hedge after the given percentile (in 1...99.9) of the fleet's recent times to first output; no hedging until
    /// the fleet has ``FleetOptions/minimumHedgeSamples`` of them.
    case percentile(Double)
}
