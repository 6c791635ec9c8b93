import GenUI

extension Diagnostics {
    /// Why a model is unavailable, and what to do — the remedy fitted to the kind of provider (`providerType`, as in
    /// providers.yml: `ollama`, `llama.cpp`, `openai`, …) when the catalog has one for it
    /// (`reason.<code>.remedy.<kind>`; the cloud types share `cloud`), else the general remedy.
    public func describe(_ reason: UnavailableReason, providerType: String?) -> DiagnosticMessage {
        var described = describe(reason)
        guard let providerType else { return described }
        let kind = ["openai", "anthropic", "gemini"].contains(providerType) ? "cloud" : providerType
        let key = "reason.\(reason.code).remedy.\(kind)"
        guard MessageCatalog.messages(for: .english)[key] != nil else { return described }
        described.remediation = text(key, Self.remedyArguments(of: reason))
        return described
    }

    /// The placeholder values of a reason's messages.
    private static func remedyArguments(of reason: UnavailableReason) -> [String: String] {
        switch reason {
        case .modelNotInstalled(let name): ["name": name]
        case .runtimeMissing(let binary): ["binary": binary]
        case .unreachable(let endpoint): ["endpoint": endpoint]
        case .notConfigured(let missing): ["missing": missing]
        default: [:]
        }
    }
}
