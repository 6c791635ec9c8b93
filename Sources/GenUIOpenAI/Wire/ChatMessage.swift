@_spi(Reading) import GenUI
import GenUIHTTP

/// One message of a Chat Completions conversation.
///
/// An assistant turn that asked for tool calls carries `tool_calls` (each call's `arguments` as JSON text) and
/// `content` null when it had no text; a tool's output is `role: tool` with the `tool_call_id` it answers.
struct ChatMessage: Encodable {
    /// A call the model made, as it goes back in the assistant turn that made it.
    struct ToolCall: Encodable {
        struct Function: Encodable {
            var name: String
            var arguments: String
        }

        var id: String
        var type = "function"
        var function: Function
    }

    var role: String
    var toolCallID: String?
    /// The text; `nil` is written as `null` (an assistant turn of calls alone).
    var content: String?
    var toolCalls: [ToolCall]?

    enum CodingKeys: String, CodingKey { case role, toolCallID = "tool_call_id", content, toolCalls = "tool_calls" }

    init(role: String, content: String) {
        self.role = role
        self.content = content
    }

    init(_ message: GenerationRequest.Message) {
        role = message.role.rawValue
        content = message.content
        switch message.role {
        case .assistant where !message.toolCalls.isEmpty:
            content = message.content.isEmpty ? nil : message.content
            toolCalls = message.toolCalls.map { call in
                ToolCall(
                    id: Self.callID(call.id),
                    function: .init(name: ToolWireNames.wireName(call.toolName), arguments: call.arguments.jsonString))
            }
        case .tool:
            toolCallID = Self.callID(message.toolCallID ?? "")
        case .user, .assistant:
            break
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(role, forKey: .role)
        try container.encodeIfPresent(toolCallID, forKey: .toolCallID)
        try container.encode(content, forKey: .content)
        try container.encodeIfPresent(toolCalls, forKey: .toolCalls)
    }

    /// A call id as OpenAI takes it (at most 40 characters): ids another provider made may be longer.
    static func callID(_ id: String) -> String { ToolWireNames.callID(id, maximumLength: 40) }
}
