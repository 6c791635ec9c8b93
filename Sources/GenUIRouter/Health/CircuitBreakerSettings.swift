/// When a failing provider is set aside, and for how long.
///
/// A provider with ``failureThreshold`` failures among its last ``sampleSize`` outcomes within ``window`` cools down
/// for ``coolDown`` (or for as long as its Retry-After asked, when longer). Successes do not erase failures, so a
/// provider that fails every other request is set aside as surely as one that fails every time; a rare failure among
/// many successes is not. After the cooldown one request is let through as a half-open probe: success closes the
/// circuit with a clean record, failure doubles the cooldown (up to ``maximumCoolDown``).
public struct CircuitBreakerSettings: Sendable, Hashable {
    /// Failures among the last ``sampleSize`` outcomes within the window that open the circuit.
    public var failureThreshold: Int
    /// How many of the most recent outcomes (successes and failures) are looked at; at least ``failureThreshold``.
    public var sampleSize: Int
    /// How far back failures count.
    public var window: Duration
    /// How long an opened circuit stays open.
    public var coolDown: Duration
    /// The longest cooldown, after repeated failed probes; also used for rejected credentials.
    public var maximumCoolDown: Duration

    /// Creates settings. `sampleSize` defaults to twice `failureThreshold`: the circuit opens when at least half of
    /// the recent outcomes failed, or after `failureThreshold` failures in a row.
    public init(
        failureThreshold: Int = 3, sampleSize: Int? = nil, window: Duration = .seconds(30),
        coolDown: Duration = .seconds(30), maximumCoolDown: Duration = .seconds(300)
    ) {
        self.failureThreshold = max(1, failureThreshold)
        self.sampleSize = max(self.failureThreshold, sampleSize ?? 2 * self.failureThreshold)
        self.window = window
        self.coolDown = coolDown
        self.maximumCoolDown = max(coolDown, maximumCoolDown)
    }
}
