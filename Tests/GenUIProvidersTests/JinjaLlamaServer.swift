import Foundation
import GenUIHTTP
import Testing

/// A llama-server started with `--jinja` (its tool-call parsing and `/v1/messages` tools need the Jinja template
/// engine), with one slot; stopped with SIGKILL.
final class JinjaLlamaServer: Sendable {
    let port: Int
    private let process: Box

    private struct Box: @unchecked Sendable { let process: Process }

    init() throws {
        try #require(LlamaTestEnvironment.installed, "llama-server or the test model is missing: run make bootstrap")
        port = unusedLoopbackPort()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: LlamaTestEnvironment.serverPath)
        process.arguments = [
            "-m", LlamaTestEnvironment.modelPath, "--host", "127.0.0.1", "--port", "\(port)", "-c", "2048",
            "--no-webui", "-np", "1", "--jinja",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = Box(process: process)
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    func waitUntilHealthy() async throws {
        let client = HTTPClient(timeouts: .init(connect: .seconds(2), total: .seconds(2)))
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline {
            if let response = try? await client.send(HTTPRequest(url: baseURL.appendingPathComponent("health"))),
                response.status == 200
            {
                return
            }
            try #require(process.process.isRunning, "llama-server exited during start-up")
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("llama-server did not become healthy within 120 s")
    }

    func stop() {
        kill(process.process.processIdentifier, SIGKILL)
        process.process.waitUntilExit()
    }

    static func with(_ body: (JinjaLlamaServer) async throws -> Void) async throws {
        let server = try JinjaLlamaServer()
        defer { server.stop() }
        try await server.waitUntilHealthy()
        try await body(server)
    }
}
