import Foundation
import GenUI
import GenUIMCP
import GenUITestSupport
import Testing

@Suite("MCP reference servers from PyPI, over stdio", .tags(.integration), .enabled(if: MCPFixtures.enabled))
struct MCPReferenceServerTests {
    @Test("mcp-server-time offers its two tools, and get_current_time answers for the time zone asked")
    func timeServer() async throws {
        let server = MCPServer(
            MCPServerConfiguration(
                name: "time", command: "\(MCPFixtures.bin)/mcp-server-time", arguments: ["--local-timezone", "UTC"]))
        let tools = try await server.tools()
        #expect(Set(tools.map(\.name)) == ["get_current_time", "convert_time"])
        let current = try #require(tools.first { $0.name == "get_current_time" })
        #expect(current.signature == "get_current_time(timezone: string)")
        #expect(current.droppedSchemaFeatures.isEmpty)

        let output = try await current.call(arguments: GeneratedContent(properties: ["timezone": "Europe/Rome"]))
        let text = output.text
        #expect(text.contains("Europe/Rome"), "\(text)")
        #expect(text.contains("datetime"), "\(text)")
        guard case .ready(let info) = await server.state else {
            Issue.record("expected a ready server, got \(await server.state)")
            return
        }
        #expect(info.toolCount == 2)
        await server.stop()
    }

    @Test("mcp-server-git reports the status of a repository the test creates")
    func gitServer() async throws {
        let repository = try MCPFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: repository) }
        for arguments in [
            ["init", "-q", "-b", "trunk"], ["config", "user.email", "t@example.com"], ["config", "user.name", "T"],
        ] {
            _ = try runProcess("/usr/bin/git", ["-C", repository.path] + arguments)
        }
        try "hello\n".write(
            to: repository.appendingPathComponent("untracked-file.txt"), atomically: true, encoding: .utf8)

        let server = MCPServer(
            MCPServerConfiguration(
                name: "git", command: "\(MCPFixtures.bin)/mcp-server-git", arguments: ["--repository", repository.path])
        )
        let tools = try await server.tools()
        let status = try #require(tools.first { $0.name == "git_status" }, "\(tools.map(\.name))")
        let output = try await status.call(arguments: GeneratedContent(properties: ["repo_path": repository.path]))
        let text = output.text
        #expect(text.contains("trunk"), "\(text)")
        #expect(text.contains("untracked-file.txt"), "\(text)")
        await server.stop()
    }
}
