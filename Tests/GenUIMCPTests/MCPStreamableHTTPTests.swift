import Foundation
import GenUI
import GenUIMCP
import GenUITestSupport
import Testing

/// The Python SDK's server over Streamable HTTP on loopback, answering with server-sent events as it does by
/// default; with a bearer token it refuses requests without it.
@Suite("MCP servers over Streamable HTTP", .tags(.integration), .enabled(if: MCPFixtures.enabled))
struct MCPStreamableHTTPTests {
    /// Runs the sample server over HTTP for `body`, with the URL of its endpoint.
    private func withHTTPServer<T>(token: String? = nil, _ body: (URL) async throws -> T) async throws -> T {
        let folder = try MCPFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let portFile = folder.appendingPathComponent("port").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: MCPFixtures.python)
        process.arguments =
            [MCPFixtures.script("sample_server.py"), "--http", portFile]
            + (token.map { ["--token", $0] } ?? [])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            // SIGKILL: uvicorn's graceful stop would wait for keep-alive connections, and waitUntilExit blocks a
            // thread of the shared pool while it waits.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let started = await eventually(within: .seconds(60)) { FileManager.default.fileExists(atPath: portFile) }
        try #require(started, "the HTTP server did not start")
        let port = try String(contentsOfFile: portFile, encoding: .utf8)
        return try await body(try #require(URL(string: "http://127.0.0.1:\(port)/mcp")))
    }

    @Test("tools are listed and called over HTTP, with the server's event-stream answers read whole")
    func toolsOverHTTP() async throws {
        try await withHTTPServer(token: "test-token") { url in
            let server = MCPServer(
                MCPServerConfiguration(
                    name: "web", url: url, headers: ["Authorization": "Bearer test-token"]))
            let tools = try await server.tools()
            #expect(tools.map(\.name).contains("echo"))
            let echo = try #require(tools.first { $0.name == "echo" })
            #expect(
                try await echo.call(arguments: GeneratedContent(properties: ["text": "over http"])).text == "over http")
            let weather = try #require(tools.first { $0.name == "weather" })
            let forecast = try await weather.call(arguments: GeneratedContent(properties: ["city": "Pisa"]))
            #expect(forecast.text.contains("Pisa"))
            await server.stop()
        }
    }

    @Test("a refused token is reported as unauthorized with the status, never with the token")
    func unauthorized() async throws {
        try await withHTTPServer(token: "right-token") { url in
            let server = MCPServer(
                MCPServerConfiguration(
                    name: "web", url: url, headers: ["Authorization": "Bearer wrong-token-value"]))
            let state = await server.check()
            guard case .unavailable(let error) = state else {
                Issue.record("expected unavailable, got \(state)")
                return
            }
            #expect(error.reason == .unauthorized(status: 401))
            #expect(!error.description.contains("wrong-token-value"))
        }
    }

    @Test("a server nobody listens for is unreachable, at once")
    func unreachable() async throws {
        let port = try #require(freeLoopbackPort())
        let server = MCPServer(MCPServerConfiguration(name: "gone", url: URL(string: "http://127.0.0.1:\(port)/mcp")!))
        let started = ContinuousClock.now
        let state = await server.check()
        guard case .unavailable(let error) = state, case .unreachable = error.reason else {
            Issue.record("expected unreachable, got \(state)")
            return
        }
        #expect(ContinuousClock.now - started < .seconds(15))
    }

    @Test("plain http to another host is refused before anything is sent")
    func insecureURL() async throws {
        let server = MCPServer(MCPServerConfiguration(name: "far", url: URL(string: "http://example.com/mcp")!))
        let state = await server.check()
        guard case .unavailable(let error) = state, case .unreachable(let detail) = error.reason else {
            Issue.record("expected unreachable, got \(state)")
            return
        }
        #expect(detail.contains("loopback"))
    }
}

/// A loopback port nothing listens on (bound, then released).
private func freeLoopbackPort() -> Int? {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
        }
    }
    return bound ? Int(UInt16(bigEndian: address.sin_port)) : nil
}
