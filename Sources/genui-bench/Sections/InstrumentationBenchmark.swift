import Foundation
import GenUI
import GenUIOnDevice
import GenUIRouter
import GenUIScreens
import InMemoryLogging
import InMemoryTracing
import Logging
import MetricsTestKit

/// The router-overhead request with the instrumentation at its two extremes: nothing configured (the no-op tracer,
/// metrics factory and logger an app gets by default) and in-memory backends that keep everything (swift-distributed-
/// tracing's `InMemoryTracer`, swift-metrics' `TestMetrics`, swift-log's `InMemoryLogHandler` at debug, passed to the
/// chain, the session and the on-device provider), each against the minimal HTTP client, in one interleaved run.
enum InstrumentationBenchmark {
    static let section = "Instrumentation: router overhead with no backend and with in-memory backends"

    static func run(into report: inout Report, quick: Bool, modelPath: String, serverPath: String) async throws {
        let logs = InMemoryLogHandler()
        var logger = Logger(label: "genui.bench") { _ in logs }
        logger.logLevel = .debug
        let tracer = InMemoryTracer()
        let metrics = TestMetrics()
        // Two servers of the same model: the provider's logger is fixed when it is made, so the observed chain needs
        // its own provider. The direct client and the no-op chain share the first.
        let plain = OnDeviceBenchmarks.model("on-device", modelPath: modelPath, serverPath: serverPath)
        let observed = OnDeviceLanguageModel(
            configuration: OnDeviceConfiguration(
                name: "on-device", modelPath: modelPath, serverPath: serverPath, contextSize: 4096,
                idleShutdownSeconds: nil),
            logger: logger)
        defer {
            Task {
                await plain.shutdown()
                await observed.shutdown()
            }
        }
        await plain.prewarm(promptPrefix: nil)
        await observed.prewarm(promptPrefix: nil)
        // Timeouts that only catch a hang: on this shared machine a screen has taken more than the default minute.
        let options = ChainOptions(attemptTimeout: .seconds(600), deadline: .seconds(900))
        let noop = ProviderChain(name: "bench", members: [ChainMember(plain)], options: options)
        let inMemory = ProviderChain(
            name: "bench", members: [ChainMember(observed)], options: options,
            observability: ChainObservability(logger: logger, tracer: tracer, metricsFactory: metrics))
        let intent = "A login form with username and password fields and Login and Register buttons"
        var composer = ScreenComposer(model: noop)
        // The screen schema under the free composition's instructions, as the routed session below sends.
        composer.composition = .free
        let request = composer.request(for: intent)
        let wire = try await plain.wireExchange(for: request)
        _ = try await noop.respond(to: request)
        _ = try await inMemory.respond(to: request)
        guard let baseURL = await plain.serverURL, let headers = await plain.serverRequestHeaders else {
            throw BenchmarkError("the on-device server is not running")
        }
        let direct = MinimalLlamaClient(baseURL: baseURL, headers: headers)
        _ = try await direct.run(template: wire.template, completion: wire.completion)

        func routed(_ chain: ProviderChain, sessionLogger: Logger) async throws -> (outside: Double, wall: Double) {
            let session = LanguageModelSession(
                model: chain, instructions: ScreenComposer.instructions, logger: sessionLogger)
            let (response, wall) = try await Stopwatch.time {
                try await session.respond(
                    to: intent, schema: UIScreen.generationSchema,
                    includeSchemaInPrompt: composer.includeSchemaInPrompt,
                    options: GenerationOptions(sampling: .greedy))
            }
            return (wall - OnDeviceBenchmarks.serverSeconds(response.metadata), wall)
        }
        func directRun() async throws -> (outside: Double, wall: Double, server: Double) {
            let (result, wall) = try await Stopwatch.time {
                try await direct.runTimed(template: wire.template, completion: wire.completion)
            }
            return (wall - result.serverSeconds, wall, result.serverSeconds)
        }

        let runs = quick ? 6 : 20
        var wall = (direct: Samples(), noop: Samples(), inMemory: Samples())
        var outside = (direct: Samples(), noop: Samples(), inMemory: Samples())
        var ratios = (noop: Samples(), inMemory: Samples())
        var serverTimes = Samples()
        let spansBefore = tracer.finishedSpans.count
        let linesBefore = logs.entries.count
        for run in 0..<runs {
            // The three variants in a rotating order, so whatever favours a position favours each alike.
            var d: (outside: Double, wall: Double, server: Double) = (0, 0, 0)
            var n: (outside: Double, wall: Double) = (0, 0)
            var m: (outside: Double, wall: Double) = (0, 0)
            switch run % 3 {
            case 0:
                d = try await directRun()
                n = try await routed(noop, sessionLogger: ProviderInstrumentation.disabledLogger)
                m = try await routed(inMemory, sessionLogger: logger)
            case 1:
                n = try await routed(noop, sessionLogger: ProviderInstrumentation.disabledLogger)
                m = try await routed(inMemory, sessionLogger: logger)
                d = try await directRun()
            default:
                m = try await routed(inMemory, sessionLogger: logger)
                d = try await directRun()
                n = try await routed(noop, sessionLogger: ProviderInstrumentation.disabledLogger)
            }
            wall.direct.append(d.wall)
            wall.noop.append(n.wall)
            wall.inMemory.append(m.wall)
            outside.direct.append(d.outside)
            outside.noop.append(n.outside)
            outside.inMemory.append(m.outside)
            serverTimes.append(d.server)
            if d.wall > 0 {
                ratios.noop.append(n.wall / d.wall)
                ratios.inMemory.append(m.wall / d.wall)
            }
        }
        let server = serverTimes.median
        func derived(_ samples: Samples) -> Double { (server + samples.median) / (server + outside.direct.median) }
        report.add(
            Figure(
                section: section, name: "median ratio routed / direct, nothing configured", value: ratios.noop.median,
                unit: "×"))
        report.add(
            Figure(
                section: section, name: "median ratio routed / direct, in-memory backends",
                value: ratios.inMemory.median, unit: "×"))
        report.add(
            Figure(
                section: section, name: "median request: direct / nothing configured / in-memory",
                value: wall.direct.median * 1000, unit: "ms",
                note: "\(Report.format(wall.noop.median * 1000)) ms / \(Report.format(wall.inMemory.median * 1000)) ms")
        )
        report.add(
            Figure(
                section: section, name: "time outside llama-server per request, direct",
                value: outside.direct.median * 1000, unit: "ms"))
        report.add(
            Figure(
                section: section, name: "time outside llama-server per request, nothing configured",
                value: outside.noop.median * 1000, unit: "ms"))
        report.add(
            Figure(
                section: section, name: "time outside llama-server per request, in-memory backends",
                value: outside.inMemory.median * 1000, unit: "ms"))
        let noopRatio = derived(outside.noop)
        let inMemoryRatio = derived(outside.inMemory)
        report.add(
            Figure(
                section: section, name: "ratio from the time outside llama-server, nothing configured",
                value: noopRatio,
                unit: "×", goal: "≤ 1.01×", metGoal: noopRatio <= 1.01))
        report.add(
            Figure(
                section: section, name: "ratio from the time outside llama-server, in-memory backends",
                value: inMemoryRatio,
                unit: "×", goal: "≤ 1.01×", metGoal: inMemoryRatio <= 1.01))
        let spans = Double(tracer.finishedSpans.count - spansBefore) / Double(runs)
        let lines = Double(logs.entries.count - linesBefore) / Double(runs)
        report.add(Figure(section: section, name: "spans kept per in-memory request", value: spans, unit: ""))
        report.add(
            Figure(section: section, name: "log lines kept per in-memory request (debug)", value: lines, unit: ""))
        report.note(
            section,
            "\(runs) rounds of the router-overhead request (the same greedy `UIScreen` request as the section above), each round running three variants in a rotating order: A = the minimal `URLSession` client; B = `LanguageModelSession` → `ProviderChain` → on-device provider with nothing configured (no-op tracer and metrics, the discarding logger); C = the same path with in-memory backends that keep everything: an `InMemoryTracer` and a `TestMetrics` factory injected into the chain, and an `InMemoryLogHandler` logger at debug passed to the chain, the session and the on-device provider (so the chain's, the session's and each HTTP request's lines are built and kept). C's provider has its own llama-server of the same model (a provider's logger is fixed when it is made); the ratios from the time outside llama-server compare what each path adds around the server's own work, taking the server's variation out."
        )
    }
}
