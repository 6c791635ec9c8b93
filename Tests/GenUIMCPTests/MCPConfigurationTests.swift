import Foundation
import GenUIConfig
import GenUIDiagnostics
import GenUIMCP
import GenUITestSupport
import Testing

@Suite("mcp_servers in providers.yml", .tags(.unit))
struct MCPConfigurationTests {
    private let loader = ConfigurationLoader(
        environment: ["DOCS_TOKEN": "s3cret-token", "PATH": "/usr/bin"], currentDirectory: "/", homeDirectory: "/")

    private func parse(_ servers: String) throws(ConfigurationError) -> Configuration {
        try loader.parse(
            """
            version: 1
            providers:
              scripted: { type: scripted }
            mcp_servers:
            \(servers)
            """, file: "/etc/genui/providers.yml")
    }

    private func issues(_ servers: String) -> [ConfigurationIssue] {
        do {
            _ = try parse(servers)
            return []
        } catch {
            return error.issues
        }
    }

    @Test("the portable shape: a stdio server with args and env, an HTTP server with headers from a variable")
    func portableShape() throws {
        let configuration = try parse(
            """
              time: { command: mcp-server-time, args: ["--local-timezone", "UTC"], env: { TZ: UTC } }
              docs: { url: "https://docs.example.com/mcp", headers: { Authorization: "Bearer ${DOCS_TOKEN}" }, timeout: 5s }
            """)
        #expect(configuration.mcpServers.map(\.name) == ["time", "docs"])
        #expect(
            configuration.mcpServers[0].transport
                == .standardIO(
                    command: "mcp-server-time", arguments: ["--local-timezone", "UTC"], environment: ["TZ": "UTC"]))
        #expect(configuration.mcpServers[0].location == "/etc/genui/providers.yml:5:3")
        let docs = configuration.mcpServers[1]
        #expect(
            docs.transport
                == .streamableHTTP(
                    url: URL(string: "https://docs.example.com/mcp")!, headers: ["Authorization": "Bearer s3cret-token"]
                ))
        #expect(docs.callTimeout == .seconds(5))
        #expect(!docs.displayTarget.contains("s3cret"))
        #expect(configuration.variablesRead.contains("DOCS_TOKEN"))
        #expect(configuration.makeMCPToolbox().servers.map(\.name) == ["time", "docs"])
    }

    @Test("a command with a folder resolves against the configuration file's folder; a bare name stays for PATH")
    func commandResolution() throws {
        let configuration = try parse(
            """
              local: { command: ./servers/mine }
              bare: { command: mcp-server-git }
            """)
        #expect(
            configuration.mcpServers[0].transport
                == .standardIO(
                    command: "/etc/genui/servers/mine", arguments: [], environment: [:]))
        #expect(
            configuration.mcpServers[1].transport
                == .standardIO(
                    command: "mcp-server-git", arguments: [], environment: [:]))
    }

    @Test("mistakes are located errors: both transports, neither, a key of the other transport, plain http elsewhere")
    func mistakes() {
        let both = issues("  x: { command: a, url: \"https://example.com/mcp\" }")
        #expect(both.map(\.location.line) == [5])
        #expect(both.first?.keyPath == "mcp_servers.x")

        let neither = issues("  x: { timeout: 5s }")
        #expect(neither.first?.keyPath == "mcp_servers.x")

        let foreign = issues("  x: { command: a, headers: { A: b } }")
        #expect(foreign.first?.keyPath == "mcp_servers.x.headers")

        let insecure = issues("  x: { url: \"http://docs.example.com/mcp\" }")
        #expect(insecure.first?.keyPath == "mcp_servers.x.url")
        #expect(issues("  x: { url: \"http://127.0.0.1:8080/mcp\" }").isEmpty)

        let arguments = issues("  x: { command: a, args: \"--flag\" }")
        #expect(arguments.first?.keyPath == "mcp_servers.x.args")

        let misspelled = issues("  x: { command: a, arg: [b] }")
        #expect(misspelled.first?.suggestion == "args")

        let unset = issues("  x: { command: a, env: { TOKEN: \"${NOT_SET_ANYWHERE}\" } }")
        #expect(unset.first?.keyPath == "mcp_servers.x.env.TOKEN")
    }

    @Test("an error names the secret's variable, never its value")
    func secretsStayHidden() {
        let found = issues("  x: { url: \"http://docs.example.com/mcp?token=${DOCS_TOKEN}\" }")
        #expect(!found.isEmpty)
        for issue in found {
            #expect(!issue.localizedDescription(Diagnostics(language: .english)).contains("s3cret-token"))
        }
    }

    @Test("a stdio server's environment is an allow-list of genui's plus its own settings", .tags(.integration))
    func serverEnvironment() async throws {
        let printer = try MCPFixtures.temporaryDirectory().appendingPathComponent("print-env")
        try "#!/bin/sh\nenv > \"$0.out\"\nexit 0\n".write(to: printer, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: printer.path)
        let server = MCPServer(
            MCPServerConfiguration(name: "env", command: printer.path, environment: ["TZ": "UTC"]),
            environment: [
                "PATH": "/usr/bin:/bin", "HOME": "/home/x", "OPENAI_API_KEY": "sk-not-for-servers", "LC_ALL": "C",
            ])
        _ = await server.check()
        let printed = try String(contentsOfFile: printer.path + ".out", encoding: .utf8)
        #expect(printed.contains("HOME=/home/x"))
        #expect(printed.contains("TZ=UTC"))
        #expect(printed.contains("LC_ALL=C"))
        #expect(!printed.contains("OPENAI_API_KEY"))
    }
}
