import Foundation
import GenUI

#if canImport(Glibc)
    import Glibc
#endif

/// Section `scale-http`: N concurrent streamed answers (N = 1, 10, 100, 1,000) from a loopback OpenAI-compatible
/// server through (a) a bare AsyncHTTPClient client, (b) genui's provider, (c) a chain past a dead member and (d) a
/// fleet of four endpoints — each run in a fresh process, so CPU time, memory and threads are that run's alone — then
/// a soak of many short requests through one chain, sampled for growth.
enum ScaleHTTPBenchmark {
    static let section = "At server scale: concurrent streams over loopback HTTP"
    static let soakSection = "At server scale: soak of short requests through one chain"

    static func run(into report: inout Report, quick: Bool, packageRoot: URL) async throws {
        let server = try await ServerProcess.start(ports: 5)
        defer { server.stop() }
        let deadURL = try deadBaseURL()
        let pause = 10
        let tokens = quick ? 50 : 200
        func base(_ port: Int, pause: Int, tokens: Int) -> String {
            "http://127.0.0.1:\(port)/bench/\(pause)/\(tokens)/v1"
        }

        // The server's own ceiling: its CPU time per stream when it writes every token at once.
        let ceilingStreams = quick ? 100 : 400
        let ceilingRun = LoadRun(
            client: .bare, streams: ceilingStreams, baseURLs: [base(server.ports[0], pause: 0, tokens: tokens)],
            deadURL: deadURL, tokens: tokens, resultFile: "")
        let (ceiling, ceilingServerCPU) = try await measure(ceilingRun, server: server)
        let serverCPUPerStream = ceilingServerCPU / Double(ceilingStreams)
        report.add(
            Figure(
                section: section, name: "server ceiling: streams per CPU second (\(tokens) tokens, no pause)",
                value: 1 / serverCPUPerStream, unit: "streams/s"))

        // Every genui variant on AsyncHTTPClient (the default transport); (e) and (b) on URLSession too.
        let variants: [(LoadClient, Bool)] = [
            (.bare, false), (.transport, false), (.transport, true), (.direct, false), (.direct, true),
            (.chain, false), (.fleet, false),
        ]
        var rows: [Row] = []
        for streams in [1, 10, 100, 1000] {
            for (client, urlSession) in variants {
                let urls =
                    client == .fleet
                    ? server.ports[1...4].map { base($0, pause: pause, tokens: tokens) }
                    : [base(server.ports[0], pause: pause, tokens: tokens)]
                let run = LoadRun(
                    client: client, streams: streams, baseURLs: urls, deadURL: deadURL, tokens: tokens,
                    urlSession: urlSession, resultFile: "")
                let (result, serverCPU) = try await measure(run, server: server)
                rows.append(
                    Row(streams: streams, client: client, urlSession: urlSession, result: result, serverCPU: serverCPU))
                FileHandle.standardError.write(
                    Data(
                        "  \(streams) × \(client.rawValue)\(urlSession ? " (URLSession)" : ""): \(result.completed) completed, \(String(format: "%.2f", result.wallSeconds)) s, cpu \(String(format: "%.2f", result.cpuSeconds)) s\n"
                            .utf8))
            }
        }

        var table =
            "| N | client | completed | streams/s | tokens/s | TTFT p50 / p99 (ms) | last token p50 / p99 (ms) | CPU s per 1,000 streams | server CPU s per 1,000 | peak RSS (MiB) | RSS per stream (KiB) | threads (peak) |\n"
        table += "|---|---|---|---|---|---|---|---|---|---|---|---|\n"
        for row in rows {
            let r = row.result
            let first = Samples(r.timeToFirstToken)
            let last = Samples(r.timeToLastToken)
            let perStream = Double(r.peakResidentBytes - r.baselineResidentBytes) / Double(row.streams) / 1024
            let transport = row.client == .bare ? "" : row.urlSession ? " · URLSession" : " · AsyncHTTPClient"
            let cells = [
                "\(row.streams)", row.client.label + transport,
                "\(r.completed)" + (r.wrongText > 0 ? " (\(r.wrongText) wrong)" : ""),
                f(Double(r.completed) / r.wallSeconds), f(Double(r.completed * tokens) / r.wallSeconds),
                "\(f(first.median * 1000)) / \(f(first.percentile(0.99) * 1000))",
                "\(f(last.median * 1000)) / \(f(last.percentile(0.99) * 1000))",
                f(r.cpuSeconds / Double(row.streams) * 1000), f(row.serverCPU / Double(row.streams) * 1000),
                f(Double(r.peakResidentBytes) / 1_048_576), f(perStream), "\(r.peakThreads)",
            ]
            table += "| " + cells.joined(separator: " | ") + " |\n"
        }

        // The goals, as ratios against (a) in the same run.
        for streams in [1, 10, 100, 1000] {
            guard let bare = rows.first(where: { $0.streams == streams && $0.client == .bare })?.result else {
                continue
            }
            for (client, urlSession) in [(LoadClient.direct, false), (.chain, false), (.direct, true)] {
                guard
                    let genui = rows.first(where: {
                        $0.streams == streams && $0.client == client && $0.urlSession == urlSession
                    })?.result
                else { continue }
                let name = client == .direct ? (urlSession ? "direct on URLSession" : "direct") : "chain"
                let cpuRatio = genui.cpuSeconds / max(bare.cpuSeconds, 1e-9)
                report.add(
                    Figure(
                        section: section, name: "N = \(streams), \(name): CPU per stream ÷ (a)", value: cpuRatio,
                        unit: "×", goal: "≤ 1.3×", metGoal: cpuRatio <= 1.3))
                let p99 = Samples(genui.timeToFirstToken).percentile(0.99) * 1000
                let bareP99 = Samples(bare.timeToFirstToken).percentile(0.99) * 1000
                if streams <= 100 {
                    report.add(
                        Figure(
                            section: section, name: "N = \(streams), \(name): p99 TTFT − (a)", value: p99 - bareP99,
                            unit: "ms", goal: "≤ +2 ms", metGoal: p99 - bareP99 <= 2))
                } else {
                    report.add(
                        Figure(
                            section: section, name: "N = \(streams), \(name): p99 TTFT ÷ (a)",
                            value: p99 / max(bareP99, 1e-9), unit: "×", goal: "≤ 1.5×",
                            metGoal: p99 / max(bareP99, 1e-9) <= 1.5))
                }
                if streams >= 100 {
                    let extra =
                        (Double(genui.peakResidentBytes - genui.baselineResidentBytes)
                            - Double(bare.peakResidentBytes - bare.baselineResidentBytes)) / Double(streams) / 1024
                    report.add(
                        Figure(
                            section: section, name: "N = \(streams), \(name): RSS per stream above (a)", value: extra,
                            unit: "KiB", goal: "≤ 64 KiB", metGoal: extra <= 64))
                }
                if streams == 1000 {
                    report.add(
                        Figure(
                            section: section, name: "N = 1,000, \(name): peak threads",
                            value: Double(genui.peakThreads),
                            unit: "threads", goal: "bounded (≤ 64)", metGoal: genui.peakThreads <= 64))
                }
            }
        }
        let load =
            (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
            .joined(separator: " ") ?? "unknown"
        report.note(section, table)
        report.note(
            section,
            "Each row is one process (`genui-bench --load-worker`): one warm-up stream, then N streams started at once, each its own request (genui: its own `LanguageModelSession`) for \(tokens) tokens that the server (`genui-bench --serve-completions`, SwiftNIO, one event-loop thread, another process) writes \(pause) ms apart as Server-Sent Events. TTFT is from a stream's start to its first non-empty text; CPU is the worker's user + system time over the N streams; RSS per stream is (peak − after warm-up) ÷ N; threads is the most the process had. The server's CPU per stream with no pause (\(ceilingStreams) streams from (a)) gives its ceiling; its CPU column shows it never nears a core. Load average before the section: \(load). (a) uses AsyncHTTPClient's pool with as many connections per host as streams; genui's `HTTPClient` is given the same (`maximumConnectionsPerHost:`)."
        )
        _ = ceiling
        try await soak(into: &report, quick: quick, server: server, deadURL: deadURL, packageRoot: packageRoot)
    }

    static let slowSection = "At server scale: slow readers"

    /// Section `scale-slow`: 1,000 streams of a long answer written as fast as the server can, each reader stopping
    /// for 2 s after its first text: what a stream holds while its reader lags is what backpressure bounds.
    static func slowReaders(into report: inout Report, quick: Bool) async throws {
        let server = try await ServerProcess.start(ports: 1)
        defer { server.stop() }
        let deadURL = try deadBaseURL()
        let section = slowSection
        let streams = 1000
        let tokens = quick ? 500 : 2000
        let stall = 2000
        var lines: [String] = []
        var perStream: [LoadClient: Double] = [:]
        for client in [LoadClient.bare, .direct] {
            let run = LoadRun(
                client: client, streams: streams,
                baseURLs: ["http://127.0.0.1:\(server.ports[0])/bench/0/\(tokens)/v1"],
                deadURL: deadURL, tokens: tokens, stallMilliseconds: stall, resultFile: "")
            let (result, _) = try await measure(run, server: server)
            let held = Double(result.peakResidentBytes - result.baselineResidentBytes) / Double(streams) / 1024
            perStream[client] = held
            let cells = [
                client.label + (client == .bare ? "" : " · AsyncHTTPClient"),
                "\(result.completed)" + (result.wrongText > 0 ? " (\(result.wrongText) wrong)" : ""),
                f(Double(result.peakResidentBytes) / 1_048_576), f(held), "\(result.peakThreads)",
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        let answerKiB = Double(tokens * 190) / 1024
        if let genui = perStream[.direct], let bare = perStream[.bare] {
            report.add(
                Figure(
                    section: section, name: "N = 1,000 readers stalled 2 s: RSS per stream above (a), genui provider",
                    value: genui - bare, unit: "KiB", goal: "≤ 64 KiB", metGoal: genui - bare <= 64))
        }
        report.note(
            section,
            "\(streams) streams of \(tokens) tokens (about \(f(answerKiB)) KiB of events each) written with no pause; each reader stops for \(stall / 1000) s after its first text, then reads on. Held per stream is (peak RSS − RSS after warm-up) ÷ N: what a lagging stream holds.\n\n| client | completed | peak RSS (MiB) | held per stream (KiB) | threads (peak) |\n|---|---|---|---|---|\n"
                + lines.joined(separator: "\n"))
    }

    private struct Row {
        var streams: Int
        var client: LoadClient
        var urlSession: Bool
        var result: LoadResult
        var serverCPU: Double
    }

    /// The soak: short answers through `[dead, fleet of 2]`, memory and threads sampled every 1,000 requests, a plot.
    private static func soak(
        into report: inout Report, quick: Bool, server: ServerProcess, deadURL: String, packageRoot: URL
    ) async throws {
        let requests = quick ? 20_000 : 100_000
        let resultFile = temporaryFile("soak")
        defer { try? FileManager.default.removeItem(atPath: resultFile) }
        let run = SoakRun(
            requests: requests, concurrency: 32, sampleEvery: 1000,
            baseURLs: server.ports[1...2].map { "http://127.0.0.1:\($0)/bench/0/2/v1" }, deadURL: deadURL,
            resultFile: resultFile)
        try await WorkerProcess.run(["--soak-worker", String(decoding: try JSONEncoder().encode(run), as: UTF8.self)])
        let result = try JSONDecoder().decode(SoakResult.self, from: Data(contentsOf: URL(fileURLWithPath: resultFile)))
        guard let last = result.samples.last,
            let tenth = result.samples.first(where: { $0.requests >= requests / 10 })
        else { throw WorkerError.noSamples }
        let growth = Double(last.residentBytes) / Double(tenth.residentBytes)
        report.add(
            Figure(
                section: soakSection, name: "RSS after \(requests) requests ÷ RSS after \(tenth.requests)",
                value: growth, unit: "×", goal: "≤ 1.10×", metGoal: growth <= 1.10))
        report.add(
            Figure(
                section: soakSection, name: "threads, most seen",
                value: Double(result.samples.map(\.threads).max() ?? 0),
                unit: "threads"))
        report.add(
            Figure(
                section: soakSection, name: "throughput", value: Double(last.requests) / last.seconds, unit: "req/s"))
        report.add(
            Figure(
                section: soakSection, name: "failed or wrong answers",
                value: Double(result.failures + result.wrongText),
                unit: "", goal: "0", metGoal: result.failures + result.wrongText == 0))
        let data = try JSONEncoder().encode(result.samples)
        let series = temporaryFile("soak-series")
        try data.write(to: URL(fileURLWithPath: series))
        defer { try? FileManager.default.removeItem(atPath: series) }
        let plot = packageRoot.appendingPathComponent("docs/images/soak.png").path
        let plotted =
            (try? await WorkerProcess.run(
                [series, plot], executable: packageRoot.appendingPathComponent("scripts/plot-soak").path)) != nil
        report.note(
            soakSection,
            "\(requests) requests, 32 at a time, each a new `LanguageModelSession` on one `ProviderChain` `[dead provider, fleet of 2 endpoints]` answering two tokens; resident memory and threads sampled every 1,000.\(plotted ? " ![RSS and threads over the soak](images/soak.png)" : " (The plot was not drawn: scripts/plot-soak failed.)")\(result.firstFailure.map { " First failure: \($0)" } ?? "")"
        )
    }

    /// Runs `run` in a worker process; its result and the server's CPU seconds meanwhile.
    private static func measure(_ run: LoadRun, server: ServerProcess) async throws -> (LoadResult, Double) {
        var run = run
        run.resultFile = temporaryFile("load")
        defer { try? FileManager.default.removeItem(atPath: run.resultFile) }
        let before = ProcessGauges.cpuSeconds(ofProcess: server.pid)
        try await WorkerProcess.run(["--load-worker", String(decoding: try JSONEncoder().encode(run), as: UTF8.self)])
        let serverCPU = ProcessGauges.cpuSeconds(ofProcess: server.pid) - before
        let result = try JSONDecoder().decode(
            LoadResult.self, from: Data(contentsOf: URL(fileURLWithPath: run.resultFile)))
        return (result, serverCPU)
    }

    /// A loopback base URL where nothing listens: a port that was bound and released.
    private static func deadBaseURL() throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw WorkerError.noPort }
        return "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/v1"
    }

    private static func temporaryFile(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("genui-bench-\(name)-\(UUID().uuidString).json")
            .path
    }

    private static func f(_ value: Double) -> String { Report.format(value) }
}

enum WorkerError: Error, CustomStringConvertible {
    case failed(String, Int32)
    case noPort
    case noSamples

