import Foundation
import GenUI
import GenUIDiagnostics
import GenUIOnDevice

/// Stands in for a provider whose module is not built in (or could not be built): it reports the most specific
/// reason it can find with cheap, local checks — the runtime program is missing, the model file is absent, the
/// API key variable is unset — and otherwise that the provider module is missing.
public struct PendingProviderModel: RoutableModel, ProviderFactsReporting {
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

    public var supportedCapabilities: Set<LanguageModelCapability> { [] }

    public func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        let reason = preflight().reason
        throw GenUIError.unavailable(reason, .init(provider: name, debugDescription: "\(name): \(reason.code)"))
    }

    public func facts() async -> [ProviderFact] { preflight().facts }

    /// The cheap checks, in the order a user would fix things.
    func preflight() -> (reason: UnavailableReason, facts: [ProviderFact]) {
        var facts: [ProviderFact] = []
        switch settings.kind {
        case .llamaCpp(let llama):
            // The same search the on-device provider makes, reported the same way.
            let located = LlamaServerLocator(configuredPath: llama.binary, environment: environment).locate()
            facts.append(.llamaServer(located))
            if case .missing(let looked) = located {
                return (.runtimeMissing(binary: looked.count == 1 ? looked[0] : LlamaServerLocator.programName), facts)
            }
            let exists = FileManager.default.fileExists(atPath: llama.model)
            facts.append(ProviderFact(
                kind: "path", LocalizedText(exists ? "doctor.fact.modelPresent" : "doctor.fact.modelMissing", ["path": .verbatim(llama.model)])))
            guard exists else { return (.modelNotInstalled(name: llama.model), facts) }
        case .openai, .anthropic, .gemini, .custom:
            if let variable = settings.apiKeyEnv {
                let isSet = !(environment[variable] ?? "").isEmpty
                facts.append(ProviderFact(
                    kind: "env", LocalizedText(isSet ? "doctor.fact.envSet" : "doctor.fact.envNotSet", ["variable": .verbatim(variable)])))
                if !isSet { return (.notConfigured(missing: variable), facts) }
            }
        case .ollama, .scripted:
            break
        }
        facts.append(ProviderFact(kind: "note", LocalizedText("doctor.fact.notBuiltIn", ["missing": .verbatim(missing)])))
        return (.notConfigured(missing: missing), facts)
    }
}
