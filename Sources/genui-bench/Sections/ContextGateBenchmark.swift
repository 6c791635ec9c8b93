import Foundation
import GenUI
import GenUIOnDevice
import GenUIRouter
import GenUIScreens

/// Section: what the chain's context check (availability read, context window, token bound) adds to the
/// router-overhead path, measured against the same path where the check does not apply.
enum ContextGateBenchmark {
    static let section = "Context check: router-overhead path with the chain's context check vs without it"

    static func run(into report: inout Report, quick: Bool, modelPath: String, serverPath: String) async throws {
        let onDevice = OnDeviceBenchmarks.model("on-device", modelPath: modelPath, serverPath: serverPath)
        defer { Task { await onDevice.shutdown() } }
        await onDevice.prewarm(promptPrefix: nil)
        // Both chains hold the same on-device model behind the same forwarding wrapper; only one reports its window.
        let checked = ProviderChain(name: "checked", models: [WindowModel(base: onDevice, reportsWindow: true)])
        let unchecked = ProviderChain(name: "unchecked", models: [WindowModel(base: onDevice, reportsWindow: false)])
        guard try await checked.contextSize > 0 else { throw BenchmarkError("the checked chain reports no context window") }
        if (try? await unchecked.contextSize) != nil { throw BenchmarkError("the unchecked chain reports a context window") }
        let intent = "A login form with username and password fields and Login and Register buttons"
        let composer = ScreenComposer(model: checked)
        func routed(_ chain: ProviderChain) async throws -> (LanguageModelSession.Response<GeneratedContent>, Double) {
            let session = LanguageModelSession(model: chain, instructions: ScreenComposer.instructions)
            return try await Stopwatch.time {
                try await session.respond(
                    to: intent, schema: UIScreen.generationSchema,
                    includeSchemaInPrompt: composer.includeSchemaInPrompt, options: GenerationOptions(sampling: .greedy))
            }
        }
        // Warm both paths once before measuring.
        _ = try await routed(checked)
        _ = try await routed(unchecked)
        let runs = quick ? 6 : 20
        var comparison = InterleavedComparison()
        var outside = (unchecked: Samples(), checked: Samples())
        var serverTimes = Samples()
        var contextChecked = 0
        for run in 0..<runs {
            // ABBA order, as in the router-overhead section.
            let (withoutCheck, a): (LanguageModelSession.Response<GeneratedContent>, Double)
            let (withCheck, b): (LanguageModelSession.Response<GeneratedContent>, Double)
            if run.isMultiple(of: 2) {
                (withoutCheck, a) = try await routed(unchecked)
                (withCheck, b) = try await routed(checked)
            } else {
                (withCheck, b) = try await routed(checked)
                (withoutCheck, a) = try await routed(unchecked)
            }
            comparison.record(a: a, b: b)
            let serverA = OnDeviceBenchmarks.serverSeconds(withoutCheck.metadata)
            let serverB = OnDeviceBenchmarks.serverSeconds(withCheck.metadata)
            outside.unchecked.append(a - serverA)
            outside.checked.append(b - serverB)
            serverTimes.append(serverA)
            if withCheck.metadata.trace?.steps.contains(where: { $0.contextCheck != nil }) == true { contextChecked += 1 }
        }
        let ratio = comparison.ratios.median
        report.add(Figure(section: section, name: "median ratio with check / without", value: ratio, unit: "×",
                          goal: "≤ 1.02×", metGoal: ratio <= 1.02))
        report.add(Figure(section: section, name: "median request without the check", value: comparison.a.median * 1000, unit: "ms"))
        report.add(Figure(section: section, name: "median request with the check", value: comparison.b.median * 1000, unit: "ms"))
        report.add(Figure(section: section, name: "per-pair ratio, 25th–75th percentile spread",
                          value: (comparison.ratios.percentile(0.75) - comparison.ratios.percentile(0.25)) * 100, unit: "points"))
        report.add(Figure(section: section, name: "time outside llama-server per request, without the check",
                          value: outside.unchecked.median * 1000, unit: "ms"))
        report.add(Figure(section: section, name: "time outside llama-server per request, with the check",
                          value: outside.checked.median * 1000, unit: "ms"))
        let derived = (serverTimes.median + outside.checked.median) / (serverTimes.median + outside.unchecked.median)
        report.add(Figure(section: section, name: "ratio from the time outside llama-server", value: derived, unit: "×",
                          goal: "≤ 1.02×", metGoal: derived <= 1.02))
        report.add(Figure(section: section, name: "requests whose trace records a token count", value: Double(contextChecked), unit: "of \(runs)"))
        report.note(section, "Interleaved pairs in ABBA order over \(runs) pairs, the router-overhead request (`LanguageModelSession` → `ProviderChain` → on-device provider, greedy, `UIScreen` schema). Both chains hold the same running on-device model behind the same forwarding wrapper; A's wrapper does not report a context window (the `LanguageModel` default, which throws), so the chain has no window to check against; B's passes on the on-device provider's `contextSize` (what llama-server reports, 4096), so every request goes through the chain's context check as shipped. Both chains ask for the window when they read availability and cache the answer with it (A is told there is none); per request, B then computes the request's token bound and compares it with the window. This request fits well within the window, so the check is the common path: the bound decides and no count is asked of llama-server (the last row counts the requests whose trace records a count). The time outside llama-server is each request's wall time minus the prompt and generation time llama-server reports for it.")
    }
}

/// Forwards everything to `base`; reports `base`'s context window only when `reportsWindow`.
private struct WindowModel: LanguageModel {
    let base: OnDeviceModel
    let reportsWindow: Bool

    var name: String { base.name }
    var availability: Availability { get async { await base.availability } }
    var capabilities: Set<LanguageModelCapability> { get async { await base.capabilities } }
    func respond(to request: GenerationRequest) async throws -> GenerationResponse { try await base.respond(to: request) }
    func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        base.streamResponse(to: request)
    }
    func prewarm(promptPrefix: String?) async { await base.prewarm(promptPrefix: promptPrefix) }
    var contextSize: Int {
        get async throws {
            guard reportsWindow else {
                throw LanguageModelError.unavailable(
                    .notConfigured(missing: "contextSize"),
                    .init(provider: name, debugDescription: "\(name) does not report its context size"))
            }
            return try await base.contextSize
        }
    }
    func tokenCount(for request: GenerationRequest) async throws -> Int { try await base.tokenCount(for: request) }
}