    var description: String {
        switch self {
        case .failed(let what, let status): "\(what) exited with status \(status)"
        case .noPort: "no loopback port could be bound"
        case .noSamples: "the soak recorded no samples"
        }
    }
}

/// genui-bench run again as a worker (or another program), awaited without blocking a cooperative thread.
enum WorkerProcess {
    static var benchExecutable: String {
        (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).path
    }

    static func run(_ arguments: [String], executable: String = benchExecutable) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let status = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        guard status == 0 else {
            throw WorkerError.failed(
                URL(fileURLWithPath: executable).lastPathComponent + " " + (arguments.first ?? ""), status)
        }
    }
}

/// The streaming server, in a process of its own for the section's length.
struct ServerProcess: Sendable {
    let pid: Int32
    let ports: [Int]
    private let process: ProcessBox

    private final class ProcessBox: @unchecked Sendable {
        let process: Process
        init(_ process: Process) { self.process = process }
    }

    static func start(ports count: Int) async throws -> ServerProcess {
        let portFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "genui-bench-ports-\(UUID().uuidString)"
        ).path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: WorkerProcess.benchExecutable)
        process.arguments = ["--serve-completions", portFile, String(count)]
        try process.run()
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8) {
                let ports = text.split(separator: "\n").compactMap { Int($0) }
                if ports.count == count {
                    try? FileManager.default.removeItem(atPath: portFile)
                    return ServerProcess(pid: process.processIdentifier, ports: ports, process: ProcessBox(process))
                }
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.terminate()
        throw WorkerError.failed("the streaming server", -1)
    }

    /// Stops the server for good: SIGKILL, since a process started from one that ignores SIGTERM inherits that
    /// (a server left running kept the benchmark's output pipe open after the benchmark ended).
    func stop() {
        kill(process.process.processIdentifier, SIGKILL)
        process.process.waitUntilExit()
    }
}
