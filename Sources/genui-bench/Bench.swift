import Foundation

// genui-bench: what genui costs on top of the model, as ratios and medians measured in one run.
//
//   make release && swift run -c release --static-swift-stdlib genui-bench [--quick] [--json] [--no-write]
//       [--only SECTION[,SECTION…]]
//
// It runs the `genui` built beside it as a subprocess: `make release` builds that one (`make bench` does both).
//
// Writes a Markdown table to stdout and to docs/performance.md (unless --no-write); --json prints JSON instead.
// --only runs the named sections (overhead, instrumentation, context, fallback, doctor, grammar, warm, memory, scale,
// pull, quality, fleet, mcp, scale-http, scale-slow, image) and never writes docs/performance.md, whose other
// sections it would otherwise drop.

let argumentList = Array(CommandLine.arguments.dropFirst())
let arguments = Set(argumentList)
let quick = arguments.contains("--quick")
let onlySections: Set<String>? = {
    var names: Set<String>?
    for (index, argument) in argumentList.enumerated() where argument == "--only" && index + 1 < argumentList.count {
        names = (names ?? []).union(argumentList[index + 1].split(separator: ",").map(String.init))
    }
    return names
}()
/// Whether the section named `key` runs in this invocation.
func runs(_ key: String) -> Bool { onlySections?.contains(key) ?? true }
let environment = ProcessInfo.processInfo.environment
let packageRoot = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let genui = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
    .deletingLastPathComponent().appendingPathComponent("genui")
let modelPath =
    environment["GENUI_TEST_MODEL"]
    ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(
        ".cache/genui/models/SmolLM2-135M-Instruct.Q4_1.gguf"
    ).path
let serverPath = environment["GENUI_LLAMA_SERVER"] ?? packageRoot.appendingPathComponent(".tools/bin/llama-server").path

