import GenUI
import GenUIRouter

extension ProviderRegistry {
    /// The provider for `settings`: `make(url, display)` when the file lists no `endpoints:` (`display` being the
    /// display form of the setting `urlKey`), otherwise one provider per endpoint (`make` with that endpoint's URL
    /// and display form) used as one ``EndpointFleet`` with the file's strategy and hedge. `slots` gives an
    /// endpoint's slot reader (``FleetEndpoint/slots``), for types whose servers may have one.
    static func fleet(
        _ settings: ProviderSettings, url: String, urlKey: String,
        slots: (String) -> (@Sendable () async -> SlotReading?)? = { _ in nil },
        _ make: (_ url: String, _ display: String) throws -> any RoutableModel
    ) throws -> any RoutableModel {
        guard let fleet = settings.fleet, !fleet.endpoints.isEmpty else {
            return try make(url, settings.displayValues[urlKey] ?? DisplayURL.masked(url))
        }
        let endpoints = try fleet.endpoints.map { endpoint in
            FleetEndpoint(
                try make(endpoint.url, endpoint.display), label: endpoint.display, weight: Double(endpoint.weight),
                slots: fleet.options.strategy == .leastBusy ? slots(endpoint.url) : nil)
        }
        return EndpointFleet(name: settings.name, endpoints: endpoints, options: fleet.options)
    }
}
