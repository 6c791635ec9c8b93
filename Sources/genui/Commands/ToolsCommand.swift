import ArgumentParser
import Foundation
import GenUIConfig
import GenUIDiagnostics
import GenUIDoctor
import GenUIMCP
import Logging

/// `genui tools`: the tools the configuration's MCP servers offer.
struct ToolsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tools", abstract: "The tools of the MCP servers providers.yml names.",
        subcommands: [ListCommand.self])

    /// `genui tools list`: starts every MCP server of the configuration and prints its state and tools.
    struct ListCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Start each MCP server in providers.yml and list its state and its tools with their arguments.",
            discussion: """
                Each server is started (a stdio server as a subprocess, a Streamable HTTP server by URL), asked for \
                its tools, and stopped again. Exit status: 0 when every server is ready, 1 when one is not, 2 for a \
                configuration error.
                """)

        @OptionGroup var options: ConfigurationOptions

        @Flag(help: "Print JSON (genui.tools/1) instead of text.")
        var json = false

        func run() async throws {
            let diagnostics = Diagnostics(language: options.language, catalog: .commandLine)
            let configuration = try options.loadOrExit(diagnostics)
            // Each server's state is printed; the library's log lines would repeat it.
            let toolbox = MCPToolbox(
                servers: configuration.mcpServers, environment: options.environment,
                logger: Logger(label: "genui.mcp", factory: { _ in SwiftLogNoOpLogHandler() }))
            var reports: [ServerReport] = []
            for (server, state) in await toolbox.check() {
                let tools = (try? await server.tools()) ?? []
                reports.append(ServerReport(server: server.configuration, state: state, tools: tools))
            }
            await toolbox.stop()
            let source = diagnostics.text(ConfigurationNaming.source(configuration.source))
            if json {
                Printer.jsonDocument(
                    Self.json(reports, source: configuration.source.description, diagnostics: diagnostics))
            } else {
                var lines = TrustNotice.lines(for: configuration.source, diagnostics: diagnostics) ?? []
                lines += Self.text(reports, source: source, diagnostics: diagnostics)
                Printer.line(lines.joined(separator: "\n"))
            }
            if reports.contains(where: { if case .ready = $0.state { false } else { true } }) {
                throw ExitCode(ExitStatus.cannotServe)
            }
        }

        struct ServerReport {
            var server: MCPServerConfiguration
            var state: MCPServerState
            var tools: [MCPTool]
        }

        static func text(_ reports: [ServerReport], source: String, diagnostics: Diagnostics) -> [String] {
            guard !reports.isEmpty else {
                return [diagnostics.text(LocalizedText("mcp.list.none", ["source": .verbatim(source)]))]
            }
            var lines = [diagnostics.text(LocalizedText("mcp.list.title", ["source": .verbatim(source)]))]
            for report in reports {
                lines.append("  \(report.server.name) — \(report.server.displayTarget)")
                lines.append("    \(diagnostics.text(report.state.localizedText))")
                if case .ready = report.state, report.tools.isEmpty {
                    lines.append("    \(diagnostics.text(LocalizedText("mcp.list.noTools")))")
                }
                for tool in report.tools {
                    lines.append("    \(tool.signature) — \(tool.description.split(separator: "\n").first ?? "")")
                    if !tool.droppedSchemaFeatures.isEmpty {
                        lines.append(
                            "      "
                                + diagnostics.text(
                                    LocalizedText(
                                        "mcp.list.dropped",
                                        [
                                            "features": .list(tool.droppedSchemaFeatures)
                                        ])))
                    }
                }
            }
            return lines
        }

        static func json(_ reports: [ServerReport], source: String, diagnostics: Diagnostics) -> String {
            let servers: [[String: Any]] = reports.map { report in
                var entry: [String: Any] = ["name": report.server.name, "target": report.server.displayTarget]
                switch report.state {
                case .ready(let info):
                    entry["state"] = "ready"
                    entry["protocolVersion"] = info.protocolVersion
                    entry["serverName"] = info.name
                    entry["serverVersion"] = info.version
                case .notStarted:
                    entry["state"] = "notStarted"
                case .unavailable(let error):
                    entry["state"] = "unavailable"
                    entry["reason"] = diagnostics.text(error.localizedText)
                }
                entry["tools"] = report.tools.map { tool -> [String: Any] in
                    let schema =
                        (try? JSONSerialization.jsonObject(with: Data(tool.parameters.jsonSchemaString().utf8)))
                    return [
                        "name": tool.name, "remoteName": tool.remoteName, "description": tool.description,
                        "signature": tool.signature, "parameters": schema ?? [:],
                        "droppedSchemaFeatures": tool.droppedSchemaFeatures,
                    ]
                }
                return entry
            }
            let document: [String: Any] = ["schema": "genui.tools/1", "configuration": source, "servers": servers]
            let data =
                (try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]))
                ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
    }
}
