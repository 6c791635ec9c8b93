import GenUI
import GenUIConfig
import GenUIDiagnostics
import GenUIRouter

/// The outcome of checking one provider.
package struct ProviderCheckResult: Sendable {
    package enum State: Sendable {
        case checked(Availability, Set<LanguageModelCapability>)
        case pending
        /// The check threw: what it said, for any language.
        case crashed(LocalizedText)
    }

    package var name: String
    package var state: State
    package var duration: Duration
    package var facts: [ProviderFact]
    package var deep: DoctorReport.DeepCheck?
    /// Why the test generation failed, when it did (worded in the user's language by the report).
    package var deepFailure: (any Error)? = nil
}

/// Checks providers concurrently; every check is bounded by the same deadline, so the total is about the
/// slowest single check, never the sum.
package struct ProviderChecker {
    package let deadline: Duration
    package let deep: Bool
    package let deepTimeout: Duration
    /// Called once, after `slowAfter`, with the providers still pending.
    package let onSlow: @Sendable ([String]) -> Void
    package let slowAfter: Duration

    package func check(_ models: [(any RoutableModel, SimulatedFailure?)]) async -> [ProviderCheckResult] {
        let progress = PendingSet(names: models.map(\.0.name))
        let monitor = Task {
            try? await Task.sleep(for: slowAfter)
            guard !Task.isCancelled else { return }
            let pending = await progress.pending
            if !pending.isEmpty { onSlow(pending) }
        }
        defer { monitor.cancel() }
        return await withTaskGroup(of: (Int, ProviderCheckResult).self) { group in
            for (index, (model, failure)) in models.enumerated() {
                group.addTask {
                    let result = await checkOne(model, failure: failure)
                    await progress.finish(model.name)
                    return (index, result)
                }
            }
            var results = [ProviderCheckResult?](repeating: nil, count: models.count)
            for await (index, result) in group { results[index] = result }
            return results.compactMap { $0 }
        }
    }

    private func checkOne(_ model: any RoutableModel, failure: SimulatedFailure?) async -> ProviderCheckResult {
        let clock = ContinuousClock()
        let start = clock.now
        var facts: [ProviderFact] = []
        var state: ProviderCheckResult.State
        do {
            let (availability, capabilities) = try await withDeadline(deadline) {
                if case .crash? = failure { throw SimulatedCrash() }
                let availability = await model.availability
                // An unavailable provider's capabilities are not asked for: for a server that is down, that would be
                // a second wait on the same dead endpoint.
                let capabilities = availability.isAvailable ? await model.supportedCapabilities : []
                return (availability, capabilities)
            }
            state = .checked(availability, capabilities)
        } catch is DeadlineExceeded {
            state = .pending
        } catch {
            state = .crashed(
                error is SimulatedCrash
                    ? LocalizedText("doctor.simulatedCrash") : LocalizedText.verbatim("\(error)"))
        }
        if deep, case .checked(.unavailable, _) = state, let proving = Self.provingSource(of: model) {
            // The reason may be a failed start remembered from another process: a deep check starts it again.
            if let availability = try? await withDeadline(deepTimeout, operation: { await proving.proveRuntime() }) {
                let capabilities = availability.isAvailable ? await model.supportedCapabilities : []
                state = .checked(availability, capabilities)
            }
        }
        let duration = clock.now - start
        if let reporting = Self.factsSource(of: model) {
            facts = (try? await withDeadline(.milliseconds(500)) { await reporting.facts() }) ?? []
        }
        var deepResult: (check: DoctorReport.DeepCheck, failure: (any Error)?)?
        if deep, case .checked(.available, _) = state {
            deepResult = await deepCheck(model)
        }
        return ProviderCheckResult(
            name: model.name, state: state, duration: duration, facts: facts, deep: deepResult?.check,
            deepFailure: deepResult?.failure)
    }

    /// One tiny real generation, and the error when it failed.
    private func deepCheck(_ model: any RoutableModel) async -> (check: DoctorReport.DeepCheck, failure: (any Error)?) {
        let clock = ContinuousClock()
        let start = clock.now
        let request = GenerationRequest(
            prompt: "Say hello in one word.", options: GenerationOptions(temperature: 0, maximumResponseTokens: 8))
        do {
            let response = try await withDeadline(deepTimeout) { try await model.respond(to: request) }
            return (
                .init(
                    ok: true, durationSeconds: (clock.now - start).seconds, message: String(response.text.prefix(60))),
                nil
            )
        } catch {
            return (.init(ok: false, durationSeconds: (clock.now - start).seconds, message: "\(error)"), error)
        }
    }

    private static func provingSource(of model: any RoutableModel) -> (any RuntimeProving)? {
        if let proving = model as? any RuntimeProving { return proving }
        if model is SimulatedModel { return nil }
        if let configured = model as? ConfiguredModel { return provingSource(of: configured.base) }
        return nil
    }

    private static func factsSource(of model: any RoutableModel) -> (any ProviderFactsReporting)? {
        if let reporting = model as? any ProviderFactsReporting { return reporting }
        if let simulated = model as? SimulatedModel { return factsSource(of: simulated.base) }
        if let configured = model as? ConfiguredModel { return factsSource(of: configured.base) }
        return nil
    }
}

/// The check threw instead of answering (simulated with `--simulate P=crash`).
package struct SimulatedCrash: Error, CustomStringConvertible {
    package var description: String { "simulated crash of the availability check" }
}

/// Which checks have not finished yet.
actor PendingSet {
    private var names: [String]

    init(names: [String]) { self.names = names }

    var pending: [String] { names }

    func finish(_ name: String) { names.removeAll { $0 == name } }
}
