import GenUI

/// What a fleet knows about one of its endpoints, as ``EndpointFleet/endpointStatuses()`` reports it.
public struct EndpointStatus: Sendable, Hashable {
    /// The endpoint, as shown to users.
    public var endpoint: String
    /// Its weight.
    public var weight: Double
    /// Its last availability check, when one is fresh; `nil` when it was not checked recently.
    public var availability: Availability?
    /// How long it is still set aside after failing; `nil` when it is not.
    public var coolingDown: Duration?
    /// Requests in flight to it from this process.
    public var inFlight: Int
    /// Requests it answered.
    public var served: Int
    /// Requests it failed.
    public var failed: Int
    /// The moving average of its time to first output, in seconds, once it has answered.
    public var averageSeconds: Double?

    /// Whether the endpoint counts as up: not known to be unavailable and not set aside.
    public var isUp: Bool { coolingDown == nil && availability?.isAvailable != false }
}

/// The running statistics of one endpoint.
struct EndpointStatistics: Sendable {
    var inFlight = 0
    var served = 0
    var failed = 0
    /// Moving average of the time to first output, seconds.
    var average: Double?
    /// When a request last went to it.
    var lastPicked: ContinuousClock.Instant?
    /// Set aside until then, after a failure.
    var downUntil: ContinuousClock.Instant?
    /// Failures in a row (each doubles the time set aside).
    var failuresInARow = 0
    /// The last availability check and when it was made.
    var availability: (value: Availability, at: ContinuousClock.Instant)?
    /// The last slot reading (``FleetEndpoint/slots``) and when it was taken; a `nil` value is a reading that failed.
    var slots: (value: SlotReading?, at: ContinuousClock.Instant)?
}
