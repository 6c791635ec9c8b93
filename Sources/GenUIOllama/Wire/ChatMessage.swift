@_spi(Reading) import GenUI
import GenUIHTTP

/// One message of an `/api/chat` conversation.
///
/// An assistant turn that asked for tool calls carries `tool_calls` (each call's `arguments` as a JSON object, its
/// `id`); a tool's output is `role: tool` with `tool_name` (what Ollama's templates read) and `tool_call_id`.
struct ChatMessage: Encodable {
    /// A call the model made, as it goes back in the assistant turn that made it.
    struct ToolCall: Encodable {
        struct Function: Encodable {
            var name: String
            var arguments: JSONValueCoding
        }

        var id: String
        var function: Function
    }

    var role: String
    var content: String
    /// A user message's images, base64-encoded, in order (the text keeps each one's label or placeholder).
    var images: [String]?
    var toolCalls: [ToolCall]?
    var toolName: String?
    var toolCallID: String?

    enum CodingKeys: String, CodingKey {
        case role, content, images, toolCalls = "tool_calls", toolName = "tool_name", toolCallID = "tool_call_id"
    }

    init(role: String, content: String) {
        self.role = role
        self.content = content
    }

    /// The message as Ollama takes it; a user message's images go in `images` as base64 (Ollama takes image bytes
    /// only: an `https:` image is refused, naming `provider`).
    init(_ message: GenerationRequest.Message, provider: String) throws(GenUIError) {
        role = message.role.rawValue
        content = message.content
        if message.role == .user, !message.imageSegments.isEmpty {
            var images: [String] = []
            for segment in message.imageSegments {
                if case .inline(_, let base64) = try ImagePayload.load(
                    segment, provider: provider, acceptsRemote: false)
                {
                    images.append(base64)
                }
            }
            self.images = images
        }
        switch message.role {
        case .assistant where !message.toolCalls.isEmpty:
            toolCalls = message.toolCalls.map { call in
                ToolCall(
                    id: call.id,
                    function: .init(
                        name: ToolWireNames.wireName(call.toolName), arguments: JSONValueCoding(call.arguments)))
            }
        case .tool:
            toolName = message.toolName.map(ToolWireNames.wireName)
            toolCallID = message.toolCallID
        case .user, .assistant:
            break
        }
    }
}
