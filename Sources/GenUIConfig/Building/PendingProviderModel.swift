import Foundation
import GenUI

/// Stands in for a provider whose module is not built in (or could not be built): it reports the most specific
/// reason it can find with cheap, local checks — the runtime program is missing, the model file is absent, the
/// API key variable is unset — and otherwise that the provider module is missing.
public struct PendingProviderModel: LanguageModel, ProviderFactsReporting {
    /// The provider's settings.
    public let settings: ProviderSettings
    private let environment: [String: String]
    private let missing: String

    /// Creates a stand-in; `missing` says what would be needed to build the real provider.
    public init(settings: ProviderSettings, context: ProviderBuildContext, missing: String) {
        self.settings = settings
        self.environment = context.environment
        self.missing = missing
    }

    public var name: String { settings.name }

    public var availability: Availability { .unavailable(preflight().reason) }

    public var capabilities: Set<LanguageModelCapability> { [] }

    public func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        let reason = preflight().reason
        throw LanguageModelError.unavailable(reason, .init(provider: name, debugDescription: "\(name): \(reason.code)"))
    }

    public func facts() async -> [ProviderFact] { preflight().facts }

    /// The cheap checks, in the order a user would fix things.
    func preflight() -> (reason: UnavailableReason, facts: [ProviderFact]) {
        var facts: [ProviderFact] = []
        switch settings.kind {
        case .llamaCpp(let llama):
            let (binary, binaryFacts) = RuntimeLocator.find(llama.binary, environment: environment)
            facts += binaryFacts
            guard binary != nil else { return (.runtimeMissing(binary: llama.binary ?? "llama-server"), facts) }
            let exists = FileManager.default.fileExists(atPath: llama.model)
            facts.append(ProviderFact(kind: "path", text: "model \(llama.model): \(exists ? "found" : "not found")"))
            guard exists else { return (.modelNotInstalled(name: llama.model), facts) }
        case .openai, .anthropic, .gemini:
            if let variable = settings.apiKeyEnv {
                let isSet = !(environment[variable] ?? "").isEmpty
                facts.append(ProviderFact(kind: "env", text: "\(variable): \(isSet ? "set" : "not set")"))
                if !isSet { return (.notConfigured(missing: variable), facts) }
            }
        case .ollama, .scripted:
            break
        }
        facts.append(ProviderFact(kind: "note", text: "not built in: \(missing)"))
        return (.notConfigured(missing: missing), facts)
    }
}

/// Finds the `llama-server` program.
public enum RuntimeLocator {
    /// The program's path and how it was searched: the configured `binary` (a path or a name on `PATH`), else
    /// `GENUI_LLAMA_SERVER`, else `llama-server` on `PATH`.
    public static func find(_ configured: String?, environment: [String: String]) -> (String?, [ProviderFact]) {
        var facts: [ProviderFact] = []
        let fileManager = FileManager.default
        func executable(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            return fileManager.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && fileManager.isExecutableFile(atPath: path)
        }
        var name = "llama-server"
        if let configured {
            if configured.contains("/") {
                let found = executable(configured)
                facts.append(ProviderFact(kind: "path", text: "binary \(configured): \(found ? "found" : "not found")"))
                return (found ? configured : nil, facts)
            }
            name = configured
        } else if let fromEnvironment = environment["GENUI_LLAMA_SERVER"], !fromEnvironment.isEmpty {
            let found = executable(fromEnvironment)
            facts.append(ProviderFact(kind: "env", text: "GENUI_LLAMA_SERVER=\(fromEnvironment): \(found ? "found" : "not found")"))
            if found { return (fromEnvironment, facts) }
        } else {
            facts.append(ProviderFact(kind: "env", text: "GENUI_LLAMA_SERVER: not set"))
        }
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for directory in directories where !directory.isEmpty {
            let path = (directory as NSString).appendingPathComponent(name)
            if executable(path) {
                facts.append(ProviderFact(kind: "path", text: "\(name) on PATH: \(path)"))
                return (path, facts)
            }
        }
        facts.append(ProviderFact(
            kind: "path", text: "\(name) not found on PATH (\(directories.count) directories searched)"))
        return (nil, facts)
    }
}
