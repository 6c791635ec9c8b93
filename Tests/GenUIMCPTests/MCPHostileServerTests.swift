import Foundation
import GenUI
import GenUIMCP
import GenUITestSupport
import Testing

/// Servers that misbehave: each gives a located reason, nothing waits past its bound, and no process is left.
@Suite("Hostile MCP servers", .tags(.integration), .enabled(if: MCPFixtures.enabled))
struct MCPHostileServerTests {
    /// Starts `script`, expects `server.tools()` (or the first call, with `call`) to fail, and checks that the
    /// failure came within `bound` and left no process behind.
    private func failure(
        of script: String, startTimeout: Duration = .seconds(30), callTimeout: Duration = .seconds(30),
        maximumResultBytes: Int = 4 << 20, call tool: String? = nil, bound: Duration = .seconds(30)
    ) async throws -> MCPServerError {
        let tag = UUID().uuidString
        var configuration = MCPFixtures.server(
            "hostile", script: script, tag: tag, startTimeout: startTimeout, callTimeout: callTimeout,
            maximumResultBytes: maximumResultBytes)
        configuration.location = "providers.yml:7:3"
        let server = MCPServer(configuration)
        let started = ContinuousClock.now
        var caught: MCPServerError?
        do {
            let tools = try await server.tools()
            if let tool {
                let chosen = try #require(tools.first { $0.name == tool })
                _ = try await chosen.call(arguments: GeneratedContent(properties: [:]))
            }
        } catch let error as MCPServerError {
            caught = error
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed < bound, "the failure took \(elapsed)")
        await server.stop()
        let left = await MCPFixtures.awaitNoProcesses(containing: tag)
        #expect(left.isEmpty, "processes left: \(left)")
        let error = try #require(caught, "\(script) should have failed")
        #expect(error.description.hasPrefix("providers.yml:7:3: "), "\(error.description)")
        return error
    }

    @Test("a server that never answers initialize times out at the start bound")
    func silentServer() async throws {
        let error = try await failure(of: "silent_server.py", startTimeout: .seconds(2), bound: .seconds(15))
        #expect(error.reason == .timedOut(step: "initialize", after: .seconds(2)))
    }

    @Test("a server that sends 100 MB in one message is stopped at the message limit")
    func floodingServer() async throws {
        let error = try await failure(
            of: "flood_server.py", maximumResultBytes: 1 << 20, call: "flood", bound: .seconds(60))
        guard case .messageTooLarge(let limit) = error.reason else {
            Issue.record("expected messageTooLarge, got \(error)")
            return
        }
        #expect(limit < 4 << 20)
    }

    @Test("a server that writes lines that are not JSON-RPC is stopped with an excerpt of what it sent")
    func garbageServer() async throws {
        let error = try await failure(of: "garbage_server.py", startTimeout: .seconds(10), bound: .seconds(20))
        #expect(error.reason == .invalidMessage(excerpt: "this is not json"))
    }

    @Test("a server that exits in the middle of a call is reported with its exit status and last words")
    func dyingServer() async throws {
        let error = try await failure(of: "dying_server.py", call: "die", bound: .seconds(20))
        guard case .exited(let detail, let tail) = error.reason else {
            Issue.record("expected exited, got \(error)")
            return
        }
        #expect(detail.contains("status 3"), "\(detail)")
        #expect(tail.contains("about to exit"), "\(tail)")
        #expect(error.tool == "die")
    }

    @Test("a tool schema 1,000 levels deep is refused at the nesting limit, without a crash")
    func deepSchema() async throws {
        let error = try await failure(of: "deep_server.py", bound: .seconds(20))
        #expect(error.reason == .messageNestedTooDeep(limit: 128))
    }

    @Test("a server that answers with a protocol version genui does not speak is refused, naming both")
    func wrongVersion() async throws {
        let error = try await failure(of: "wrong_version_server.py", bound: .seconds(20))
        guard case .protocolMismatch(let offered, let supported) = error.reason else {
            Issue.record("expected protocolMismatch, got \(error)")
            return
        }
        #expect(offered == "1999-01-01")
        #expect(supported.contains("2025-06-18"))
    }

    @Test("a command that does not exist is reported as not installed, and a failure is remembered")
    func missingCommand() async throws {
        let server = MCPServer(
            MCPServerConfiguration(name: "ghost", command: "no-such-mcp-server-\(UUID().uuidString)"))
        let state = await server.check()
        guard case .unavailable(let error) = state, case .notInstalled = error.reason else {
            Issue.record("expected notInstalled, got \(state)")
            return
        }
        #expect(error.description.contains("mcp_servers.ghost.command"))
        #expect(await server.state == state)
    }
}
