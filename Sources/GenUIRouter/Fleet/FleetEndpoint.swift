import GenUI

/// One endpoint of a fleet: a provider for one server of the same model.
public struct FleetEndpoint: Sendable {
    /// The provider that talks to this endpoint.
    public var model: any RoutableModel
    /// How the endpoint is shown in traces and by doctor: its URL, without credentials.
    public var label: String
    /// Its weight for ``FleetStrategy/weighted`` (positive; 1 by default).
    public var weight: Double
    /// Reads the server's slots for ``FleetStrategy/leastBusy`` (llama-server's `/slots`); `nil` when the server
    /// has no such thing, or the function answers `nil` (not supported, not reachable).
    public var slots: (@Sendable () async -> SlotReading?)?

    /// Creates an endpoint. A weight that is not a positive finite number counts as 1.
    public init(
        _ model: any RoutableModel, label: String, weight: Double = 1,
        slots: (@Sendable () async -> SlotReading?)? = nil
    ) {
        self.model = model
        self.label = label
        self.weight = weight.isFinite && weight > 0 ? weight : 1
        self.slots = slots
    }
}
