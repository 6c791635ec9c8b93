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
        guard let fields = reader.entries(entry.value, path, expected: YAMLReader.expected("provider")) else { return nil }
        let byKey = Dictionary(fields.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let names = registry.knownTypes.map(\.rawValue)
        guard let typeEntry = byKey["type"] else {
            reader.error(entry.value, path, YAMLReader.issue("missingType", ["known": .list(names)]))
            return nil
        }
        guard let typeName = reader.string(typeEntry.value, "\(path).type") else { return nil }
        let type = ProviderType(typeName)
        // A registered definition reads its type's keys (and may replace a built-in type's).
        let definition = registry.definition(for: type)
        guard definition != nil || type.isBuiltIn else {
            reader.error(
                typeEntry.value, "\(path).type",
                YAMLReader.issue("unknownType", ["type": .verbatim(typeName), "known": .list(names)]),
                suggestion: Suggestion.closest(to: typeName, in: names + ["llamacpp", "llama-cpp", "llama"]).map {
                    ["llamacpp", "llama-cpp", "llama"].contains($0) ? "llama.cpp" : $0
                })
            return nil
        }
        for field in fields where field.key == "api_key" || field.key == "apikey" || field.key == "key" {
            reader.error(
                field.keyNode, "\(path).\(field.key)",
                YAMLReader.issue("secretInFile"))
        }
        let unknown = fields.filter { !["api_key", "apikey", "key"].contains($0.key) }
        let allowedKeys = definition?.allowedKeys ?? type.allowedKeys
        reader.checkKeys(unknown, allowed: allowedKeys, path: path, context: LocalizedText("config.context.forProviderType", ["type": .verbatim(type.rawValue)]))

        var unresolved: [String] = []
        var settings = ProviderSettings(
            name: entry.key, type: type, kind: .scripted(ScriptedSettings(seed: 0)), enabled: true, timeout: nil,
            requires: [], capabilities: nil, unresolvedVariables: [], location: reader.location(entry.keyNode))
        if let node = byKey["enabled"]?.value, let value = reader.boolean(node, "\(path).enabled") { settings.enabled = value }
        if let node = byKey["timeout"]?.value { settings.timeout = reader.duration(node, "\(path).timeout") }
        if let node = byKey["requires"]?.value { settings.requires = reader.capabilities(node, "\(path).requires") ?? [] }
        if let node = byKey["capabilities"]?.value { settings.capabilities = reader.capabilities(node, "\(path).capabilities") }

        let misspelled = Set(unknown.compactMap { field in
            allowedKeys.contains(field.key) ? nil : Suggestion.closest(to: field.key, in: allowedKeys)
        })
        if let definition {
            var read = ProviderFields(
                name: entry.key, type: type, reader: reader, byKey: byKey, entryNode: entry.value, misspelled: misspelled)
            let custom = definition.parse(&read)
            reader = read.reader
            guard let custom else { return nil }
            settings.kind = .custom(custom)
            return finished(settings, path: path, unresolved: read.unresolved)
        }
        func required(_ key: String) -> Node? {
            if let node = byKey[key]?.value { return node }
            // A misspelling of the key is already reported, with the suggestion.
            if misspelled.contains(key) { return nil }
            reader.error(entry.value, "\(path).\(key)", YAMLReader.issue("missingKey", [
                "key": .verbatim(key), "type": .verbatim(type.rawValue),
            ]))
            return nil
        }
        func optional(_ key: String) -> Node? { byKey[key]?.value }
        func keyPath(_ key: String) -> String { "\(path).\(key)" }

        switch type {
        case .llamaCpp:
            let model = required("model").flatMap { reader.string($0, keyPath("model"), unresolved: &unresolved) }
            var llama = LlamaCppSettings(model: resolvedAgainstFile(Self.expandingTilde(model ?? ""), bareNames: true))
            if let node = optional("binary") {
                llama.binary = reader.string(node, keyPath("binary"), unresolved: &unresolved).map(Self.expandingTilde)
                    .map { resolvedAgainstFile($0, bareNames: false) }
            }
            if let node = optional("context") { llama.context = reader.integer(node, keyPath("context"), in: 128...10_000_000) }
            if let node = optional("threads") { llama.threads = reader.integer(node, keyPath("threads"), in: 1...1024) }
            if let node = optional("idle_timeout") { llama.idleTimeout = reader.duration(node, keyPath("idle_timeout")) }
            if let node = optional("model_size") { llama.modelSize = reader.byteCount(node, keyPath("model_size")) }
            settings.kind = .llamaCpp(llama)
        case .ollama:
            let model = required("model").flatMap { reader.string($0, keyPath("model"), unresolved: &unresolved) }
            var ollama = OllamaSettings(host: "http://127.0.0.1:11434", model: model ?? "")
            if let node = optional("host"), let host = reader.url(node, keyPath("host"), unresolved: &unresolved) { ollama.host = host }
            if let node = optional("keep_alive") { ollama.keepAlive = reader.string(node, keyPath("keep_alive"), unresolved: &unresolved) }
            if let node = optional("num_ctx") { ollama.numCtx = reader.integer(node, keyPath("num_ctx"), in: 128...10_000_000) }
            settings.kind = .ollama(ollama)
            settings.fleet = parseFleet(
                entry, byKey: byKey, type: type, misspelled: misspelled, urlKey: "host", allowInsecure: true,
                unresolved: &unresolved)
        case .openai:
            let model = required("model").flatMap { reader.string($0, keyPath("model"), unresolved: &unresolved) }
            var openai = OpenAISettings(
                baseURL: "https://api.openai.com/v1", model: model ?? "", apiKeyEnv: "OPENAI_API_KEY", allowInsecure: false)
            if let node = optional("allow_insecure"), let value = reader.boolean(node, keyPath("allow_insecure")) {
                openai.allowInsecure = value
            }
            if let node = optional("base_url"), let url = reader.url(node, keyPath("base_url"), unresolved: &unresolved) {
                openai.baseURL = url
                checkInsecure(url, node: node, path: keyPath("base_url"), allowed: openai.allowInsecure)
            }
            if let node = optional("api_key_env") {
                openai.apiKeyEnv = YAMLReader.isNull(node) ? nil : reader.variableName(node, keyPath("api_key_env"))
            }
            if let node = optional("context") { openai.context = reader.integer(node, keyPath("context"), in: 128...10_000_000) }
            settings.kind = .openai(openai)
            settings.fleet = parseFleet(
                entry, byKey: byKey, type: type, misspelled: misspelled, urlKey: "base_url",
                allowInsecure: openai.allowInsecure, unresolved: &unresolved)
        case .anthropic:
            let model = required("model").flatMap { reader.string($0, keyPath("model"), unresolved: &unresolved) }
            var anthropic = AnthropicSettings(
                baseURL: "https://api.anthropic.com", model: model ?? "", apiKeyEnv: "ANTHROPIC_API_KEY",
                structuredOutput: .native)
            if let node = optional("base_url"), let url = reader.url(node, keyPath("base_url"), unresolved: &unresolved) {
                anthropic.baseURL = url
                checkInsecure(url, node: node, path: keyPath("base_url"), allowed: false)
            }
            if let node = optional("api_key_env"), let name = reader.variableName(node, keyPath("api_key_env")) {
                anthropic.apiKeyEnv = name
            }
            if let node = optional("structured_output"), let value = reader.string(node, keyPath("structured_output")) {
                if let mode = AnthropicSettings.StructuredOutput(rawValue: value) {
                    anthropic.structuredOutput = mode
                } else {
                    let modes = AnthropicSettings.StructuredOutput.allCases.map(\.rawValue)
                    reader.error(
                        node, keyPath("structured_output"),
                        YAMLReader.issue("unknownStructuredOutput", ["value": .verbatim(reader.shown(keyPath("structured_output"), value))]),
                        suggestion: Suggestion.closest(to: value, in: modes))
                }
            }
            if let node = optional("context") { anthropic.context = reader.integer(node, keyPath("context"), in: 128...10_000_000) }
            settings.kind = .anthropic(anthropic)
        case .gemini:
            let model = required("model").flatMap { reader.string($0, keyPath("model"), unresolved: &unresolved) }
            var gemini = GeminiSettings(
                baseURL: "https://generativelanguage.googleapis.com/v1beta", model: model ?? "", apiKeyEnv: "GEMINI_API_KEY")
            if let node = optional("base_url"), let url = reader.url(node, keyPath("base_url"), unresolved: &unresolved) {
                gemini.baseURL = url
                checkInsecure(url, node: node, path: keyPath("base_url"), allowed: false)
            }
            if let node = optional("api_key_env"), let name = reader.variableName(node, keyPath("api_key_env")) {
                gemini.apiKeyEnv = name
            }
            if let node = optional("context") { gemini.context = reader.integer(node, keyPath("context"), in: 128...10_000_000) }
            settings.kind = .gemini(gemini)
        case .scripted:
            var scripted = ScriptedSettings(seed: 0)
            if let node = optional("seed"), let seed = reader.integer(node, keyPath("seed"), in: 0...Int.max) {
                scripted.seed = UInt64(seed)
            }
            settings.kind = .scripted(scripted)
        default:
            // Only built-in types and registered ones get here, and registered ones returned above.
            return nil
        }
        return finished(settings, path: path, unresolved: unresolved)
    }

    /// `settings` with its unresolved `${VAR}` references and the display forms of its values.
    private func finished(_ settings: ProviderSettings, path: String, unresolved: [String]) -> ProviderSettings {
        var settings = settings
        settings.unresolvedVariables = unresolved
        for (keyPath, shown) in reader.displayValues where keyPath.hasPrefix(path + ".") {
            settings.displayValues[String(keyPath.dropFirst(path.count + 1))] = shown
        }
        return settings
    }

    /// Plain HTTP to anything but loopback would send the API key in clear text.
    private mutating func checkInsecure(_ url: String, node: Node, path: String, allowed: Bool) {
        guard !allowed, Self.isInsecure(url) else { return }
        reader.error(
            node, path,
            YAMLReader.issue("insecureURL"))
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
        guard !path.isEmpty, !path.hasPrefix("/"), bareNames || path.contains("/"), let folder = baseDirectory else {
            return path
        }
        return ((folder as NSString).appendingPathComponent(path) as NSString).standardizingPath
    }

    static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = ProcessInfoHome.directory
        return home + path.dropFirst()
    }
}
