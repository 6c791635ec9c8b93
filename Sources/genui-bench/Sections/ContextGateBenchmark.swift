import Foundation
import GenUI
import GenUIOnDevice
import GenUIRouter
import GenUIScreens

/// Section: what the chain's context check (availability read, context window, token bound) adds to the
/// router-overhead path, measured against the same path where the check does not apply.
enum ContextGateBenchmark {
    static let section = "Context check: router-overhead path with the chain's context check vs without it"

    static let countingSection =
        "Context check, counting path: router-overhead path where the chain asks llama-server for an exact count vs without the check"

    static func run(into report: inout Report, quick: Bool, modelPath: String, serverPath: String) async throws {
        let onDevice = OnDeviceBenchmarks.model("on-device", modelPath: modelPath, serverPath: serverPath)
        defer { Task { await onDevice.shutdown() } }
        await onDevice.prewarm(promptPrefix: nil)
        // Both chains hold the same on-device model behind the same forwarding wrapper; only one reports its window.
        let log = RequestLog()
        let checked = ProviderChain(name: "checked", models: [WindowModel(base: onDevice, window: .base)])
        let unchecked = ProviderChain(name: "unchecked", models: [WindowModel(base: onDevice, window: .none, log: log)])
        guard try await checked.contextSize > 0 else {
            throw BenchmarkError("the checked chain reports no context window")
        }
        if (try? await unchecked.contextSize) != nil {
            throw BenchmarkError("the unchecked chain reports a context window")
        }
        let runs = quick ? 6 : 20

        // Table 1: the common path, where the request's bound decides.
        _ = try await routed(checked)
        _ = try await routed(unchecked)
        let common = try await compare(unchecked: unchecked, checked: checked, runs: runs)
        common.report(into: &report, section: section)
        report.note(
            section,
            "Interleaved pairs in ABBA order over \(runs) pairs, the router-overhead request (`LanguageModelSession` → `ProviderChain` → on-device provider, greedy, `UIScreen` schema). Both chains hold the same running on-device model behind the same forwarding wrapper; A's wrapper does not report a context window (the `RoutableModel` default, which throws), so the chain has no window to check against; B's passes on the on-device provider's `contextSize` (what llama-server reports, 4096), so every request goes through the chain's context check as shipped. Both chains ask for the window when they read availability and cache the answer with it (A is told there is none); per request, B then computes the request's token bound and compares it with the window. This request fits well within the window, so the check is the common path: the bound decides and no count is asked of llama-server (the last row counts the requests whose trace records a count). The time outside llama-server is each request's wall time minus the prompt and generation time llama-server reports for it."
        )

        // Table 2: the counting path. The chain counts only when the request's bound (UTF-8 bytes plus a template
        // allowance) and the answer's tokens do not fit the window; the same request is made to reach it by a window
        // reported between its exact need and its bound.
        guard let request = log.last else { throw BenchmarkError("the unchecked chain's model saw no request") }
        let responseTokens = request.options.maximumResponseTokens ?? ChainOptions().responseTokenReserve
        let bound = TokenEstimate.upperBound(for: request)
        let exact = try await onDevice.tokenCount(for: request)
        guard bound > exact + 1 else { throw BenchmarkError("the request's bound (\(bound)) leaves no room below it") }
        let window = exact + responseTokens + (bound - exact) / 2
        let counting = ProviderChain(name: "counting", models: [WindowModel(base: onDevice, window: .fixed(window))])
        guard try await counting.contextSize == window else {
            throw BenchmarkError("the counting chain does not report its window")
        }
        _ = try await routed(counting)
        var countSeconds = Samples()
        for _ in 0..<5 {
            countSeconds.append(try await Stopwatch.time { try await onDevice.tokenCount(for: request) }.1)
        }
        let measured = try await compare(unchecked: unchecked, checked: counting, runs: runs)
        measured.report(into: &report, section: countingSection)
        report.add(
            Figure(
                section: countingSection, name: "request tokens counted by llama-server / the bound that did not fit",
                value: Double(exact), unit: "/ \(bound)"))
        report.add(
            Figure(
                section: countingSection,
                name:
                    "window reported to the chain (exact + answer reserve \(responseTokens) + half the bound's margin)",
                value: Double(window), unit: "tokens"))
        report.add(
            Figure(
                section: countingSection, name: "(reference) one `tokenCount(for:)` on its own, median of 5",
                value: countSeconds.median * 1000, unit: "ms"))
        report.note(
            countingSection,
            "The same request, pairs and ABBA order as the table above; A is the same chain without a window. B's wrapper reports a context window of \(window) tokens instead of llama-server's 4096: between the request's exact need (\(exact) tokens counted by llama-server, plus the \(responseTokens) tokens the chain keeps for the answer, \(exact + responseTokens) in all) and its bound plus that reserve (\(bound + responseTokens)). With that window the bound cannot decide, so on every request the chain asks the on-device provider for an exact count (`tokenCount(for:)`: llama-server's `/apply-template`, then `/tokenize`), finds that the request fits, and sends it; the row \"requests whose trace records a token count\" counts the requests whose trace records a count made by llama-server (`method: counted`). The router and the request are unchanged; only the reported window is smaller, and the model still runs with its real 4096-token context."
        )
    }

