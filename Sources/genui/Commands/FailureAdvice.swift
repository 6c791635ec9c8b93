import GenUI
import GenUIDiagnostics

/// What `genui generate` advises after a failure: each line once, and only advice that fits what happened.
///
/// When no provider could serve, the route decides: an attempt that timed out is told with the timeout it ran into
/// and the setting that raises it (doctor would only show that provider as available); doctor is suggested only when
/// a provider was passed over without being tried, which is what doctor explains.
struct FailureAdvice {
    let error: GenUIError
    let model: GenerationModel?
    let diagnostics: Diagnostics

    /// The advice, in order, without repeats; `remediation` is the error's own remedy.
    func lines(remediation: String?) -> [String] {
        var lines: [String] = []
        func add(_ line: String?) {
            guard let line, !line.isEmpty, !lines.contains(line) else { return }
            lines.append(line)
        }
        let steps = error.trace?.steps ?? []
        switch error {
        case .noProviderAvailable:
            for step in steps where step.outcome == .failed {
                add(
                    step.reason == "timedOut"
                        ? timeoutAdvice(step) : diagnostics.remedy(of: step) ?? remedy(forCode: step.reason))
            }
            let passedOver = steps.contains { step in
                step.outcome == .skipped && !["missingCapability", "contextWindowTooSmall"].contains(step.reason)
            }
            if passedOver || steps.isEmpty { add(diagnostics.text("generate.hint.doctor")) }
        case .timedOut:
            if let step = steps.last(where: { $0.outcome == .failed && $0.reason == "timedOut" }) {
                add(timeoutAdvice(step))
            } else {
                add(remediation)
            }
        case .unsupportedCapability(.guidedGeneration, _):
            add(remediation)
            add(diagnostics.text("generate.hint.unguided"))
        case .unavailable:
            add(remediation)
            add(diagnostics.text("generate.hint.doctor"))
        case .decodingFailure:
            add(remediation)
            add(diagnostics.text("generate.hint.invalid"))
        default:
            add(remediation)
        }
        return lines
    }

    /// The remedy of an error code recorded in a route, when it is one.
    private func remedy(forCode code: String) -> String? {
        GenUIError.allCodes.contains(code) ? diagnostics.text("error.\(code).remedy") : nil
    }

    /// What happened to an attempt that timed out, and what to change: the provider's `timeout`, or the chain's
    /// `deadline` when that cut the attempt short.
    private func timeoutAdvice(_ step: RouteTrace.Step) -> String {
        let provider = model?.configuration.provider(named: step.provider)
        let chain = model?.settings
        let attemptLimit = provider?.timeout ?? chain?.options.attemptTimeout
        let deadline = chain?.options.deadline
        if let attemptLimit, let deadline, deadline < attemptLimit || step.durationSeconds < attemptLimit.seconds * 0.9
        {
            return diagnostics.text(
                "generate.hint.deadline",
                [
                    "provider": step.provider, "duration": diagnostics.format.duration(deadline),
                    "chain": chain?.name ?? "—",
                ])
        }
        let limit =
            attemptLimit.map(diagnostics.format.duration) ?? diagnostics.format.duration(seconds: step.durationSeconds)
        return diagnostics.text(
            "generate.hint.timedOut",
            [
                "provider": step.provider, "duration": limit, "setting": "providers.\(step.provider).timeout",
            ])
    }
}
