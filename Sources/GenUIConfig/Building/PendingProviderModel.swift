import Foundation
import GenUI
import GenUIDiagnostics

/// Stands in for a provider that could not be built (or whose type has no builder): it reports the most specific
/// reason it can find with cheap, local checks — its type's own (``ProviderDefinition/Preflight``: the runtime
/// program is missing, the model file is absent), then the API key's variable is unset — and otherwise that a
/// working setup is missing.
public struct PendingProviderModel: RoutableModel, ProviderFactsReporting {
    /// The provider's settings.
    public let settings: ProviderSettings
    private let context: ProviderBuildContext
    private let definition: ProviderDefinition?
    private let missing: String

    /// Creates a stand-in; `missing` says what would be needed to build the real provider, and `definition` (the
    /// provider's type) gives the checks that may say more.
    public init(
        settings: ProviderSettings, context: ProviderBuildContext, definition: ProviderDefinition? = nil,
        missing: String
    ) {
        self.settings = settings
        self.context = context
        self.definition = definition
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
        let own = definition?.preflight(settings, context) ?? ProviderDefinition.Preflight()
        var facts = own.facts
        if let reason = own.reason { return (reason, facts) }
        if let variable = settings.apiKeyEnv {
            let isSet = !(context.environment[variable] ?? "").isEmpty
            facts.append(
                ProviderFact(
                    kind: "env",
                    LocalizedText(
                        isSet ? "doctor.fact.envSet" : "doctor.fact.envNotSet", ["variable": .verbatim(variable)])))
            if !isSet { return (.notConfigured(missing: variable), facts) }
        }
        facts.append(
            ProviderFact(kind: "note", LocalizedText("doctor.fact.notBuiltIn", ["missing": .verbatim(missing)])))
        return (.notConfigured(missing: missing), facts)
    }
}
