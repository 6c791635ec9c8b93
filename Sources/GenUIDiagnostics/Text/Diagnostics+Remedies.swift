import GenUI

extension Diagnostics {
    /// Why a model is unavailable, and what to do — the remedy fitted to the kind of provider (`remedies`, which
    /// its type's definition names: `cloud`, `ollama`, `llama.cpp`) when the catalog has one for it
    /// (`reason.<code>.remedy.<remedies>`), else the general remedy.
    public func describe(_ reason: UnavailableReason, remedies: String?) -> DiagnosticMessage {
        var described = describe(reason)
        guard let remedies else { return described }
        let key = "reason.\(reason.code).remedy.\(remedies)"
        guard catalog.contains(key) else { return described }
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
