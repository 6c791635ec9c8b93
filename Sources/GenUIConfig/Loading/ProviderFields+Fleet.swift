import GenUIDiagnostics
import GenUIRouter
import Yams

extension ProviderFields {
    /// The keys a provider with endpoints accepts: `endpoints`, `strategy`, `hedge` and `endpoint_timeout`.
    public static let fleetKeys = ["endpoints", "strategy", "hedge", "endpoint_timeout"]

    /// Reads `endpoints:` (a list of URLs or of `{url, weight}`), `strategy:` (`ordered`, `least-busy`, `latency`,
    /// `weighted`), `hedge:` (`{after: 2s}` or `{percentile: 90}`) and `endpoint_timeout:` (a duration), reporting
    /// each problem at its file:line:column. `nil` when the provider lists no endpoints (then the others are errors).
    /// `urlKey` is the provider's own URL key (`base_url`, `host`), which may not be given beside `endpoints`.
    /// Plain http to a host other than loopback is refused unless `allowInsecure`.
    public mutating func fleet(urlKey: String, allowInsecure: Bool = false) -> FleetSettings? {
        var settings = FleetSettings(endpoints: [])
        let endpointsNode = byKey["endpoints"]?.value
        if let endpointsNode {
            settings.endpoints = readEndpoints(endpointsNode, allowInsecure: allowInsecure)
            if let urlNode = byKey[urlKey]?.value {
                reader.error(urlNode, path(urlKey), YAMLReader.issue("endpointsAndURL", ["key": .verbatim(urlKey)]))
            }
        }
        if let node = byKey["strategy"]?.value {
            if endpointsNode == nil {
                reader.error(
                    node, path("strategy"), YAMLReader.issue("fleetNeedsEndpoints", ["key": .verbatim("strategy")]))
            } else if let text = reader.string(node, path("strategy")) {
                if let strategy = FleetStrategy(rawValue: text) {
                    settings.strategy = strategy
                } else {
                    reader.error(
                        node, path("strategy"), YAMLReader.issue("unknownStrategy", ["value": .verbatim(text)]),
                        suggestion: Suggestion.closest(to: text, in: FleetStrategy.allCases.map(\.rawValue)))
                }
            }
        }
        if let node = byKey["hedge"]?.value {
            if endpointsNode == nil {
                reader.error(node, path("hedge"), YAMLReader.issue("fleetNeedsEndpoints", ["key": .verbatim("hedge")]))
            } else {
                settings.hedge = readHedge(node)
            }
        }
        if let node = byKey["endpoint_timeout"]?.value {
            if endpointsNode == nil {
                reader.error(
                    node, path("endpoint_timeout"),
                    YAMLReader.issue("fleetNeedsEndpoints", ["key": .verbatim("endpoint_timeout")]))
            } else {
                settings.endpointTimeout = reader.duration(node, path("endpoint_timeout"))
            }
        }
        fleetSettings = endpointsNode == nil ? nil : settings
        return fleetSettings
    }

    private mutating func readEndpoints(_ node: Node, allowInsecure: Bool) -> [FleetSettings.Endpoint] {
        let listPath = path("endpoints")
        guard case .sequence(let sequence) = node else {
            reader.error(node, listPath, YAMLReader.mismatch(YAMLReader.expected("endpoints"), node))
            return []
        }
        if sequence.isEmpty { reader.error(node, listPath, YAMLReader.issue("emptyEndpoints")) }
        var endpoints: [FleetSettings.Endpoint] = []
        for (index, element) in sequence.enumerated() {
            let elementPath = "\(listPath)[\(index)]"
            switch element {
            case .scalar:
                if let url = checkedURL(element, elementPath, allowInsecure: allowInsecure) {
                    endpoints.append(.init(url: url, display: DisplayURL.masked(reader.shown(elementPath, url))))
                }
            case .mapping:
                guard let entries = reader.entries(element, elementPath, expected: YAMLReader.expected("endpoint"))
                else {
                    continue
                }
                reader.checkKeys(
                    entries, allowed: ["url", "weight"], path: elementPath, context: YAMLReader.expected("endpoint"))
                let fields = Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
                var weight = 1
                if let weightNode = fields["weight"],
                    let value = reader.integer(weightNode, "\(elementPath).weight", in: 1...1_000_000)
                {
                    weight = value
                }
                guard let urlNode = fields["url"] else {
                    reader.error(
                        element, "\(elementPath).url",
                        YAMLReader.issue(
                            "missingKey",
                            [
                                "key": .verbatim("url"), "type": .verbatim(type.rawValue),
                            ]))
                    continue
                }
                if let url = checkedURL(urlNode, "\(elementPath).url", allowInsecure: allowInsecure) {
                    endpoints.append(
                        .init(
                            url: url, weight: weight,
                            display: DisplayURL.masked(reader.shown("\(elementPath).url", url))))
                }
            default:
                reader.error(element, elementPath, YAMLReader.mismatch(YAMLReader.expected("endpoint"), element))
            }
        }
        return endpoints
    }

    private mutating func checkedURL(_ node: Node, _ path: String, allowInsecure: Bool) -> String? {
        guard let url = reader.url(node, path, unresolved: &unresolved) else { return nil }
        if !allowInsecure, ConfigurationParser.isInsecure(url) {
            reader.error(node, path, YAMLReader.issue("insecureURL"))
        }
        return url
    }

    private mutating func readHedge(_ node: Node) -> HedgePolicy? {
        let hedgePath = path("hedge")
        guard let entries = reader.entries(node, hedgePath, expected: YAMLReader.expected("hedge")) else { return nil }
        reader.checkKeys(
            entries, allowed: ["after", "percentile"], path: hedgePath, context: YAMLReader.expected("hedge"))
        let known = entries.filter { ["after", "percentile"].contains($0.key) }
        guard known.count == 1, let entry = known.first else {
            reader.error(node, hedgePath, YAMLReader.issue("hedgeOneOf"))
            return nil
        }
        if entry.key == "after" {
            return reader.duration(entry.value, "\(hedgePath).after").map(HedgePolicy.after)
        }
        return reader.integer(entry.value, "\(hedgePath).percentile", in: 1...99).map { .percentile(Double($0)) }
    }
}
