/// Where a provider runs — and so how far a request it serves travels: on this device, on the local network, or to a
/// cloud service.
///
/// A chain, a session built on one, or a single request can keep requests within a boundary (`ProviderChain`'s
/// `keeping(within:)`, `boundary:` in `providers.yml`, or the prompt metadata key ``metadataKey``): a member that runs
/// beyond it is skipped, and the route says so ("would leave this device"), never silently. The cases are ordered from
/// nearest to farthest.
public enum ProviderLocation: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// The model runs on this device (the on-device runtime, a server on loopback that runs its own model).
    case onDevice = "on-device"
    /// The model runs on a machine of the local network.
    case localNetwork = "local-network"
    /// The model runs at a service on the internet.
    case cloud

    /// The prompt metadata key that keeps one request within a boundary: its value is a location's raw value
    /// (`"on-device"` or `"local-network"`), as in `session.respond(to: prompt, metadata: [key: "on-device"])`.
    public static let metadataKey = "genui.boundary"

    /// Whether a request kept within `boundary` may go to a provider here; a provider whose location is unknown
    /// (`nil`) is taken to be in a cloud.
    public static func isWithin(_ location: ProviderLocation?, boundary: ProviderLocation) -> Bool {
        (location ?? .cloud) <= boundary
    }

    public static func < (lhs: ProviderLocation, rhs: ProviderLocation) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
