import Foundation
import GenUI
import GenUIDiagnostics
import GenUIRouter
import Yams

/// Parses the text of a `providers.yml` into a ``Configuration``, or every problem found, each located.
struct ConfigurationParser {
    /// The largest configuration accepted.
    static let maximumBytes = 1 << 20
    /// The deepest bracket nesting accepted (guards the recursive YAML composer).
    static let maximumNesting = 32

    static let topLevelKeys = ["version", "default_chain", "chains", "providers", "models", "mcp_servers"]
    static let chainKeys = [
        "providers", "fallback_on_refusal", "allow_unguided", "restart_after_output", "attempt_timeout", "deadline",
        "availability_timeout", "policy", "breaker", "boundary",
    ]
    static let chainMemberKeys = ["provider", "temperature", "max_tokens", "reasoning", "extra_body"]
    static let breakerKeys = ["failures", "of_last", "window", "cooldown", "max_cooldown"]

    var reader: YAMLReader
    let text: String
    /// The provider types the file may name.
    var registry = ProviderRegistry.standard
    /// The folder relative paths in the file (`binary:`, a llama.cpp `model:`, a catalog `file:`) resolve against: the
    /// folder of the file itself, symbolic links resolved, so that a link to a trusted file runs and loads only what
    /// sits beside the file that was trusted. `nil` for text that is not a file (relative paths stay as written).
    var baseDirectory: String?

    init(text: String, file: String, environment: [String: String]) {
        self.text = text
        self.reader = YAMLReader(file: file, environment: environment)
    }