    /// One request through `chain`, and its wall time.
    static func routed(_ chain: ProviderChain) async throws -> (LanguageModelSession.Response<GeneratedContent>, Double)
    {
        let intent = "A login form with username and password fields and Login and Register buttons"
        let composer = ScreenComposer(model: chain)
        let session = LanguageModelSession(model: chain, instructions: ScreenComposer.instructions)
        return try await Stopwatch.time {
            try await session.respond(
                to: intent, schema: UIScreen.generationSchema,
                includeSchemaInPrompt: composer.includeSchemaInPrompt, options: GenerationOptions(sampling: .greedy))
        }
    }

    /// What one comparison measured.
    struct Measured {
        var comparison = InterleavedComparison()
        var outside = (unchecked: Samples(), checked: Samples())
        var serverTimes = Samples()
        var counted = 0
        var runs = 0

        func report(into report: inout Report, section: String) {
            let ratio = comparison.ratios.median
            report.add(
                Figure(
                    section: section, name: "median ratio with check / without", value: ratio, unit: "×",
                    goal: "≤ 1.02×", metGoal: ratio <= 1.02))
            report.add(
                Figure(
                    section: section, name: "median request without the check", value: comparison.a.median * 1000,
                    unit: "ms"))
            report.add(
                Figure(
                    section: section, name: "median request with the check", value: comparison.b.median * 1000,
                    unit: "ms"))
            report.add(
                Figure(
                    section: section, name: "per-pair ratio, 25th–75th percentile spread",
                    value: (comparison.ratios.percentile(0.75) - comparison.ratios.percentile(0.25)) * 100,
                    unit: "points"))
            report.add(
                Figure(
                    section: section, name: "time outside llama-server per request, without the check",
                    value: outside.unchecked.median * 1000, unit: "ms"))
            report.add(
                Figure(
                    section: section, name: "time outside llama-server per request, with the check",
                    value: outside.checked.median * 1000, unit: "ms"))
            let derived =
                (serverTimes.median + outside.checked.median) / (serverTimes.median + outside.unchecked.median)
            report.add(
                Figure(
                    section: section, name: "ratio from the time outside llama-server", value: derived, unit: "×",
                    goal: "≤ 1.02×", metGoal: derived <= 1.02))
            report.add(
                Figure(
                    section: section, name: "requests whose trace records a token count", value: Double(counted),
                    unit: "of \(runs)"))
        }
    }

    /// `runs` interleaved pairs in ABBA order: A through `unchecked`, B through `checked`.
    static func compare(unchecked: ProviderChain, checked: ProviderChain, runs: Int) async throws -> Measured {
        var measured = Measured()
        measured.runs = runs
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
            measured.comparison.record(a: a, b: b)
            let serverA = OnDeviceBenchmarks.serverSeconds(withoutCheck.metadata)
            let serverB = OnDeviceBenchmarks.serverSeconds(withCheck.metadata)
            measured.outside.unchecked.append(a - serverA)
            measured.outside.checked.append(b - serverB)
            measured.serverTimes.append(serverA)
            if withCheck.metadata.trace?.steps.contains(where: { $0.contextCheck?.method == .counted }) == true {
                measured.counted += 1
            }
        }
        return measured
    }
}

/// The last request a ``WindowModel`` forwarded.
private final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var request: GenerationRequest?

    var last: GenerationRequest? { lock.withLock { request } }
    func record(_ request: GenerationRequest) { lock.withLock { self.request = request } }
}

/// Forwards everything to `base`; reports no context window, `base`'s, or a fixed one.
private struct WindowModel: RoutableModel {
    enum Window { case none, base, fixed(Int) }

    let base: OnDeviceLanguageModel
    let window: Window
    var log: RequestLog?

    var name: String { base.name }
    var availability: Availability { get async { await base.availability } }
    var supportedCapabilities: Set<LanguageModelCapability> { get async { await base.supportedCapabilities } }
    func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        log?.record(request)
        return try await base.respond(to: request)
    }
    func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        log?.record(request)
        return base.streamResponse(to: request)
    }
    func prewarm(promptPrefix: String?) async { await base.prewarm(promptPrefix: promptPrefix) }
    var contextSize: Int {
        get async throws {
            switch window {
            case .none:
                throw GenUIError.unknownContextSize(of: name)
            case .base:
                return try await base.contextSize
            case .fixed(let size):
                return size
            }
        }
    }
    func tokenCount(for request: GenerationRequest) async throws -> Int { try await base.tokenCount(for: request) }
}
