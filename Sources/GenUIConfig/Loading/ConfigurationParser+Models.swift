import Foundation
import GenUIDiagnostics
import GenUIHTTP
import Yams

extension ConfigurationParser {
    /// The keys of one `models:` entry.
    static let modelKeys = ["url", "size", "sha256", "token_env", "file", "connections"]

    /// The `models:` catalog: name → url, size, sha256, optional token_env, file and connections. Every problem is
    /// located.
    mutating func parseModels(_ node: Node) -> [ModelCatalogSettings] {
        guard let entries = reader.entries(node, "models", expected: YAMLReader.expected("models")) else { return [] }
        return entries.compactMap { parseModel($0) }
    }

    private mutating func parseModel(_ entry: YAMLReader.Entry) -> ModelCatalogSettings? {
        let path = "models.\(entry.key)"
        guard let fields = reader.entries(entry.value, path, expected: YAMLReader.expected("model")) else { return nil }
        reader.checkKeys(fields, allowed: Self.modelKeys, path: path, context: LocalizedText("config.context.inModel"))
        let byKey = Dictionary(fields.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let misspelled = Set(
            fields.compactMap { field in
                Self.modelKeys.contains(field.key) ? nil : Suggestion.closest(to: field.key, in: Self.modelKeys)
            })
        func required(_ key: String) -> Node? {
            if let node = byKey[key]?.value { return node }
            // A misspelling of the key is already reported, with the suggestion.
            if !misspelled.contains(key) {
                reader.error(
                    entry.value, "\(path).\(key)", YAMLReader.issue("modelMissingKey", ["key": .verbatim(key)]))
            }
            return nil
        }

        var url: URL?
        if let node = required("url") {
            var unresolved: [String] = []
            if let text = reader.url(node, "\(path).url", unresolved: &unresolved) {
                if !unresolved.isEmpty {
                    for name in unresolved {
                        reader.error(
                            node, "\(path).url",
                            YAMLReader.issue(
                                "variableNotSet",
                                [
                                    "name": .verbatim(name), "example": .verbatim("${\(name):-value}"),
                                ]))
                    }
                } else if let parsed = URL(string: text), let host = parsed.host {
                    if parsed.scheme?.lowercased() == "http" && !EndpointPolicy.isLoopback(host) {
                        reader.error(node, "\(path).url", YAMLReader.issue("modelInsecureURL"))
                    } else {
                        url = parsed
                    }
                } else {
                    reader.error(
                        node, "\(path).url",
                        YAMLReader.issue(
                            "notURL",
                            [
                                "value": .verbatim(DisplayURL.masked(reader.shown("\(path).url", text)))
                            ]))
                }
            }
        }

        var size: Int64?
        if let node = required("size"), let bytes = reader.byteCount(node, "\(path).size") {
            if bytes > 0 {
                size = bytes
            } else {
                reader.error(node, "\(path).size", YAMLReader.issue("modelSizeNotPositive"))
            }
        }

        var sha256: String?
        if let node = required("sha256"), let text = reader.string(node, "\(path).sha256") {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if ModelCatalogSettings.isDigest(trimmed) {
                sha256 = trimmed.lowercased()
            } else {
                reader.error(
                    node, "\(path).sha256",
                    YAMLReader.issue(
                        "notSHA256",
                        [
                            "value": .verbatim(reader.shown("\(path).sha256", text)), "count": .integer(trimmed.count),
                        ]))
            }
        }

        var tokenEnvironmentVariable: String?
        var tokenProblem = false
        if let node = byKey["token_env"]?.value, !YAMLReader.isNull(node) {
            tokenEnvironmentVariable = reader.variableName(node, "\(path).token_env")
            tokenProblem = tokenEnvironmentVariable == nil
        }

        var file: String?
        var fileProblem = false
        if let node = byKey["file"]?.value {
            file = reader.string(node, "\(path).file").map(Self.expandingTilde).map {
                resolvedAgainstFile($0, bareNames: true)
            }
            fileProblem = file == nil
            if file?.isEmpty == true {
                reader.error(
                    node, "\(path).file",
                    YAMLReader.issue("missingValue", ["expected": .phrase(YAMLReader.expected("string"))]))
                fileProblem = true
            }
        }

        var connections: Int?
        var connectionsProblem = false
        if let node = byKey["connections"]?.value, !YAMLReader.isNull(node) {
            connections = reader.integer(node, "\(path).connections", in: ModelCatalogSettings.connectionRange)
            connectionsProblem = connections == nil
        }

        guard let url, let size, let sha256, !tokenProblem, !fileProblem, !connectionsProblem else { return nil }
        return ModelCatalogSettings(
            name: entry.key, url: url, sizeBytes: size, sha256: sha256,
            tokenEnvironmentVariable: tokenEnvironmentVariable,
            file: file, connections: connections, location: reader.location(entry.keyNode))
    }
}
