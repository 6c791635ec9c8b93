import GenUI

extension Diagnostics {
    /// One trace step as a sentence; a step served by one endpoint of several also says which endpoint and why it
    /// was picked ("fleet: answered in 0.4 s, at endpoint http://10.0.0.2:8080/v1 (fewest requests in flight)").
    public func describe(_ step: RouteTrace.Step) -> String {
        var sentence = describeStep(step)
        if step.outcome == .served, let endpoint = step.endpoint {
            sentence = text(
                "trace.endpoint",
                [
                    "served": sentence, "endpoint": Self.safeValue(endpoint.endpoint), "reason": reason(of: endpoint),
                ])
        }
        guard let fit = step.contextFit else { return sentence }
        return text(
            fit.keptTurns < fit.totalTurns
                ? "trace.fitted.turns" : fit.droppedToolEntries > 0 ? "trace.fitted.tools" : "trace.fitted.shortened",
            [
                "step": sentence, "kept": "\(fit.keptTurns)", "total": "\(fit.totalTurns)",
                "count": "\(fit.droppedToolEntries)", "provider": step.provider, "context": tokens(fit.contextSize),
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
