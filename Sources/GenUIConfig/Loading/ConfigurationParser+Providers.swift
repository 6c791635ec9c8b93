import Foundation
import GenUI
import GenUIDiagnostics
import GenUIHTTP
import Yams

extension ConfigurationParser {
    mutating func parseProviders(_ node: Node) -> [ProviderSettings] {
        guard let entries = reader.entries(node, "providers", expected: YAMLReader.expected("providers")) else {
            return []
        }
        if entries.isEmpty { reader.error(node, "providers", YAMLReader.issue("noProviders")) }
        return entries.compactMap { parseProvider($0) }
    }

    private mutating func parseProvider(_ entry: YAMLReader.Entry) -> ProviderSettings? {
        let path = "providers.\(entry.key)"
        guard let fields = reader.entries(entry.value, path, expected: YAMLReader.expected("provider")) else {
            return nil
        }
        let byKey = Dictionary(fields.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let names = registry.knownTypes.map(\.rawValue)
        guard let typeEntry = byKey["type"] else {
            reader.error(entry.value, path, YAMLReader.issue("missingType", ["known": .list(names)]))
            return nil
        }
        guard let typeName = reader.string(typeEntry.value, "\(path).type") else { return nil }
        let type = ProviderType(typeName)
        guard let definition = registry.definition(for: type) else {
            reader.error(
                typeEntry.value, "\(path).type",
                YAMLReader.issue("unknownType", ["type": .verbatim(typeName), "known": .list(names)]),
                suggestion: registry.suggestedType(for: typeName)?.rawValue)
            return nil
        }
        for field in fields where field.key == "api_key" || field.key == "apikey" || field.key == "key" {
            reader.error(
                field.keyNode, "\(path).\(field.key)",
                YAMLReader.issue("secretInFile"))
        }
        let unknown = fields.filter { !["api_key", "apikey", "key"].contains($0.key) }
        let allowedKeys = definition.allowedKeys
        reader.checkKeys(
            unknown, allowed: allowedKeys, path: path,
            context: LocalizedText("config.context.forProviderType", ["type": .verbatim(type.rawValue)]))

        var enabled = true
        var timeout: Duration?
        var requires: Set<LanguageModelCapability> = []
        var capabilities: Set<LanguageModelCapability>?
        if let node = byKey["enabled"]?.value, let value = reader.boolean(node, "\(path).enabled") { enabled = value }
        if let node = byKey["timeout"]?.value { timeout = reader.duration(node, "\(path).timeout") }
        if let node = byKey["requires"]?.value { requires = reader.capabilities(node, "\(path).requires") ?? [] }
        if let node = byKey["capabilities"]?.value { capabilities = reader.capabilities(node, "\(path).capabilities") }
        let runs = byKey["runs"].flatMap { reader.providerLocation($0.value, "\(path).runs") }

        let misspelled = Set(
            unknown.compactMap { field in
                allowedKeys.contains(field.key) ? nil : Suggestion.closest(to: field.key, in: allowedKeys)
            })
        var read = ProviderFields(
            name: entry.key, type: type, reader: reader, byKey: byKey, entryNode: entry.value, misspelled: misspelled,
            baseDirectory: baseDirectory)
        let options = definition.parse(&read)
        reader = read.reader
        guard let options else { return nil }
        var settings = ProviderSettings(
            name: entry.key, type: type, typeSettings: options, enabled: enabled, timeout: timeout,
            requires: requires, capabilities: capabilities, unresolvedVariables: read.unresolved,
            location: reader.location(entry.keyNode))
        settings.fleet = read.fleetSettings
        settings.declaredLocation = runs
        for (keyPath, shown) in reader.displayValues where keyPath.hasPrefix(path + ".") {
            settings.displayValues[String(keyPath.dropFirst(path.count + 1))] = shown
        }
        return settings
    }

    /// Whether `url` is plain http to a host other than loopback, by the rule requests use (``EndpointPolicy``): the
    /// host as a URL parser reads it, so `http://localhost.evil.example` and `http://127.0.0.1.evil.example` are
    /// insecure however they begin.
    static func isInsecure(_ url: String) -> Bool {
        guard let components = URLComponents(string: url), components.scheme?.lowercased() == "http" else {
            return url.lowercased().hasPrefix("http://")
        }
        guard let host = components.host, !host.isEmpty else { return true }
        return !EndpointPolicy.isLoopback(host)
    }

    /// A relative path (`./bin/llama-server`, `models/m.gguf`) is relative to the folder of the configuration file
    /// that was read, symbolic links resolved (``baseDirectory``), never to whatever directory genui runs in. A bare
    /// name (`llama-server`) stays a program looked up on `PATH` unless `bareNames` says it is a file name too.
    func resolvedAgainstFile(_ path: String, bareNames: Bool) -> String {
        Self.resolved(path, against: baseDirectory, bareNames: bareNames)
    }

    /// `path` resolved against `folder` (see ``resolvedAgainstFile(_:bareNames:)``).
    static func resolved(_ path: String, against folder: String?, bareNames: Bool) -> String {
        guard !path.isEmpty, !path.hasPrefix("/"), bareNames || path.contains("/"), let folder else { return path }
        return ((folder as NSString).appendingPathComponent(path) as NSString).standardizingPath
    }

    static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = ProcessInfoHome.directory
        return home + path.dropFirst()
    }
}