@main
enum BenchmarkMain {
    static func main() async {
        // The load section's helper processes: the streaming server and one run each.
        if argumentList.count >= 2 {
            do {
                switch argumentList[0] {
                case "--serve-completions":
                    try StreamingCompletionServer.serve(
                        portCount: Int(argumentList.count > 2 ? argumentList[2] : "1") ?? 1, portFile: argumentList[1])
                case "--load-worker":
                    try await LoadWorker.run(JSONDecoder().decode(LoadRun.self, from: Data(argumentList[1].utf8)))
                    return
                case "--image-worker" where argumentList.count >= 4:
                    try await ImageBenchmark.worker(
                        baseURL: argumentList[1], image: argumentList[2], result: argumentList[3])
                    return
                case "--soak-worker":
                    try await SoakWorker.run(JSONDecoder().decode(SoakRun.self, from: Data(argumentList[1].utf8)))
                    return
                default: break
                }
            } catch {
                FileHandle.standardError.write(Data("genui-bench \(argumentList[0]): \(error)\n".utf8))
                exit(1)
            }
        }
        var report = Report(
            command: "swift run -c release --static-swift-stdlib genui-bench" + (quick ? " --quick" : "")
                + (onlySections.map { " --only " + $0.sorted().joined(separator: ",") } ?? ""),
            machine: Report.describeMachine())
        let started = ContinuousClock.now

        func stage(_ name: String, _ body: () async throws -> Void) async {
            FileHandle.standardError.write(Data("==> \(name)\n".utf8))
            do {
                try await body()
            } catch {
                report.note(name, "This section failed: \(error)")
                FileHandle.standardError.write(Data("    failed: \(error)\n".utf8))
            }
        }

        let onDeviceReady =
            FileManager.default.isExecutableFile(atPath: serverPath)
            && FileManager.default.fileExists(atPath: modelPath)

        if onDeviceReady && runs("overhead") {
            await stage(OnDeviceBenchmarks.overheadSection) {
                try await OnDeviceBenchmarks.routerOverhead(
                    into: &report, quick: quick, modelPath: modelPath, serverPath: serverPath)
            }
        }
        if onDeviceReady && runs("instrumentation") {
            await stage(InstrumentationBenchmark.section) {
                try await InstrumentationBenchmark.run(
                    into: &report, quick: quick, modelPath: modelPath, serverPath: serverPath)
            }
        }
        if onDeviceReady && runs("context") {
            await stage(ContextGateBenchmark.section) {
                try await ContextGateBenchmark.run(
                    into: &report, quick: quick, modelPath: modelPath, serverPath: serverPath)
            }
        }
        if runs("fallback") {
            await stage(FallbackBenchmark.section) { try await FallbackBenchmark.run(into: &report, quick: quick) }
        }
        if runs("doctor") {
            await stage(DoctorBenchmark.section) {
                try await DoctorBenchmark.run(
                    into: &report, quick: quick, genui: genui, modelPath: modelPath, serverPath: serverPath)
            }
        }
        if onDeviceReady && runs("grammar") {
            await stage(OnDeviceBenchmarks.grammarSection) {
                try await OnDeviceBenchmarks.guidedGenerationCost(
                    into: &report, quick: quick, modelPath: modelPath, serverPath: serverPath)
            }
        }
        if onDeviceReady && runs("quality") {
            await stage(QualityBenchmark.section) {
                try await QualityBenchmark.run(
                    into: &report, quick: quick, modelPath: modelPath, serverPath: serverPath)
            }
        }
        if onDeviceReady && runs("warm") {
            await stage(OnDeviceBenchmarks.warmSection) {
                try await OnDeviceBenchmarks.warmVersusCold(
                    into: &report, quick: quick, modelPath: modelPath, serverPath: serverPath)
            }
        }
        if FileManager.default.fileExists(atPath: modelPath) && runs("pull") {
            await stage(PullBenchmark.section) {
                try await PullBenchmark.run(into: &report, quick: quick, genui: genui, modelPath: modelPath)
            }
        }
        if runs("memory") {
            await stage(MemoryBenchmark.section) {
                let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "genui-bench-memory-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: directory) }
                let scripted = directory.appendingPathComponent("scripted.yml")
                try "version: 1\nchains:\n  default: [scripted]\nproviders:\n  scripted: { type: scripted }\n"
                    .write(to: scripted, atomically: true, encoding: .utf8)
                var configs = [(label: "scripted chain", path: scripted.path)]
                if onDeviceReady {
                    let onDevice = directory.appendingPathComponent("on-device.yml")
                    try
                        "version: 1\nchains:\n  default: [on-device]\nproviders:\n  on-device: { type: llama.cpp, model: \"\(modelPath)\", binary: \"\(serverPath)\", context: 2048 }\n"
                        .write(to: onDevice, atomically: true, encoding: .utf8)
                    configs.append((label: "on-device chain (SmolLM2 via llama-server)", path: onDevice.path))
                }
                try await MemoryBenchmark.run(into: &report, genui: genui, configs: configs)
            }
        }
        if runs("scale") {
            await stage("Scale: concurrent sessions through one chain (scripted provider)") {
                try await ScaleBenchmark.run(into: &report, quick: quick)
            }
        }
        if runs("scale-http") {
            await stage(ScaleHTTPBenchmark.section) {
                try await ScaleHTTPBenchmark.run(into: &report, quick: quick, packageRoot: packageRoot)
            }
        }
        if runs("scale-slow") {
            await stage(ScaleHTTPBenchmark.slowSection) {
                try await ScaleHTTPBenchmark.slowReaders(into: &report, quick: quick)
            }
        }
        if runs("image") {
            await stage(ImageBenchmark.section) { try await ImageBenchmark.run(into: &report, quick: quick) }
        }
        if runs("fleet") {
            await stage(FleetBenchmark.section) { try await FleetBenchmark.run(into: &report, quick: quick) }
        }
        if runs("mcp") {
            await stage(MCPBenchmark.section) {
                try await MCPBenchmark.run(
                    into: &report, quick: quick, packageRoot: packageRoot, environment: environment)
            }
        }
        if !onDeviceReady {
            report.note(
                "Setup",
                "llama-server or the model is not installed (run `scripts/bootstrap`): the on-device sections were skipped."
            )
        }
        let total = (ContinuousClock.now - started).secondsValue
        FileHandle.standardError.write(Data("==> done in \(Int(total)) s\n".utf8))

        let markdown = report.markdown() + "\nWhole run: \(Int(total)) s.\n" + PerformanceNotes.text
        if arguments.contains("--json") {
            print(report.json())
        } else {
            print(markdown)
        }
        if !arguments.contains("--no-write") && onlySections == nil {
            let path = packageRoot.appendingPathComponent("docs/performance.md")
            try? markdown.write(to: path, atomically: true, encoding: .utf8)
        }

    }
}
