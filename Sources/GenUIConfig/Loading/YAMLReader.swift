import Foundation
import GenUI
import GenUIDiagnostics
import Yams

/// Reads a composed YAML tree with positions, collecting every problem as a located ``ConfigurationIssue``.
struct YAMLReader {
    /// One `key: value` of a mapping, with the key's position.
    struct Entry {
        var key: String
        var keyNode: Node
        var value: Node
    }

    let file: String
    let environment: [String: String]
    var issues: [ConfigurationIssue] = []
    /// Environment variables read while expanding values, for `-v`.
    var variablesRead: [String] = []
    /// How values may be shown, by key path, where that differs from the value: spliced-in environment variables by
    /// name, URLs with their credentials masked (see ``Interpolation`` and ``DisplayURL``).
    var displayValues: [String: String] = [:]

    init(file: String, environment: [String: String]) {
        self.file = file
        self.environment = environment
    }

    var hasErrors: Bool { issues.contains { $0.severity == .error } }

    func location(_ node: Node?) -> SourceLocation {
        let mark = node?.mark
        return SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    /// Records an error, worded by the catalog (`config.issue.*`), so it can be printed in any language.
    mutating func error(_ node: Node?, _ path: String, _ text: LocalizedText, suggestion: String? = nil) {
        issues.append(ConfigurationIssue(.error, at: location(node), keyPath: path, text: text, suggestion: suggestion))
    }

    /// Records a warning, worded by the catalog (`config.issue.*`).
    mutating func warning(_ node: Node?, _ path: String, _ text: LocalizedText, suggestion: String? = nil) {
        issues.append(
            ConfigurationIssue(.warning, at: location(node), keyPath: path, text: text, suggestion: suggestion))
    }

    /// Records an error whose message is already written out; prefer a catalog message.
    mutating func error(_ node: Node?, _ path: String, _ message: String, suggestion: String? = nil) {
        issues.append(
            ConfigurationIssue(.error, at: location(node), keyPath: path, message: message, suggestion: suggestion))
    }

    /// Records a warning whose message is already written out; prefer a catalog message.
    mutating func warning(_ node: Node?, _ path: String, _ message: String, suggestion: String? = nil) {
        issues.append(
            ConfigurationIssue(.warning, at: location(node), keyPath: path, message: message, suggestion: suggestion))
    }

    /// A catalog message of the configuration (`config.issue.<name>`).
    static func issue(_ name: String, _ arguments: [String: LocalizedText.Argument] = [:]) -> LocalizedText {
        LocalizedText("config.issue.\(name)", arguments)
    }

    /// A catalog phrase naming what a value should be (`config.expected.<name>`), for "expected …" messages.
    static func expected(_ name: String) -> LocalizedText { LocalizedText("config.expected.\(name)") }

    /// A short name for a node's shape, for "expected …, found …" messages.
    static func shape(of node: Node) -> LocalizedText {
        LocalizedText("config.shape.\(shapeName(of: node))")
    }

    private static func shapeName(of node: Node) -> String {
        switch node {
        case .mapping: return "mapping"
        case .sequence: return "list"
        case .alias: return "alias"
        case .scalar(let scalar):
            if scalar.style == .singleQuoted || scalar.style == .doubleQuoted { return "string" }
            if isNull(node) { return "null" }
            if Int(scalar.string) != nil { return "number" }
            if ["true", "false"].contains(scalar.string.lowercased()) { return "boolean" }
            return "string"
        }
    }

    /// "expected X, found Y".
    static func mismatch(_ expected: LocalizedText, _ node: Node) -> LocalizedText {
        issue("mismatch", ["expected": .phrase(expected), "found": .phrase(shape(of: node))])
    }

    static func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// The entries of a mapping, or `nil` (with an error) when `node` is not one. Keys must be plain strings and
    /// unique.
    mutating func entries(_ node: Node, _ path: String, expected: String) -> [Entry]? {
        entries(node, path, expected: LocalizedText.verbatim(expected))
    }

    /// The entries of a mapping, or `nil` (with an error naming `expected`) when `node` is not one.
    mutating func entries(_ node: Node, _ path: String, expected: LocalizedText) -> [Entry]? {
        guard case .mapping(let mapping) = node else {
            error(node, path, Self.mismatch(expected, node))
            return nil
        }
        var result: [Entry] = []
        var seen: [String: Node] = [:]
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode, !Self.isNull(keyNode) else {
                error(keyNode, path, Self.issue("keyNotPlain", ["found": .phrase(Self.shape(of: keyNode))]))
                continue
            }
            let key = scalar.string
            if let first = seen[key] {
                let at = location(first)
                error(
                    keyNode, Self.join(path, key),
                    Self.issue(
                        "duplicateKey",
                        [
                            "key": .verbatim(key), "line": .integer(at.line), "column": .integer(at.column),
                        ]))
                continue
            }
            seen[key] = keyNode
            result.append(Entry(key: key, keyNode: keyNode, value: value))
        }
        return result
    }

