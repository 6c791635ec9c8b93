import GenUIDiagnostics
import Yams

/// The fields of one provider in `providers.yml`, for its type's parser (``ProviderDefinition``) to read.
///
/// Each read checks the value (a string, an integer in range, a URL…) and reports a problem at the value's
/// file:line:column with the key path (`providers.NAME.KEY`), in the user's language, exactly as for the built-in
/// types; a read that fails returns `nil`. Unknown keys (with a did-you-mean), a missing `type:`, secrets written
/// in the file and the common keys (`enabled`, `timeout`, `requires`, `capabilities`) are handled before the parser
/// runs. `${VAR}` references are expanded; one whose variable is unset leaves the provider not configured.
public struct ProviderFields {
    /// The provider's name (its key under `providers:`).
    public let name: String
    /// The provider's `type:`.
    public let type: ProviderType
    var reader: YAMLReader
    let byKey: [String: YAMLReader.Entry]
    let entryNode: Node
    private let misspelled: Set<String>
    private let baseDirectory: String?
    var unresolved: [String] = []
    /// The endpoints read by ``fleet(urlKey:allowInsecure:)``, which the provider's settings keep.
    var fleetSettings: FleetSettings?

    init(
        name: String, type: ProviderType, reader: YAMLReader, byKey: [String: YAMLReader.Entry], entryNode: Node,
        misspelled: Set<String>, baseDirectory: String?
    ) {
        self.name = name
        self.type = type
        self.reader = reader
        self.byKey = byKey
        self.entryNode = entryNode
        self.misspelled = misspelled
        self.baseDirectory = baseDirectory
    }

    /// Whether the provider's entry has `key`.
    public func contains(_ key: String) -> Bool { byKey[key] != nil }

    /// A string (with `${VAR}` expanded).
    public mutating func string(_ key: String, required: Bool = false) -> String? {
        guard let node = node(key, required: required) else { return nil }
        return reader.string(node, path(key), unresolved: &unresolved)
    }

    /// An integer within `range`.
    public mutating func integer(_ key: String, in range: ClosedRange<Int>, required: Bool = false) -> Int? {
        guard let node = node(key, required: required) else { return nil }
        return reader.integer(node, path(key), in: range)
    }

    /// A file path (with `${VAR}` and a leading `~` expanded). A relative path (`./bin/llama-server`,
    /// `models/m.gguf`) is relative to the folder of the configuration file that was read, never to whatever
    /// directory genui runs in; a bare name (`llama-server`) stays a program to look up on `PATH` unless
    /// `bareNameIsFile` says it names a file too.
    public mutating func filePath(_ key: String, required: Bool = false, bareNameIsFile: Bool = false) -> String? {
        guard let node = node(key, required: required) else { return nil }
        let text = reader.string(node, path(key), unresolved: &unresolved)
        return text.map {
            ConfigurationParser.resolved(
                ConfigurationParser.expandingTilde($0), against: baseDirectory, bareNames: bareNameIsFile)
        }
    }

    /// A size in bytes: a number, or a number with a unit (`98 MB`, `1.5 GiB`).
    public mutating func byteCount(_ key: String, required: Bool = false) -> Int64? {
        guard let node = node(key, required: required) else { return nil }
        return reader.byteCount(node, path(key))
    }

    /// Whether `key` is given as null (`key:`, `key: ~`, `key: null`): a way to turn off what a type does by
    /// default.
    public func isNull(_ key: String) -> Bool { byKey[key].map { YAMLReader.isNull($0.value) } ?? false }

    /// `true` or `false`.
    public mutating func boolean(_ key: String, required: Bool = false) -> Bool? {
        guard let node = node(key, required: required) else { return nil }
        return reader.boolean(node, path(key))
    }

    /// A duration: seconds, or a number with a unit (`500ms`, `30s`, `2m`, `1h`).
    public mutating func duration(_ key: String, required: Bool = false) -> Duration? {
        guard let node = node(key, required: required) else { return nil }
        return reader.duration(node, path(key))
    }

    /// An http or https URL; plain http to a host other than loopback is refused unless `allowInsecure` (it would
    /// send the API key in clear text). Credentials in the URL are masked wherever it is shown.
    public mutating func url(_ key: String, required: Bool = false, allowInsecure: Bool = false) -> String? {
        guard let node = node(key, required: required) else { return nil }
        guard let url = reader.url(node, path(key), unresolved: &unresolved) else { return nil }
        if !allowInsecure, ConfigurationParser.isInsecure(url) {
            reader.error(node, path(key), YAMLReader.issue("insecureURL"))
        }
        return url
    }

    /// The name of an environment variable (the file holds the name of the variable with a secret, never the
    /// secret).
    public mutating func variableName(_ key: String, required: Bool = false) -> String? {
        guard let node = node(key, required: required) else { return nil }
        return reader.variableName(node, path(key))
    }

    /// Reports a problem with the value of `key` at its file:line:column (at the provider when the key is absent),
    /// with an optional did-you-mean; the file is then rejected.
    public mutating func reject(_ key: String, _ text: LocalizedText, suggestion: String? = nil) {
        reader.error(byKey[key]?.value ?? entryNode, path(key), text, suggestion: suggestion)
    }

    /// The value of `key`; a missing required key is reported (unless it is misspelled, which is reported already
    /// with the suggestion).
    private mutating func node(_ key: String, required: Bool) -> Node? {
        if let node = byKey[key]?.value { return node }
        if required, !misspelled.contains(key) {
            reader.error(
                entryNode, path(key),
                YAMLReader.issue(
                    "missingKey",
                    [
                        "key": .verbatim(key), "type": .verbatim(type.rawValue),
                    ]))
        }
        return nil
    }

    /// How `value`, read from `key`, may be shown: with the values of `${VAR}` references masked.
    func shown(_ key: String, _ value: String) -> String { reader.shown(path(key), value) }

    func path(_ key: String) -> String { "providers.\(name).\(key)" }
}
