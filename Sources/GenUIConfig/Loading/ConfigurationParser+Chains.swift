import GenUI
import GenUIDiagnostics
import GenUIRouter
import Yams

extension ConfigurationParser {
    mutating func parseChains(_ node: Node, providerNames: [String], declared: [String]) -> [ChainSettings] {
        guard let entries = reader.entries(node, "chains", expected: YAMLReader.expected("chains")) else {
            return []
        }
        if entries.isEmpty { reader.error(node, "chains", YAMLReader.issue("noChains")) }
        return entries.compactMap { parseChain($0, providerNames: providerNames, declared: declared) }
    }

    private mutating func parseChain(_ entry: YAMLReader.Entry, providerNames: [String], declared: [String])
        -> ChainSettings?
    {
        let path = "chains.\(entry.key)"
        var options = ChainOptions()
        let membersNode: Node
        switch entry.value {
        case .sequence:
            membersNode = entry.value
        case .mapping:
            guard let fields = reader.entries(entry.value, path, expected: YAMLReader.expected("chain")) else {
                return nil
            }
            reader.checkKeys(
                fields, allowed: Self.chainKeys, path: path, context: LocalizedText("config.context.inChain"))
            let byKey = Dictionary(fields.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            guard let providers = byKey["providers"] else {
                reader.error(entry.value, "\(path).providers", YAMLReader.issue("chainWithoutProvidersKey"))
                return nil
            }
            membersNode = providers.value
            parseOptions(byKey, path: path, into: &options)
        default:
            reader.error(
                entry.value, path,
                YAMLReader.mismatch(YAMLReader.expected("providerNamesExample"), entry.value))
            return nil
        }
        guard case .sequence(let sequence) = membersNode else {
            reader.error(
                membersNode, "\(path).providers", YAMLReader.mismatch(YAMLReader.expected("providerNames"), membersNode)
            )
            return nil
        }
        if sequence.isEmpty { reader.error(membersNode, path, YAMLReader.issue("emptyChain")) }
        var members: [String] = []
        var memberOptions: [String: MemberOptions] = [:]
        for (index, element) in sequence.enumerated() {
            let elementPath = "\(path)[\(index)]"
            var options: MemberOptions?
            let name: String
            if case .mapping = element {
                guard let (named, parsed) = parseMember(element, path: elementPath) else { continue }
                name = named
                options = parsed
            } else {
                guard let named = reader.string(element, elementPath) else { continue }
                name = named
            }
            if members.contains(name) {
                reader.error(element, elementPath, YAMLReader.issue("providerTwice", ["provider": .verbatim(name)]))
                continue
            }
            if !providerNames.contains(name) && !declared.contains(name) {
                reader.error(
                    element, elementPath, YAMLReader.issue("undefinedProvider", ["provider": .verbatim(name)]),
                    suggestion: Suggestion.closest(to: name, in: declared))
                continue
            }
            members.append(name)
            if let options, !options.isEmpty { memberOptions[name] = options }
        }
        var settings = ChainSettings(
            name: entry.key, providers: members, options: options, location: reader.location(entry.keyNode))
        settings.memberOptions = memberOptions
        return settings
    }

    /// A member listed with its own settings: `{provider: name, temperature, max_tokens, reasoning, extra_body}`.
    private mutating func parseMember(_ node: Node, path: String) -> (String, MemberOptions)? {
        guard let fields = reader.entries(node, path, expected: YAMLReader.expected("chainMember")) else { return nil }
        reader.checkKeys(
            fields, allowed: Self.chainMemberKeys, path: path, context: LocalizedText("config.context.inChainMember"))
        let byKey = Dictionary(fields.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        guard let providerEntry = byKey["provider"] else {
            reader.error(
                node, "\(path).provider",
                YAMLReader.issue("missingValue", ["expected": .phrase(YAMLReader.expected("string"))]))
            return nil
        }
        guard let name = reader.string(providerEntry.value, "\(path).provider") else { return nil }
        var options = MemberOptions()
        if let entry = byKey["temperature"] {
            options.temperature = reader.number(entry.value, "\(path).temperature", in: 0...2)
        }
        if let entry = byKey["max_tokens"] {
            options.maximumResponseTokens = reader.integer(entry.value, "\(path).max_tokens", in: 1...10_000_000)
        }
        if let entry = byKey["reasoning"] {
            options.reasoningLevel = reader.reasoningLevel(entry.value, "\(path).reasoning")
        }
        if let entry = byKey["extra_body"] {
            let keyPath = "\(path).extra_body"
            if case .mapping = entry.value {
                let properties = reader.content(entry.value, keyPath)?.orderedProperties ?? []
                options.extraBody = Dictionary(
                    properties.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
            } else {
                reader.error(entry.value, keyPath, YAMLReader.mismatch(YAMLReader.expected("bodyFields"), entry.value))
            }
        }
        return (name, options)
    }

    private mutating func parseOptions(
        _ byKey: [String: YAMLReader.Entry], path: String, into options: inout ChainOptions
    ) {
        func key(_ name: String) -> (Node, String)? { byKey[name].map { ($0.value, "\(path).\(name)") } }
        if let (node, keyPath) = key("fallback_on_refusal"), let value = reader.boolean(node, keyPath) {
            options.policy = options.policy.fallingBackOnRefusal(value)
        }
        if let (node, keyPath) = key("allow_unguided"), let value = reader.boolean(node, keyPath) {
            options.allowUnguided = value
        }
        if let (node, keyPath) = key("restart_after_output"), let value = reader.boolean(node, keyPath) {
            options.restartStreamAfterOutput = value
        }
        if let (node, keyPath) = key("attempt_timeout"), let value = reader.duration(node, keyPath) {
            options.attemptTimeout = value
        }
        if let (node, keyPath) = key("deadline"), let value = reader.duration(node, keyPath) {
            options.deadline = value
        }
        if let (node, keyPath) = key("availability_timeout"), let value = reader.duration(node, keyPath) {
            options.availabilityTimeout = value
        }
        if let (node, keyPath) = key("boundary"), let value = reader.providerLocation(node, keyPath) {
            options.boundary = value
        }
        if let (node, keyPath) = key("policy") { parsePolicy(node, path: keyPath, into: &options.policy) }
        if let (node, keyPath) = key("breaker") { parseBreaker(node, path: keyPath, into: &options.breaker) }
    }

    private mutating func parsePolicy(_ node: Node, path: String, into policy: inout OutcomePolicy) {
        guard let entries = reader.entries(node, path, expected: YAMLReader.expected("policy")) else {
            return
        }
        let classes = OutcomeClass.allCases.map(\.rawValue)
        let actions = OutcomeRule.Action.allCases.map(\.rawValue)
        for entry in entries {
            let keyPath = "\(path).\(entry.key)"
            guard let outcome = OutcomeClass(rawValue: entry.key) else {
                reader.error(
                    entry.keyNode, keyPath,
                    YAMLReader.issue("unknownOutcome", ["outcome": .verbatim(entry.key), "known": .list(classes)]),
                    suggestion: Suggestion.closest(to: entry.key, in: classes))
                continue
            }
            guard let value = reader.string(entry.value, keyPath) else { continue }
            guard let action = OutcomeRule.Action(rawValue: value) else {
                reader.error(
                    entry.value, keyPath,
                    YAMLReader.issue("unknownAction", ["action": .verbatim(value), "known": .list(actions)]),
                    suggestion: Suggestion.closest(to: value, in: actions))
                continue
            }
            if outcome == .cancelled, action != .stop {
                reader.error(entry.value, keyPath, YAMLReader.issue("cancelledMustStop"))
                continue
            }
            policy.setAction(action, for: outcome)
        }
    }

    private mutating func parseBreaker(_ node: Node, path: String, into breaker: inout CircuitBreakerSettings) {
        guard let entries = reader.entries(node, path, expected: YAMLReader.expected("breaker")) else {
            return
        }
        reader.checkKeys(
            entries, allowed: Self.breakerKeys, path: path, context: LocalizedText("config.context.inBreaker"))
        var failures = breaker.failureThreshold
        var sampleSize: Int?
        var window = breaker.window
        var coolDown = breaker.coolDown
        var maximum = breaker.maximumCoolDown
        for entry in entries {
            let keyPath = "\(path).\(entry.key)"
            switch entry.key {
            case "failures": failures = reader.integer(entry.value, keyPath, in: 1...1000) ?? failures
            case "of_last": sampleSize = reader.integer(entry.value, keyPath, in: 1...10000) ?? sampleSize
            case "window": window = reader.duration(entry.value, keyPath) ?? window
            case "cooldown": coolDown = reader.duration(entry.value, keyPath) ?? coolDown
            case "max_cooldown": maximum = reader.duration(entry.value, keyPath) ?? maximum
            default: break
            }
        }
        if let sampleSize, sampleSize < failures, let node = entries.first(where: { $0.key == "of_last" })?.value {
            reader.error(
                node, "\(path).of_last",
                YAMLReader.issue(
                    "sampleSmallerThanFailures",
                    [
                        "sample": .integer(sampleSize), "failures": .integer(failures),
                    ]))
        }
        breaker = CircuitBreakerSettings(
            failureThreshold: failures, sampleSize: sampleSize, window: window, coolDown: coolDown,
            maximumCoolDown: maximum)
    }
}
