import Foundation
import GenUITestSupport
import Testing

/// Runs the built `genui` binary, interrupts it mid-generation and checks the llama-server it started is gone.
@Suite(
    "Subprocess hygiene: an interrupted genui generate leaves no llama-server behind", .tags(.integration), .serialized,
    .enabled(if: Runtime.shouldRun, "llama-server or the test model is missing; run scripts/bootstrap"))
struct SubprocessHygieneTests {
    @Test("SIGINT to genui generate mid-generation stops its llama-server")
    func interrupt() async throws {
        try await interruptGeneration(with: SIGINT)
    }

    @Test("SIGTERM to genui generate mid-generation stops its llama-server")
    func terminate() async throws {
        try await interruptGeneration(with: SIGTERM)
    }

    private func interruptGeneration(with signal: Int32) async throws {
        let runtime = try Runtime.require()
        try CLI.requireBinary()
        let folder = NSTemporaryDirectory() + "genui-hygiene-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config = folder + "/providers.yml"
        try """
        version: 1
        default_chain: local
        chains:
          local: [on-device]
        providers:
          on-device: { type: llama.cpp, model: "\(runtime.model)", binary: "\(runtime.server)", context: 2048, threads: 1 }
        """.write(toFile: config, atomically: true, encoding: .utf8)

        let process = CLI.process(
            ["generate", "A settings screen with a dark mode toggle and a logout button", "--config", config],
            environment: CLI.inheritedEnvironment(["HOME": folder, "GENUI_CONFIG": nil]))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let genui = process.processIdentifier
        defer { if process.isRunning { kill(genui, SIGKILL) } }

        // Wait for genui's llama-server child, then a moment more so the server is loading or generating. The whole
        // screen takes under 3 s on a quiet machine (the server appears after about 0.3 s), so the signal comes early.
        var server: Int32?
        let clock = ContinuousClock()
        let waitUntil = clock.now + .seconds(60)
        while server == nil, process.isRunning, clock.now < waitUntil {
            server = childProcesses(of: genui).first { pid in
                ((try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? "").contains("llama-server")
            }
            if server == nil { try await Task.sleep(for: .milliseconds(50)) }
        }
        let child = try #require(
            server,
            "genui started no llama-server child; stderr: \(String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self))"
        )
        try await Task.sleep(for: .milliseconds(500))
        try #require(process.isRunning, "genui finished before it could be interrupted")

        kill(genui, signal)
        let exitBy = clock.now + .seconds(20)
        while process.isRunning, clock.now < exitBy { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!process.isRunning, "genui did not exit within 20 s of the signal")

        // The server may take a moment to be reaped; it must not keep running.
        let goneBy = clock.now + .seconds(10)
        while processRuns(child), clock.now < goneBy { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!processRuns(child), "llama-server \(child) is still running (state \(processState(child) ?? "gone"))")
        if processRuns(child) { kill(child, SIGKILL) }
        #expect(process.terminationStatus != 0 || process.terminationReason == .uncaughtSignal)
    }
}