    /// Reports keys not in `allowed`, with a suggestion for likely typos.
    mutating func checkKeys(_ entries: [Entry], allowed: [String], path: String, context: String) {
        checkKeys(entries, allowed: allowed, path: path, context: LocalizedText.verbatim(context))
    }

    /// Reports keys not in `allowed`, with a suggestion for likely typos; `context` is a catalog phrase
    /// ("in a chain").
    mutating func checkKeys(_ entries: [Entry], allowed: [String], path: String, context: LocalizedText) {
        for entry in entries where !allowed.contains(entry.key) {
            error(
                entry.keyNode, Self.join(path, entry.key),
                Self.issue(
                    "unknownKey", ["key": .verbatim(entry.key), "context": .phrase(context), "allowed": .list(allowed)]),
                suggestion: Suggestion.closest(to: entry.key, in: allowed))
        }
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    // MARK: - Scalars

    /// The raw scalar text, or `nil` (with an error) when the node is not a non-null scalar.
    mutating func scalar(_ node: Node, _ path: String, expected: LocalizedText) -> Node.Scalar? {
        guard case .scalar(let scalar) = node, !Self.isNull(node) else {
            error(
                node, path,
                Self.isNull(node)
                    ? Self.issue("missingValue", ["expected": .phrase(expected)]) : Self.mismatch(expected, node))
            return nil
        }
        return scalar
    }

    /// A string value with `${VAR}` expanded. Unresolved variables are appended to `unresolved` when given,
    /// otherwise they are errors.
    mutating func string(_ node: Node, _ path: String, unresolved: inout [String]) -> String? {
        guard let scalar = scalar(node, path, expected: Self.expected("string")) else { return nil }
        return expand(scalar, node: node, path: path, unresolved: &unresolved)
    }

    /// A string value where unset variables are errors.
    mutating func string(_ node: Node, _ path: String) -> String? {
        var unresolved: [String] = []
        let value = string(node, path, unresolved: &unresolved)
        for name in unresolved {
            error(
                node, path,
                Self.issue("variableNotSet", ["name": .verbatim(name), "example": .verbatim("${\(name):-value}")]))
        }
        return unresolved.isEmpty ? value : nil
    }

    private mutating func expand(_ scalar: Node.Scalar, node: Node, path: String, unresolved: inout [String]) -> String?
    {
        do {
            let expansion = try Interpolation.expand(scalar.string, environment: environment)
            unresolved += expansion.unresolved
            variablesRead += expansion.variablesRead
            if expansion.display != expansion.value { displayValues[path] = expansion.display }
            return expansion.value
        } catch {
            var at = location(node)
            if !scalar.string.contains("\n") {
                let quote = (scalar.style == .singleQuoted || scalar.style == .doubleQuoted) ? 1 : 0
                at.column += error.offset + quote
            }
            issues.append(ConfigurationIssue(.error, at: at, keyPath: path, text: error.text))
            return nil
        }
    }

    /// How the value at `path` whose expansion is `value` may be quoted in a message or shown: never with the value
    /// of a variable spliced into it.
    func shown(_ path: String, _ value: String) -> String { displayValues[path] ?? value }

    /// A number-like scalar's text after expansion; quoted values are strings unless they hold `${…}`.
    private mutating func numericText(_ node: Node, _ path: String, expected: LocalizedText) -> String? {
        guard let scalar = scalar(node, path, expected: expected) else { return nil }
        let quoted = scalar.style == .singleQuoted || scalar.style == .doubleQuoted
        if quoted && !scalar.string.contains("${") {
            error(node, path, Self.issue("quoted", ["expected": .phrase(expected)]))
            return nil
        }
        return string(node, path)
    }

    /// An integer within `range`.
    mutating func integer(_ node: Node, _ path: String, in range: ClosedRange<Int>) -> Int? {
        guard let text = numericText(node, path, expected: Self.expected("integer")) else { return nil }
        guard let value = Int(text.replacingOccurrences(of: "_", with: "")) else {
            error(node, path, Self.issue("notInteger", ["value": .verbatim(shown(path, text))]))
            return nil
        }
        guard range.contains(value) else {
            error(
                node, path,
                Self.issue(
                    "outOfRange",
                    [
                        "value": .integer(value), "lower": .integer(range.lowerBound),
                        "upper": .integer(range.upperBound),
                    ]))
            return nil
        }
        return value
    }

    /// A number (integer or decimal) within `range`.
    mutating func number(_ node: Node, _ path: String, in range: ClosedRange<Double>) -> Double? {
        guard let text = numericText(node, path, expected: Self.expected("number")) else { return nil }
        guard let value = Double(text.replacingOccurrences(of: "_", with: "")), value.isFinite else {
            error(node, path, Self.issue("notNumber", ["value": .verbatim(shown(path, text))]))
            return nil
        }
        guard range.contains(value) else {
            error(
                node, path,
                Self.issue(
                    "outOfRange",
                    [
                        "value": .verbatim(text), "lower": .verbatim("\(range.lowerBound)"),
                        "upper": .verbatim("\(range.upperBound)"),
                    ]))
            return nil
        }
        return value
    }

    /// A reasoning level: `light`, `moderate`, `deep`, or a number of tokens (a provider's own budget).
    mutating func reasoningLevel(_ node: Node, _ path: String) -> ContextOptions.ReasoningLevel? {
        guard let text = string(node, path) else { return nil }
        switch text {
        case "light": return .light
        case "moderate": return .moderate
        case "deep": return .deep
        case let budget where Int(budget).map({ $0 > 0 }) == true: return .custom(budget)
        default:
            let known = ["light", "moderate", "deep"]
            error(
                node, path,
                Self.issue("unknownReasoningLevel", ["value": .verbatim(shown(path, text)), "known": .list(known)]),
                suggestion: Suggestion.closest(to: text, in: known))
            return nil
        }
    }

    /// Any YAML value as JSON content (`extra_body`): mappings as objects (keys in order), sequences as arrays, plain
    /// scalars as `null`, booleans and numbers where they read as one, everything else (and every quoted scalar) as a
    /// string with `${VAR}` expanded.
    mutating func content(_ node: Node, _ path: String) -> GeneratedContent? {
        switch node {
        case .mapping(let mapping):
            var properties: [(String, GeneratedContent)] = []
            for (key, value) in mapping {
                guard let name = key.string else { continue }
                guard let converted = content(value, Self.join(path, name)) else { return nil }
                properties.append((name, converted))
            }
            return GeneratedContent(orderedProperties: properties)
        case .sequence(let sequence):
            var elements: [GeneratedContent] = []
            for (index, value) in sequence.enumerated() {
                guard let converted = content(value, "\(path)[\(index)]") else { return nil }
                elements.append(converted)
            }
            return GeneratedContent(kind: .array(elements))
        case .scalar(let scalar):
            if Self.isNull(node) { return GeneratedContent(kind: .null) }
            if scalar.style == .plain {
                switch scalar.string {
                case "true": return GeneratedContent(kind: .bool(true))
                case "false": return GeneratedContent(kind: .bool(false))
                default:
                    if let number = Double(scalar.string), number.isFinite {
                        return GeneratedContent(kind: .number(number))
                    }
                }
            }
            return string(node, path).map { GeneratedContent(kind: .string($0)) }
        case .alias:
            error(node, path, Self.mismatch(Self.expected("string"), node))
            return nil
        }
    }

    /// `true` or `false`.
    mutating func boolean(_ node: Node, _ path: String) -> Bool? {
        guard let text = numericText(node, path, expected: Self.expected("boolean")) else { return nil }
        switch text.lowercased() {
        case "true": return true
        case "false": return false
        default:
            error(node, path, Self.issue("notBoolean", ["value": .verbatim(shown(path, text))]))
            return nil
        }
    }

    /// Where a provider runs, or how far a chain's requests may travel: `on-device`, `local-network` or `cloud`.
    mutating func providerLocation(_ node: Node, _ path: String) -> ProviderLocation? {
        guard let text = string(node, path) else { return nil }
        if let location = ProviderLocation(rawValue: text) { return location }
        let known = ProviderLocation.allCases.map(\.rawValue)
        error(
            node, path, Self.issue("unknownLocation", ["value": .verbatim(shown(path, text)), "known": .list(known)]),
            suggestion: Suggestion.closest(to: text, in: known))
        return nil
    }

    /// A duration: a number of seconds, or a number with a unit (`500ms`, `30s`, `2m`, `1h`).
    mutating func duration(_ node: Node, _ path: String) -> Duration? {
        guard let text = string(node, path) else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        var number = trimmed
        var factor = 1.0
        for (suffix, multiplier) in units where trimmed.hasSuffix(suffix) {
            let candidate = String(trimmed.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
            if Double(candidate) != nil {
                number = candidate
                factor = multiplier
                break
            }
        }
        guard let value = Double(number), value.isFinite, value >= 0, value * factor <= 86_400 * 7 else {
            error(node, path, Self.issue("notDuration", ["value": .verbatim(shown(path, text))]))
            return nil
        }
        return .milliseconds(Int64((value * factor * 1000).rounded()))
    }

    /// A size in bytes: an integer, or a number with a unit (`98 MB`, `1.9 GB`, `512 MiB`).
    mutating func byteCount(_ node: Node, _ path: String) -> Int64? {
        guard let text = string(node, path) else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let units: [(String, Double)] = [
            ("KiB", 1024), ("MiB", 1_048_576), ("GiB", 1_073_741_824), ("KB", 1e3), ("MB", 1e6), ("GB", 1e9), ("B", 1),
        ]
        for (suffix, multiplier) in units where trimmed.hasSuffix(suffix) {
            let number = trimmed.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)
            if let value = Double(number), value >= 0, value * multiplier < 1e15 { return Int64(value * multiplier) }
        }
        if let value = Int64(trimmed), value >= 0 { return value }
        error(node, path, Self.issue("notSize", ["value": .verbatim(shown(path, text))]))
        return nil
    }

    /// A list of capability names.
    mutating func capabilities(_ node: Node, _ path: String) -> Set<LanguageModelCapability>? {
        guard case .sequence(let sequence) = node else {
            error(node, path, Self.mismatch(Self.expected("capabilities"), node))
            return nil
        }
        var result: Set<LanguageModelCapability> = []
        let known = LanguageModelCapability.known.map(\.rawValue)
        for (index, element) in sequence.enumerated() {
            let elementPath = "\(path)[\(index)]"
            guard let name = string(element, elementPath) else { continue }
            if !known.contains(name) {
                if let suggestion = Suggestion.closest(to: name, in: known) {
                    error(
                        element, elementPath, Self.issue("unknownCapability", ["name": .verbatim(name)]),
                        suggestion: suggestion)
                    continue
                }
                warning(
                    element, elementPath,
                    Self.issue("unfamiliarCapability", ["name": .verbatim(name), "known": .list(known)]))
            }
            result.insert(LanguageModelCapability(rawValue: name))
        }
        return result
    }

    /// An HTTP(S) URL.
    mutating func url(_ node: Node, _ path: String, unresolved: inout [String]) -> String? {
        guard let text = string(node, path, unresolved: &unresolved) else { return nil }
        if !unresolved.isEmpty { return text }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else {
            error(node, path, Self.issue("notURL", ["value": .verbatim(DisplayURL.masked(shown(path, text)))]))
            return nil
        }
        displayValues[path] = DisplayURL.masked(shown(path, text))
        return text
    }

    /// An environment variable name (never a secret itself).
    mutating func variableName(_ node: Node, _ path: String) -> String? {
        if case .scalar(let scalar) = node, scalar.string.contains("${") {
            // The variable's value is the secret; it is never expanded here, so no message can quote it.
            error(
                node, path,
                Self.issue(
                    "variableValue",
                    [
                        "key": .verbatim(String(path.split(separator: ".").last ?? "")),
                        "reference": .verbatim("${NAME}"),
                    ]))
            return nil
        }
        guard let text = string(node, path) else { return nil }
        guard Interpolation.isValidName(text) else {
            let looksLikeSecret = text.count >= 20 || text.hasPrefix("sk-")
            error(
                node, path,
                looksLikeSecret
                    ? Self.issue("secretInsteadOfName")
                    : Self.issue("invalidVariableName", ["value": .verbatim(shown(path, text))]))
            return nil
        }
        return text
    }
}
