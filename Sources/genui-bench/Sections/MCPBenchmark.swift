import Foundation
import GenUI
import GenUIMCP

/// What a tool from an MCP server costs through genui: the round trip of one call over stdio against the same call
/// made by the official Python SDK's client, and how long each server takes to start and list its tools.
enum MCPBenchmark {
    static let section = "MCP tools: a call's round trip over stdio, and start-up per server"

    static func run(into report: inout Report, quick: Bool, packageRoot: URL, environment: [String: String])
        async throws
    {
        let bin = environment["GENUI_MCP_BIN"] ?? packageRoot.appendingPathComponent(".tools/mcp/bin").path
        let python = "\(bin)/python"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            report.note(
                section, "The MCP servers are not installed (run `scripts/mcp-servers`): this section was skipped.")
            return
        }
        let servers = packageRoot.appendingPathComponent("Tests/GenUIMCPTests/Servers")
        let sample = servers.appendingPathComponent("sample_server.py").path
        let calls = quick ? 200 : 1_000

        // Interleaved rounds, so that the machine's drift touches both clients alike: genui calls `echo` on one
        // server it keeps, then the Python SDK's client (its script prints one JSON line per round) does as many.
        let server = MCPServer(MCPServerConfiguration(name: "sample", command: python, arguments: [sample]))
        let echo = try await server.tools().first { $0.name == "echo" }
        guard let echo else { throw BenchmarkError("the sample server has no echo tool") }
        let arguments = GeneratedContent(properties: ["text": "hi"])
        for _ in 0..<20 { _ = try await echo.call(arguments: arguments) }
        let helper = servers.appendingPathComponent("client_roundtrip.py").path
        let rounds = 5
        var genuiSamples = Samples()
        var pythonMedians = Samples()
        var pythonStart = Samples()
        for _ in 0..<rounds {
            for _ in 0..<(calls / rounds) {
                let (_, seconds) = try await Stopwatch.time { try await echo.call(arguments: arguments) }
                genuiSamples.append(seconds)
            }
            let output = try run(python, [helper, "--count", "\(calls / rounds)", "--", python, sample])
            guard let line = output.split(separator: "\n").last,
                let measured = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let median = measured["roundTripMedianMicroseconds"] as? Double,
                let start = measured["startSeconds"] as? Double
            else { throw BenchmarkError("client_roundtrip.py printed no result: \(output.suffix(300))") }
            pythonMedians.append(median)
            pythonStart.append(start)
        }
        await server.stop()
        let pythonMedian = pythonMedians.median

        let genuiMedian = genuiSamples.median * 1_000_000
        report.add(
            Figure(
                section: section, name: "echo round trip through genui (median of \(calls))", value: genuiMedian,
                unit: "µs"))
        report.add(
            Figure(
                section: section,
                name: "echo round trip through the Python SDK client (median of \(rounds) rounds' medians)",
                value: pythonMedian, unit: "µs"))
        let ratio = genuiMedian / pythonMedian
        report.add(
            Figure(
                section: section, name: "genui ÷ Python SDK, round trip", value: ratio, unit: "×", goal: "≤ 1.2",
                metGoal: ratio <= 1.2))
        report.add(
            Figure(
                section: section, name: "p99 round trip through genui",
                value: genuiSamples.percentile(0.99) * 1_000_000,
                unit: "µs"))

        // Start-up: process start through initialize and tools/list, each server started anew.
        let starts: [(String, MCPServerConfiguration)] = [
            (
                "sample server (Python SDK)",
                MCPServerConfiguration(name: "sample", command: python, arguments: [sample])
            ),
            (
                "mcp-server-time",
                MCPServerConfiguration(
                    name: "time", command: "\(bin)/mcp-server-time", arguments: ["--local-timezone", "UTC"])
            ),
            (
                "mcp-server-git",
                MCPServerConfiguration(
                    name: "git", command: "\(bin)/mcp-server-git", arguments: ["--repository", packageRoot.path])
            ),
        ]
        for (label, configuration) in starts {
            var samples = Samples()
            for _ in 0..<(quick ? 2 : 5) {
                let server = MCPServer(configuration)
                let (state, seconds) = await Stopwatch.time { await server.check() }
                await server.stop()
                guard case .ready = state else { throw BenchmarkError("\(label) did not start: \(state)") }
                samples.append(seconds)
            }
            report.add(
                Figure(
                    section: section, name: "start-up of \(label) through tools/list (median)",
                    value: samples.median * 1000, unit: "ms"))
        }
        report.add(
            Figure(
                section: section, name: "start-up of the sample server, Python SDK client (median of \(rounds))",
                value: pythonStart.median * 1000, unit: "ms"))
        report.note(
            section,
            "Both clients call the same server, `Tests/GenUIMCPTests/Servers/sample_server.py` (the Python SDK's MCPServer over stdio), one call at a time after a warm-up, in five interleaved rounds; the server's own time is in both. Start-up is dominated by the Python interpreter importing the SDK (a server written without it starts in about 25 ms)."
        )
    }

    private static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
