import Foundation
import GenUIHTTP
import Testing

/// A llama-server started with `--jinja` (its tool-call parsing and `/v1/messages` tools need the Jinja template
/// engine), with one slot and one thread.
///
/// One thread, because the suite must hold on a busy machine: with as many threads as cores (2 here) and the cores
/// busy, llama.cpp's threads wait on each other at every step, and SmolLM2 generated 0.5 to 1.7 tokens per second
/// (a 96-token answer outran the 120 s generation limit), against 13 to 23 with one thread at the same time.
public final class JinjaLlamaServer: Sendable {
    /// The loopback port it listens on.
    public let port: Int
    /// The file llama-server writes its log to.
    public let logPath: String
    private let process: Box

    private struct Box: @unchecked Sendable { let process: Process }

    /// Starts the server (not yet healthy: ``waitUntilHealthy()``).
    public init() throws {
        try #require(LlamaTestEnvironment.installed, "llama-server or the test model is missing: run scripts/bootstrap")
        port = unusedLoopbackPort()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: LlamaTestEnvironment.serverPath)
        process.arguments = [
            "-m", LlamaTestEnvironment.modelPath, "--host", "127.0.0.1", "--port", "\(port)", "-c", "2048",
            "--no-webui", "-np", "1", "--jinja", "-t", "1",
        ]
        // The server's log is kept beside the test's other outputs (GENUI_TEST_ARTIFACTS), else in the temporary
        // directory: it is where a request that got no answer can be looked into.
        let directory = ProcessInfo.processInfo.environment["GENUI_TEST_ARTIFACTS"] ?? NSTemporaryDirectory()
        logPath = URL(fileURLWithPath: directory).appendingPathComponent("llama-server-jinja-\(port).log").path
        try #require(FileManager.default.createFile(atPath: logPath, contents: nil), "cannot create \(logPath)")
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process.standardOutput = log
        process.standardError = log
        try process.run()
        try log.close()
        self.process = Box(process: process)
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Waits until the server answers `/health` (120 s at most).
    public func waitUntilHealthy() async throws {
        try await waitForHealth(of: baseURL, process: process.process, within: .seconds(120))
    }

    /// Asks the server to stop (SIGTERM, so its log is written out to the end), and kills it if it is still
    /// running after 5 s.
    public func stop() {
        let pid = process.process.processIdentifier
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(5)
        while process.process.isRunning && ContinuousClock.now < deadline { usleep(20_000) }
        if process.process.isRunning { kill(pid, SIGKILL) }
        process.process.waitUntilExit()
    }

    /// Runs `body` with a healthy server of its own, stopped afterwards.
    public static func with(_ body: (JinjaLlamaServer) async throws -> Void) async throws {
        let server = try JinjaLlamaServer()
        defer { server.stop() }
        try await server.waitUntilHealthy()
        try await body(server)
    }
}
