/// When a failing provider is set aside, and for how long.
///
/// A provider that fails ``failureThreshold`` times within ``window`` cools down for ``coolDown`` (or for as long as
/// its Retry-After asked, when longer). After the cooldown one request is let through as a half-open probe: success
/// closes the circuit, failure doubles the cooldown (up to ``maximumCoolDown``).
public struct CircuitBreakerSettings: Sendable, Hashable {
    /// Failures within the window that open the circuit.
    public var failureThreshold: Int
    /// How far back failures count.
    public var window: Duration
    /// How long an opened circuit stays open.
    public var coolDown: Duration
    /// The longest cooldown, after repeated failed probes; also used for rejected credentials.
    public var maximumCoolDown: Duration

    /// Creates settings.
    public init(
        failureThreshold: Int = 3, window: Duration = .seconds(30), coolDown: Duration = .seconds(30),
        maximumCoolDown: Duration = .seconds(300)
    ) {
        self.failureThreshold = max(1, failureThreshold)
        self.window = window
        self.coolDown = coolDown
        self.maximumCoolDown = max(coolDown, maximumCoolDown)
    }
}
