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

    /// One part of a user message that carries images: `{"type":"text","text":…}` or
    /// `{"type":"image_url","image_url":{"url":…}}` (a `data:` URL or the vendor-fetched `https:` URL).
    struct ContentPart: Encodable {
        struct ImageURL: Encodable { var url: String }
        var type: String
        var text: String?
        var imageURL: ImageURL?
        enum CodingKeys: String, CodingKey { case type, text, imageURL = "image_url" }

        static func text(_ text: String) -> ContentPart { ContentPart(type: "text", text: text) }
        static func image(_ image: ImagePayload) -> ContentPart {
            ContentPart(type: "image_url", imageURL: .init(url: image.url))
        }
    }

    var role: String
    var toolCallID: String?
    /// The text; `nil` is written as `null` (an assistant turn of calls alone).
    var content: String?
    /// The text and images of a user message with images, written as `content` in place of the text.
    var parts: [ContentPart]?
    var toolCalls: [ToolCall]?

    enum CodingKeys: String, CodingKey { case role, toolCallID = "tool_call_id", content, toolCalls = "tool_calls" }

    init(role: String, content: String) {
        self.role = role
        self.content = content
    }

    /// The message as OpenAI takes it; a user message with images becomes text and `image_url` parts, in order
    /// (each image read as ``ImagePayload`` says, or the request fails naming `provider`).
    init(_ message: GenerationRequest.Message, provider: String) throws(GenUIError) {
        role = message.role.rawValue
        content = message.content
        if message.role == .user, !message.imageSegments.isEmpty {
            parts = try ImagePayload.parts(
                of: message.segments, provider: provider, acceptsRemote: true, text: ContentPart.text,
                image: ContentPart.image)
        }
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
        if let parts {
            try container.encode(parts, forKey: .content)
        } else {
            try container.encode(content, forKey: .content)
        }
        try container.encodeIfPresent(toolCalls, forKey: .toolCalls)
    }

    /// A call id as OpenAI takes it (at most 40 characters): ids another provider made may be longer.
    static func callID(_ id: String) -> String { ToolWireNames.callID(id, maximumLength: 40) }
}
