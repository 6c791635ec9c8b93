import GenUIDiagnostics

/// What is known of an MCP server: not contacted yet, ready with its tools, or unavailable and why.
public enum MCPServerState: Sendable, Hashable {
    /// genui has not started or contacted it yet.
    case notStarted
    /// It answered `initialize` and listed its tools.
    case ready(MCPServerInfo)
    /// It cannot serve now; the error says why and what to do. A later request tries again once
    /// ``MCPServer/retryDelay`` has passed.
    case unavailable(MCPServerError)

    /// The state in the user's language.
    public var localizedText: LocalizedText {
        switch self {
        case .notStarted:
            LocalizedText("mcp.state.notStarted")
        case .ready(let info):
            LocalizedText(
                "mcp.state.ready",
                [
                    "count": .integer(info.toolCount), "version": .verbatim(info.protocolVersion),
                ])
        case .unavailable(let error):
            LocalizedText("mcp.state.unavailable", ["reason": .phrase(error.localizedText)])
        }
    }
}

/// What a server said of itself when it was started.
public struct MCPServerInfo: Sendable, Hashable {
    /// The name the server gives itself (`serverInfo.name`).
    public var name: String
    /// Its version (`serverInfo.version`).
    public var version: String
    /// The protocol version both sides agreed on.
    public var protocolVersion: String
    /// How many tools it offers.
    public var toolCount: Int
}
