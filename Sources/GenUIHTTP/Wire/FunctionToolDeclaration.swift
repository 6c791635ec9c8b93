@_spi(Reading) import GenUI

/// A tool declared in the `{type: "function", function: {name, description, parameters}}` shape OpenAI's Chat
/// Completions and Ollama's `/api/chat` share.
public struct FunctionToolDeclaration: Encodable, Sendable {
    /// The function a tool declaration describes.
    public struct Function: Encodable, Sendable {
        /// The tool's name as sent (``ToolWireNames/wireName(_:)``).
        public var name: String
        /// What the tool does.
        public var description: String
        /// The JSON Schema of the tool's arguments.
        var parameters: JSONValueCoding
        /// Whether the arguments must follow the schema strictly; left out when `nil`.
        public var strict: Bool?
    }

    /// Always `function`.
    public var type = "function"
    /// The function.
    public var function: Function

    /// The declaration of `tool`; with `strict` non-nil the function carries `strict` and its parameters schema is
    /// written in that mode.
    public init(_ tool: GenerationRequest.ToolDefinition, strict: Bool?) {
        function = Function(
            name: ToolWireNames.wireName(tool.name), description: tool.description,
            parameters: JSONValueCoding(tool.parameters.jsonSchema(strict: strict ?? false)), strict: strict)
    }

    /// The `tools` array for `tools`; `nil` when there are none (then nothing tool-related is sent).
    public static func array(_ tools: [GenerationRequest.ToolDefinition], strict: Bool?) -> [FunctionToolDeclaration]? {
        tools.isEmpty ? nil : tools.map { FunctionToolDeclaration($0, strict: strict) }
    }
}
