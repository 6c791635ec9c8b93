import GenUI

extension Diagnostics {
    /// One trace step as a sentence; a step served by one endpoint of several also says which endpoint and why it
    /// was picked ("fleet: answered in 0.4 s, at endpoint http://10.0.0.2:8080/v1 (fewest requests in flight)").
    public func describe(_ step: RouteTrace.Step) -> String {
        let sentence = describeStep(step)
        guard step.outcome == .served, let endpoint = step.endpoint else { return sentence }
        return text(
            "trace.endpoint",
            [
                "served": sentence, "endpoint": Self.safeValue(endpoint.endpoint), "reason": reason(of: endpoint),
            ])
    }

    /// Why an endpoint was picked, in the user's language.
    func reason(of endpoint: EndpointSelection) -> String {
        if let hedge = endpoint.hedge, hedge.secondaryWon {
            return text("trace.endpoint.hedge", ["duration": format.duration(seconds: hedge.afterSeconds)])
        }
        switch endpoint.reason {
        case "failover", "hedge":
            return text("trace.endpoint.failover", ["count": "\(endpoint.failedEndpoints.count)"])
        case "first", "fewestInFlight", "fewestBusySlots", "lowestLatency", "exploring", "weightedRandom":
            return text("trace.endpoint.\(endpoint.reason)")
        default:
            return Self.safeValue(endpoint.reason)
        }
    }
}
