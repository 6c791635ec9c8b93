import Foundation
import GenUI
import MCP

/// A tool an MCP server offers, as a Foundation Models `Tool`: pass it to a session like any other.
///
/// Its ``parameters`` are the server's input schema as a `GenerationSchema` (see ``droppedSchemaFeatures`` for what
/// could not be kept), so every provider, the on-device grammar included, generates arguments that follow it. A call
/// goes to the server within its call timeout; the result's text, structured content and images become the output
/// the model reads. A result the server marks as an error (`isError`) is thrown as ``MCPServerError`` with
/// ``MCPServerError/Reason/toolFailed(message:)``, which the session reports as `LanguageModelSession.ToolCallError`,
/// as it does for any tool that throws.
public struct MCPTool: GenUI.Tool {
    /// Any JSON the schema allows.
    public typealias Arguments = GeneratedContent
    /// Text, structured content and images.
    public typealias Output = GenUI.Prompt

    /// The name the model calls it by: the server's name for it, with characters providers reject replaced by `_`
    /// (see ``MCPToolbox`` for names two servers share).
    public let name: String
    /// The server's description of the tool.
    public let description: String
    /// Its arguments' schema.
    public let parameters: GenerationSchema
    /// The keywords of the server's schema that guided generation cannot enforce, as `keyword at /path`.
    public let droppedSchemaFeatures: [String]
    /// The name the server knows the tool by.
    public let remoteName: String
    /// The server's name.
    public var serverName: String { server.name }

    let server: MCPServer

    init(remote: MCP.Tool, server: MCPServer, name: String? = nil) {
        let converted = MCPSchemaImport.convert(remote.inputSchema, toolName: remote.name)
        self.name = name ?? GenerationRequest.ToolDefinition.sanitizedName(remote.name)
        self.description = remote.description ?? remote.title ?? remote.name
        self.parameters = converted.schema
        self.droppedSchemaFeatures = converted.dropped
        self.remoteName = remote.name
        self.server = server
    }

    private init(renaming tool: MCPTool, to name: String) {
        self.name = name
        description = tool.description
        parameters = tool.parameters
        droppedSchemaFeatures = tool.droppedSchemaFeatures
        remoteName = tool.remoteName
        server = tool.server
    }

    /// The same tool under another name.
    func renamed(_ name: String) -> MCPTool { MCPTool(renaming: self, to: name) }

    /// Calls the tool on its server.
    public func call(arguments: GeneratedContent) async throws -> GenUI.Prompt {
        let result = try await server.call(tool: remoteName, arguments: Self.values(arguments))
        return try MCPToolOutput.prompt(
            from: result, tool: remoteName, server: server.configuration)
    }

    /// The arguments as the SDK's JSON values (an object; anything else is sent as no arguments).
    static func values(_ arguments: GeneratedContent) -> [String: Value] {
        (try? JSONDecoder().decode([String: Value].self, from: Data(arguments.jsonString.utf8))) ?? [:]
    }
}