    mutating func parse(source: ConfigurationSource) throws(ConfigurationError) -> Configuration {
        guard let root = try compose() else {
            throw ConfigurationError(issues: [
                ConfigurationIssue(
                    at: SourceLocation(file: reader.file, line: 1, column: 1), keyPath: "",
                    text: YAMLReader.issue("emptyFile"))
            ])
        }
        guard let entries = reader.entries(root, "", expected: YAMLReader.expected("document")) else {
            throw ConfigurationError(issues: reader.issues)
        }
        reader.checkKeys(
            entries, allowed: Self.topLevelKeys, path: "", context: LocalizedText("config.context.atTopLevel"))
        let byKey = Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })

        var version = 1
        if let entry = byKey["version"] {
            if let value = reader.integer(entry.value, "version", in: Int.min...Int.max) {
                if value != 1 {
                    reader.error(
                        entry.value, "version", YAMLReader.issue("unsupportedVersion", ["version": .integer(value)]))
                }
                version = value
            }
        } else {
            reader.warning(root, "version", YAMLReader.issue("noVersion"))
        }

        var providers: [ProviderSettings] = []
        if let entry = byKey["providers"] {
            providers = parseProviders(entry.value)
        } else {
            reader.error(root, "providers", YAMLReader.issue("noProvidersKey"))
        }
        let providerNames = providers.map(\.name)

        var chains: [ChainSettings] = []
        if let entry = byKey["chains"], providersAreMapping(byKey["providers"]?.value) {
            chains = parseChains(
                entry.value, providerNames: providerNames, declared: declaredProviderNames(byKey["providers"]?.value))
        } else if !providers.isEmpty {
            chains = [
                ChainSettings(
                    name: "default", providers: providerNames, options: ChainOptions(), location: reader.location(root))
            ]
        }

        var defaultChain = chains.first(where: { $0.name == "default" })?.name ?? chains.first?.name ?? "default"
        if let entry = byKey["default_chain"], let name = reader.string(entry.value, "default_chain") {
            if chains.contains(where: { $0.name == name }) || byKey["chains"] == nil {
                defaultChain = name
            } else if !chains.isEmpty || !reader.hasErrors {
                reader.error(
                    entry.value, "default_chain", YAMLReader.issue("undefinedDefaultChain", ["chain": .verbatim(name)]),
                    suggestion: Suggestion.closest(to: name, in: chains.map(\.name)))
            }
        }

        let models = byKey["models"].map { parseModels($0.value) } ?? []
        let mcpServers = byKey["mcp_servers"].map { parseMCPServers($0.value) } ?? []
        if reader.hasErrors {
            throw ConfigurationError(issues: Self.sorted(reader.issues))
        }
        return Configuration(
            source: source, version: version, defaultChain: defaultChain, chains: chains, providers: providers,
            warnings: Self.sorted(reader.issues), variablesRead: Array(Set(reader.variablesRead)).sorted(),
            models: models,
            mcpServers: mcpServers)
    }

    /// Errors first, then by position.
    static func sorted(_ issues: [ConfigurationIssue]) -> [ConfigurationIssue] {
        issues.enumerated().sorted { lhs, rhs in
            let (a, b) = (lhs.element, rhs.element)
            if a.severity != b.severity { return a.severity == .error }
            if a.location.line != b.location.line { return a.location.line < b.location.line }
            if a.location.column != b.location.column { return a.location.column < b.location.column }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// Whether `providers:` is a mapping (when it is not, chain members cannot be checked against it).
    private func providersAreMapping(_ node: Node?) -> Bool {
        if case .mapping? = node { return true }
        return false
    }

    /// Names under `providers:`, even of providers with errors, so chains do not report them as undefined.
    private func declaredProviderNames(_ node: Node?) -> [String] {
        guard case .mapping(let mapping)? = node else { return [] }
        return mapping.compactMap { key, _ in key.scalar?.string }
    }

    // MARK: - YAML

    private mutating func compose() throws(ConfigurationError) -> Node? {
        let file = reader.file
        func fail(_ line: Int, _ column: Int, _ text: LocalizedText) -> ConfigurationError {
            ConfigurationError(issues: [
                ConfigurationIssue(
                    at: SourceLocation(file: file, line: line, column: column), keyPath: "", text: text)
            ])
        }
        guard text.utf8.count <= Self.maximumBytes else {
            throw fail(
                1, 1,
                YAMLReader.issue(
                    "fileTooLarge", ["size": .integer(text.utf8.count), "limit": .integer(Self.maximumBytes)]))
        }
        if let (line, column) = Self.excessiveNesting(in: text) {
            throw fail(line, column, YAMLReader.issue("nestedTooDeep", ["limit": .integer(Self.maximumNesting)]))
        }
        do {
            return try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw Self.describe(error, text: text, file: file)
        } catch {
            throw fail(1, 1, YAMLReader.issue("unreadableYAML", ["detail": .verbatim("\(error)")]))
        }
    }

    /// The position where `[`/`{` nesting first exceeds the limit, skipping quoted text and comments.
    static func excessiveNesting(in text: String) -> (Int, Int)? {
        var depth = 0
        var line = 1
        var column = 0
        var quote: Character?
        var inComment = false
        for character in text {
            column += 1
            if character == "\n" {
                line += 1
                column = 0
                inComment = false
                continue
            }
            if inComment { continue }
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "\"", "'": quote = character
            case "#": inComment = true
            case "[", "{":
                depth += 1
                if depth > maximumNesting { return (line, column) }
            case "]", "}": depth = max(0, depth - 1)
            default: break
            }
        }
        return nil
    }

    /// A located configuration error from a YAML syntax error.
    static func describe(_ error: YamlError, text: String, file: String) -> ConfigurationError {
        func issue(_ mark: (line: Int, column: Int), _ message: String) -> ConfigurationError {
            ConfigurationError(issues: [
                ConfigurationIssue(
                    at: SourceLocation(file: file, line: mark.line, column: mark.column), keyPath: "",
                    text: YAMLReader.issue("invalidYAML", ["detail": .verbatim(message)]))
            ])
        }
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            var message = problem
            if let context {
                message += " (\(context.text) at line \(context.mark.line), column \(context.mark.column))"
            }
            return issue((mark.line, mark.column), message)
        case .reader(let problem, let offset, _, _):
            let (line, column) = position(ofUTF8Offset: offset ?? 0, in: text)
            return issue((line, column), problem)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.first ?? "?"
            let first = (line: context.mark.line, column: context.mark.column)
            let second = secondOccurrence(of: key, after: first, in: text) ?? first
            return ConfigurationError(issues: [
                ConfigurationIssue(
                    at: SourceLocation(file: file, line: second.line, column: second.column), keyPath: key,
                    text: YAMLReader.issue(
                        "duplicateKey",
                        [
                            "key": .verbatim(key), "line": .integer(first.line), "column": .integer(first.column),
                        ]))
            ])
        default:
            return issue((1, 1), "\(error)")
        }
    }

    /// Where `key:` appears again after its first occurrence at `first` (same indentation in block style, or
    /// anywhere after it in flow style).
    static func secondOccurrence(of key: String, after first: (line: Int, column: Int), in text: String) -> (
        line: Int, column: Int
    )? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard first.line >= 1, first.line <= lines.count else { return nil }
        for lineIndex in (first.line - 1)..<lines.count {
            let line = Array(String(lines[lineIndex]).unicodeScalars)
            let startColumn = lineIndex == first.line - 1 ? first.column : 0
            var column = startColumn
            while column < line.count {
                let rest = String(String.UnicodeScalarView(line[column...]))
                for candidate in [key, "\"\(key)\"", "'\(key)'"] where rest.hasPrefix(candidate) {
                    let after = rest.dropFirst(candidate.count).drop(while: { $0 == " " })
                    let before = column == 0 ? " " : line[column - 1]
                    if after.hasPrefix(":"), [" ", "{", ",", "\t"].contains(before) || column == 0 {
                        return (lineIndex + 1, column + 1)
                    }
                }
                column += 1
            }
        }
        return nil
    }

    static func position(ofUTF8Offset offset: Int, in text: String) -> (Int, Int) {
        var line = 1
        var column = 1
        var consumed = 0
        for scalar in text.unicodeScalars {
            if consumed >= offset { break }
            consumed += String(scalar).utf8.count
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}
