import Foundation
import GenUITestSupport
import Testing

@Suite("genui tools list and doctor with MCP servers", .tags(.integration), .enabled(if: MCPFixtures.enabled))
struct MCPCommandTests {
    private func configuration(in folder: URL, servers: String) throws -> String {
        let path = folder.appendingPathComponent("providers.yml").path
        try """
        version: 1
        providers:
          scripted: { type: scripted }
        mcp_servers:
        \(servers)
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("tools list prints each server's state and tools, as text and as JSON, and fails when one is down")
    func toolsList() throws {
        try CLI.requireBinary()
        let folder = try MCPFixtures.temporaryDirectory()
        let home = try CLI.temporaryDirectory()
        let file = try configuration(
            in: folder,
            servers: """
                  sample: { command: \(MCPFixtures.python), args: ["\(MCPFixtures.script("sample_server.py"))"] }
                """)
        let text = try CLI.run(
            ["tools", "list", "--config", file], environment: CLI.freshEnvironment(home: home), timeout: 120)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("ready: 6 tool(s)"), "\(text.stdout)")
        #expect(text.stdout.contains(#"weather(city: string, unit?: "celsius"|"fahrenheit")"#), "\(text.stdout)")

        let json = try CLI.run(
            ["tools", "list", "--config", file, "--json"], environment: CLI.freshEnvironment(home: home), timeout: 120)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["schema"] as? String == "genui.tools/1")
        let servers = try #require(document["servers"] as? [[String: Any]])
        #expect(servers.first?["state"] as? String == "ready")
        #expect((servers.first?["tools"] as? [[String: Any]])?.count == 6)

        let broken = try configuration(in: folder, servers: "  gone: { command: no-such-mcp-server-anywhere }")
        let german = try CLI.run(
            ["tools", "list", "--config", broken, "--locale", "de"], environment: CLI.freshEnvironment(home: home),
            timeout: 120)
        #expect(german.status == 1)
        #expect(
            german.stdout.contains("der Befehl no-such-mcp-server-anywhere wurde nicht gefunden"), "\(german.stdout)")
        #expect(german.stdout.contains("providers.yml:5:3"), "\(german.stdout)")
    }

    @Test("an untrusted ./providers.yml never starts the MCP servers it names")
    func untrustedFileStartsNothing() throws {
        try CLI.requireBinary()
        let folder = try MCPFixtures.temporaryDirectory()
        let home = try CLI.temporaryDirectory()
        let marker = folder.appendingPathComponent("server-ran")
        let script = folder.appendingPathComponent("server.sh")
        try "#!/bin/sh\ntouch \"\(marker.path)\"\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        _ = try configuration(in: folder, servers: "  planted: { command: ./server.sh }")
        let result = try CLI.run(
            ["tools", "list"], environment: CLI.freshEnvironment(home: home), directory: folder.path, timeout: 120)
        #expect(!FileManager.default.fileExists(atPath: marker.path), "the server of an untrusted file ran")
        #expect(
            result.stdout.contains("genui config trust") || result.stderr.contains("genui config trust"),
            "\(result.stdout)\n\(result.stderr)")
        #expect(!result.stdout.contains("planted"))
    }

    @Test("doctor lists each MCP server with its state, and its tools with -v")
    func doctor() throws {
        try CLI.requireBinary()
        let folder = try MCPFixtures.temporaryDirectory()
        let home = try CLI.temporaryDirectory()
        let file = try configuration(
            in: folder,
            servers: """
                  time: { command: \(MCPFixtures.bin)/mcp-server-time, args: ["--local-timezone", "UTC"] }
                  gone: { command: no-such-mcp-server-anywhere }
                """)
        let result = try CLI.run(
            ["doctor", "--config", file, "-v"], environment: CLI.freshEnvironment(home: home), timeout: 120)
        #expect(result.stdout.contains("MCP servers:"), "\(result.stdout)")
        #expect(result.stdout.contains("ready: 2 tool(s)"), "\(result.stdout)")
        #expect(result.stdout.contains("get_current_time(timezone: string)"), "\(result.stdout)")
        #expect(result.stdout.contains("the command no-such-mcp-server-anywhere was not found"), "\(result.stdout)")
        let json = try CLI.run(
            ["doctor", "--config", file, "--json"], environment: CLI.freshEnvironment(home: home), timeout: 120)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let servers = try #require(document["mcpServers"] as? [[String: Any]])
        #expect(servers.map { $0["status"] as? String } == ["ready", "unavailable"])
    }
}
