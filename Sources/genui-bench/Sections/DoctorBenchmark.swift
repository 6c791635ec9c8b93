import Foundation
import GenUI
import GenUIConfig
import GenUIDiagnostics
import GenUITesting

/// Section 3: `genui doctor` checks providers concurrently, so its wall time should track the slowest single check,
/// not the sum of all checks — even when one provider is a loopback server that accepts and never answers.
enum DoctorBenchmark {
    static let section = "Doctor: wall time vs the individual checks (five providers, one never answers)"

    static func run(into report: inout Report, quick: Bool, genui: URL, modelPath: String, serverPath: String)
        async throws
    {
        let silent = try LoopbackHTTPServer { _, connection in _ = connection.stall(for: .seconds(30)) }
        defer { silent.stop() }
        let answering = try LoopbackHTTPServer { request, connection in
            if request.path.hasSuffix("/models") {
                connection.respond(json: #"{"object":"list","data":[{"id":"bench-model","object":"model"}]}"#)
            } else {
                connection.respond(status: 404, json: #"{"error":{"message":"not here","type":"not_found_error"}}"#)
            }
        }
        defer { answering.stop() }
        let yaml = """
            version: 1
            default_chain: default
            chains:
              default: [on-device, ollama, openai, anthropic, scripted]
            providers:
              on-device: { type: llama.cpp, model: "\(modelPath)", binary: "\(serverPath)", context: 2048 }
              ollama:    { type: ollama, host: "\(silent.baseURL.absoluteString)", model: "qwen2.5:0.5b" }
              openai:    { type: openai, base_url: "\(answering.baseURL.appendingPathComponent("v1").absoluteString)", model: bench-model }
              anthropic: { type: anthropic, model: claude-sonnet, api_key_env: GENUI_BENCH_UNSET_KEY }
              scripted:  { type: scripted }
            """
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "genui-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let configPath = directory.appendingPathComponent("providers.yml")
        try yaml.write(to: configPath, atomically: true, encoding: .utf8)

        let rounds = quick ? 2 : 5
        var sums = Samples()
        var maxima = Samples()
        var walls = Samples()
        var startups = Samples()
        for _ in 0..<rounds {
            // The individual checks, one after another, in this process.
            let configuration = try ConfigurationLoader().load(explicitPath: configPath.path)
            var times: [Double] = []
            for model in configuration.makeProviders() {
                // What doctor does per provider: availability, then capabilities when it is available.
                let (_, seconds) = await Stopwatch.time {
                    if await model.availability.isAvailable { _ = await model.supportedCapabilities }
                }
                times.append(seconds)
            }
            sums.append(times.reduce(0, +))
            maxima.append(times.max() ?? 0)
            // The same checks through the doctor command, and the command's bare start-up cost.
            walls.append(try await timeProcess(genui, ["doctor", "--config", configPath.path, "--json"]))
            startups.append(try await timeProcess(genui, ["--help"]))
        }
        let ratioToSlowest = walls.median / maxima.median
        report.add(Figure(section: section, name: "slowest single check", value: maxima.median * 1000, unit: "ms"))
        report.add(Figure(section: section, name: "sum of all checks", value: sums.median * 1000, unit: "ms"))
        report.add(Figure(section: section, name: "doctor wall time (process)", value: walls.median * 1000, unit: "ms"))
        report.add(
            Figure(
                section: section, name: "doctor / slowest check", value: ratioToSlowest, unit: "×",
                goal: "≤ 1.1×", metGoal: ratioToSlowest <= 1.1))
        report.add(
            Figure(section: section, name: "doctor / sum of checks", value: walls.median / sums.median, unit: "×"))
        report.add(
            Figure(
                section: section, name: "(genui start-up alone, `genui --help`)", value: startups.median * 1000,
                unit: "ms"))
        let catalogRead = try await catalogReadSeconds(rounds: quick ? 5 : 21)
        report.add(
            Figure(
                section: section, name: "(reading genui's message catalog: twenty messages in German)",
                value: catalogRead * 1000, unit: "ms", goal: "≤ 5 ms", metGoal: catalogRead <= 0.005))
        report.note(
            section,
            "Medians of \(rounds) rounds. The checks: on-device (files only, no server start), Ollama at a loopback server that accepts and never answers (bounded by the provider's 2 s availability timeout), OpenAI-compatible at a loopback server, Anthropic without its key (no network), scripted. Doctor's wall time includes starting the `genui` process."
        )
    }

    /// The median time to read `Diagnostics.xcstrings` from the resources beside this program and word, in German,
    /// the twenty messages a short `genui doctor` report needs (`genui --help` reads no catalog).
    static func catalogReadSeconds(rounds: Int) async throws -> Double {
        guard
            let file = ResourceLocator.file(
                "Diagnostics.xcstrings", inBundleOf: "GenUIDiagnostics", sourceFile: #filePath,
                sourceFolder: "Resources")
        else { throw CocoaError(.fileNoSuchFile) }
        var samples = Samples()
        for _ in 0..<rounds {
            let (worded, seconds) = try await Stopwatch.time {
                let catalog = try MessageCatalog(contentsOf: file)
                return doctorKeys.map { catalog.template($0, language: .german) }
            }
            guard zip(worded, doctorKeys).allSatisfy({ $0 != $1 }) else { throw CocoaError(.fileReadCorruptFile) }
            samples.append(seconds)
        }
        return samples.median
    }

    /// Messages a doctor report with an unavailable provider words.
    static let doctorKeys = [
        "doctor.header", "doctor.column.provider", "doctor.column.type", "doctor.column.model", "doctor.column.status",
        "doctor.chain.wouldUse", "doctor.chain.skipped", "reason.runtimeMissing.message",
        "reason.runtimeMissing.remedy", "reason.unreachable.message", "reason.unreachable.remedy",
        "reason.notConfigured.message", "reason.notConfigured.remedy", "capability.streaming",
        "capability.guided-generation", "capability.tool-calling", "short.coolingDown", "trace.skipped",
        "error.timedOut.message", "error.timedOut.remedy",
    ]

    /// Runs a command to completion and returns its wall time in seconds.
    static func timeProcess(_ executable: URL, _ arguments: [String]) async throws -> Double {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = ContinuousClock.now
        try process.run()
        while process.isRunning { try await Task.sleep(for: .milliseconds(1)) }
        return (ContinuousClock.now - start).secondsValue
    }
}
