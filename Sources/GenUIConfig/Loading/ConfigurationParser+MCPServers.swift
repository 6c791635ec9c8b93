import Foundation
import GenUIDiagnostics
import GenUIHTTP
import GenUIMCP
import Yams

extension ConfigurationParser {
    /// The keys of one `mcp_servers:` entry.
    static let mcpServerKeys = [
        "command", "args", "env", "url", "headers", "timeout", "start_timeout", "max_result_bytes",
    ]
    /// The keys that belong to one transport only.
    static let standardIOKeys: Set<String> = ["command", "args", "env"]
    static let httpKeys: Set<String> = ["url", "headers"]

    /// The `mcp_servers:` section: name → a stdio server (`command`, `args`, `env`) or a Streamable HTTP server
    /// (`url`, `headers`), with optional `timeout`, `start_timeout` and `max_result_bytes`. Every problem is located.
    /// Values may use `${VAR}`; the values of `env` and `headers` (tokens) are never shown.
    mutating func parseMCPServers(_ node: Node) -> [MCPServerConfiguration] {
        guard let entries = reader.entries(node, "mcp_servers", expected: YAMLReader.expected("mcpServers")) else {
            return []
        }
        return entries.compactMap { parseMCPServer($0) }
    }

    private mutating func parseMCPServer(_ entry: YAMLReader.Entry) -> MCPServerConfiguration? {
        let path = "mcp_servers.\(entry.key)"
        guard let fields = reader.entries(entry.value, path, expected: YAMLReader.expected("mcpServer")) else {
            return nil
        }
        reader.checkKeys(
            fields, allowed: Self.mcpServerKeys, path: path, context: LocalizedText("config.context.inMCPServer"))
        let byKey = Dictionary(fields.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let isStandardIO = byKey["command"] != nil
        guard isStandardIO != (byKey["url"] != nil) else {
            reader.error(entry.value, path, YAMLReader.issue("mcpServerTransport"))
            return nil
        }
        let foreign = isStandardIO ? Self.httpKeys : Self.standardIOKeys
        for field in fields where foreign.contains(field.key) {
            reader.error(
                field.keyNode, "\(path).\(field.key)",
                YAMLReader.issue(
                    "mcpServerKeyForOtherTransport",
                    [
                        "key": .verbatim(field.key), "transport": .verbatim(isStandardIO ? "url" : "command"),
                    ]))
        }
        var problem = fields.contains { foreign.contains($0.key) }

        var configuration = MCPServerConfiguration(
            name: entry.key, transport: .standardIO(command: "", arguments: [], environment: [:]),
            location: reader.location(entry.keyNode).description)
        if let node = byKey["timeout"]?.value {
            if let duration = reader.duration(node, "\(path).timeout") {
                configuration.callTimeout = duration
            } else {
                problem = true
            }
        }
        if let node = byKey["start_timeout"]?.value {
            if let duration = reader.duration(node, "\(path).start_timeout") {
                configuration.startTimeout = duration
            } else {
                problem = true
            }
        }
        if let node = byKey["max_result_bytes"]?.value {
            if let bytes = reader.byteCount(node, "\(path).max_result_bytes") {
                if bytes > 0 && bytes <= Int64(Int32.max) {
                    configuration.maximumResultBytes = Int(bytes)
                } else {
                    reader.error(
                        node, "\(path).max_result_bytes",
                        YAMLReader.issue(
                            "mcpResultBytesRange",
                            [
                                "limit": .bytes(Int64(Int32.max))
                            ]))
                    problem = true
                }
            } else {
                problem = true
            }
        }

        if isStandardIO {
            guard let commandNode = byKey["command"]?.value,
                let command = reader.string(commandNode, "\(path).command").map(Self.expandingTilde)
            else { return nil }
            if command.isEmpty {
                reader.error(
                    commandNode, "\(path).command",
                    YAMLReader.issue(
                        "missingValue", ["expected": .phrase(YAMLReader.expected("string"))]))
                return nil
            }
            let arguments = byKey["args"].flatMap { stringList($0.value, "\(path).args") }
            let environment = byKey["env"].flatMap { stringMapping($0.value, "\(path).env") }
            guard byKey["args"] == nil || arguments != nil, byKey["env"] == nil || environment != nil, !problem else {
                return nil
            }
            // A path in the file runs only what sits beside the trusted file; a bare name is found on PATH.
            configuration.transport = .standardIO(
                command: resolvedAgainstFile(command, bareNames: false), arguments: arguments ?? [],
                environment: environment ?? [:])
            let shownArguments = (arguments ?? []).enumerated().map { index, argument in
                reader.shown("\(path).args[\(index)]", argument)
            }
            configuration.writtenTarget = MCPServerConfiguration.commandLine(
                [reader.shown("\(path).command", resolvedAgainstFile(command, bareNames: false))] + shownArguments)
        } else {
            guard let urlNode = byKey["url"]?.value else { return nil }
            var unresolved: [String] = []
            guard let text = reader.url(urlNode, "\(path).url", unresolved: &unresolved) else { return nil }
            for name in unresolved {
                reader.error(
                    urlNode, "\(path).url",
                    YAMLReader.issue(
                        "variableNotSet",
                        [
                            "name": .verbatim(name), "example": .verbatim("${\(name):-value}"),
                        ]))
            }
            guard unresolved.isEmpty else { return nil }
            guard let url = URL(string: text), let host = url.host,
                let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
            else {
                reader.error(
                    urlNode, "\(path).url",
                    YAMLReader.issue(
                        "notURL",
                        [
                            "value": .verbatim(DisplayURL.masked(reader.shown("\(path).url", text)))
                        ]))
                return nil
            }
            if scheme == "http" && !EndpointPolicy.isLoopback(host) {
                reader.error(urlNode, "\(path).url", YAMLReader.issue("mcpServerInsecureURL"))
                return nil
            }
            let headers = byKey["headers"].flatMap { stringMapping($0.value, "\(path).headers") }
            guard byKey["headers"] == nil || headers != nil, !problem else { return nil }
            configuration.transport = .streamableHTTP(url: url, headers: headers ?? [:])
            let written = reader.shown("\(path).url", text)
            configuration.writtenTarget =
                URL(string: written).map(MCPServerConfiguration.withoutCredentials)
                ?? DisplayURL.masked(written)
        }
        return configuration
    }

    /// A list of strings, `${VAR}` expanded; `nil` (with errors) when it is not one.
    private mutating func stringList(_ node: Node, _ path: String) -> [String]? {
        guard case .sequence(let sequence) = node else {
            reader.error(node, path, YAMLReader.mismatch(YAMLReader.expected("stringList"), node))
            return nil
        }
        var values: [String] = []
        var failed = false
        for (index, element) in sequence.enumerated() {
            if let value = reader.string(element, "\(path)[\(index)]") { values.append(value) } else { failed = true }
        }
        return failed ? nil : values
    }

    /// A mapping of names to strings, `${VAR}` expanded; `nil` (with errors) when it is not one.
    private mutating func stringMapping(_ node: Node, _ path: String) -> [String: String]? {
        guard let entries = reader.entries(node, path, expected: YAMLReader.expected("stringMapping")) else {
            return nil
        }
        var values: [String: String] = [:]
        var failed = false
        for entry in entries {
            if let value = reader.string(entry.value, "\(path).\(entry.key)") {
                values[entry.key] = value
            } else {
                failed = true
            }
        }
        return failed ? nil : values
    }
}
