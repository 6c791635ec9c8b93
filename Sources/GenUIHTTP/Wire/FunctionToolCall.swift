@_spi(Reading) import GenUI

/// A whole tool call as OpenAI's Chat Completions (`message.tool_calls`) and Ollama's `/api/chat` send it:
/// `{id, function: {name, arguments}}`, every field optional. OpenAI sends `arguments` as JSON text, Ollama (and
/// some OpenAI-compatible servers) as an object; either is kept as it came.
public struct FunctionToolCall: Decodable, Sendable {
    struct Function: Decodable, Sendable {
        var name: String?
        var arguments: JSONValueCoding?
    }

    /// The call's id, when the server gave one.
    public let id: String?
    let function: Function?

    /// The function's name, when given.
    public var name: String? { function?.name }
    /// The arguments as sent (JSON text or an object), when given.
    public var arguments: GeneratedContent? { function?.arguments?.content }

    /// Adds each of `calls` to `assembly`, with `missingArguments` for a call without arguments.
    public static func append(
        _ calls: [FunctionToolCall]?, to assembly: inout ToolCallAssembly, missingArguments: GeneratedContent
    ) throws(GenUIError) {
        for call in calls ?? [] {
            try assembly.appendCall(id: call.id, name: call.name ?? "", arguments: call.arguments ?? missingArguments)
        }
    }
}
