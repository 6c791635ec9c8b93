import Foundation
import GenUI
import Logging

/// The MCP servers an app or a configuration names, and their tools for sessions.
///
/// ```swift
/// let toolbox = MCPToolbox(servers: configuration.mcpServers)
/// let session = LanguageModelSession(model: chain, tools: try await toolbox.tools(from: ["time"]))
/// defer { Task { await toolbox.stop() } }
/// ```
///
/// Servers start on first use. A tool name two servers share is kept for the first server; the other's becomes
/// `server_tool`.
public actor MCPToolbox {
    /// The servers, in the order they were given.
    public nonisolated let servers: [MCPServer]

    /// A toolbox of `servers`.
    public init(
        servers: [MCPServerConfiguration], environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(label: "genui.mcp")
    ) {
        self.servers = servers.map { MCPServer($0, environment: environment, logger: logger) }
    }

    /// The server called `name`, if there is one.
    public nonisolated func server(named name: String) -> MCPServer? {
        servers.first { $0.name == name }
    }

    /// The tools of the servers named (all of them when `names` is `nil`), starting them as needed. Throws the first
    /// server's error when one of them cannot serve: a session that needs a server's tools learns that before it
    /// routes a request, with the reason.
    public func tools(from names: [String]? = nil) async throws -> [MCPTool] {
        var tools: [MCPTool] = []
        for server in try selected(names) {
            tools += try await server.tools()
        }
        return Self.uniquelyNamed(tools)
    }

    /// The tools of every named server that is available, and why each other server is not: for a command that goes
    /// on with what it has.
    public func availableTools(from names: [String]? = nil) async throws -> (
        tools: [MCPTool], unavailable: [MCPServerError]
    ) {
        var tools: [MCPTool] = []
        var unavailable: [MCPServerError] = []
        for server in try selected(names) {
            do {
                tools += try await server.tools()
            } catch {
                unavailable.append(error)
            }
        }
        return (Self.uniquelyNamed(tools), unavailable)
    }

    /// Starts every server that is not running and says what each came to, in order.
    public func check() async -> [(server: MCPServer, state: MCPServerState)] {
        var states: [(MCPServer, MCPServerState)] = []
        for server in servers { states.append((server, await server.check())) }
        return states
    }

    /// Stops every server.
    public func stop() async {
        for server in servers { await server.stop() }
    }

    private func selected(_ names: [String]?) throws -> [MCPServer] {
        guard let names else { return servers }
        return try names.map { name in
            guard let server = server(named: name) else {
                throw MCPToolboxError.unknownServer(name, known: servers.map(\.name))
            }
            return server
        }
    }

    static func uniquelyNamed(_ tools: [MCPTool]) -> [MCPTool] {
        var seen: Set<String> = []
        return tools.map { tool in
            guard seen.contains(tool.name) else {
                seen.insert(tool.name)
                return tool
            }
            let renamed = tool.renamed(
                GenerationRequest.ToolDefinition.sanitizedName("\(tool.serverName)_\(tool.name)"))
            seen.insert(renamed.name)
            return renamed
        }
    }
}

/// A toolbox asked for a server it does not have.
public enum MCPToolboxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No server is called `name`; `known` lists the ones there are.
    case unknownServer(String, known: [String])

    /// The error in English.
    public var description: String {
        switch self {
        case .unknownServer(let name, let known):
            "no MCP server is called \(name); the configuration names \(known.isEmpty ? "none" : known.joined(separator: ", "))"
        }
    }
}
