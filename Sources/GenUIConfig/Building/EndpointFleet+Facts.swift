import GenUI
import GenUIDiagnostics
import GenUIRouter

/// What `genui doctor -v` shows for a provider with several endpoints: how many are up, then each endpoint and its
/// state, checked as the fleet checks them.
extension EndpointFleet: ProviderFactsReporting {
    public func facts() async -> [ProviderFact] {
        let statuses = await endpointStatuses()
        var facts = [
            ProviderFact(
                kind: "endpoint",
                LocalizedText(
                    "doctor.fact.fleet",
                    [
                        "up": .integer(statuses.filter(\.isUp).count), "total": .integer(statuses.count),
                        "strategy": .verbatim(options.strategy.rawValue),
                    ]))
        ]
        for status in statuses {
            let url = LocalizedText.Argument.verbatim(status.endpoint)
            if let remaining = status.coolingDown {
                facts.append(
                    ProviderFact(
                        kind: "endpoint",
                        LocalizedText(
                            "doctor.fact.fleetEndpointCoolingDown",
                            ["url": url, "duration": .seconds(remaining.seconds)])))
            } else if let reason = status.availability?.unavailableReason {
                facts.append(
                    ProviderFact(
                        kind: "endpoint",
                        LocalizedText(
                            "doctor.fact.fleetEndpointDown", ["url": url, "reason": .reason(reason)])))
            } else {
                facts.append(ProviderFact(kind: "endpoint", LocalizedText("doctor.fact.fleetEndpointUp", ["url": url])))
            }
        }
        return facts
    }
}
