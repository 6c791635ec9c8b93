import Foundation
import GenUIMCP
import Logging

extension Configuration {
    /// A toolbox of the configuration's MCP servers (`mcp_servers:`), for sessions: pick servers by name with
    /// `MCPToolbox.tools(from:)`, or take every server's tools.
    ///
    /// ```swift
    /// let configuration = try ConfigurationLoader().load()
    /// let toolbox = configuration.makeMCPToolbox()
    /// let session = LanguageModelSession(model: chain, tools: try await toolbox.tools(from: ["time"]))
    /// ```
    ///
    /// Nothing starts until a server's tools are asked for; stop the toolbox (`MCPToolbox.stop()`) when done.
    public func makeMCPToolbox(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(label: "genui.mcp")
    ) -> MCPToolbox {
        MCPToolbox(servers: mcpServers, environment: environment, logger: logger)
    }
}
