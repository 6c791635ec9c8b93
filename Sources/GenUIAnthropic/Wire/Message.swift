@_spi(Reading) import GenUI
import GenUIHTTP

/// One message of a request's conversation: its role and its content, a string or a list of blocks.
struct Message: Encodable {
    /// A message's content.
    enum Content: Encodable {
        /// Plain text.
        case text(String)
        /// Content blocks: text, `tool_use`, `tool_result`.
        case blocks([Block])

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .blocks(let blocks): try container.encode(blocks)
            }
        }
    }

    /// A content block as sent: `{type: text, text}`, `{type: image, source}`, `{type: thinking, thinking,
    /// signature}`, `{type: redacted_thinking, data}`, `{type: tool_use, id, name, input}` or
    /// `{type: tool_result, tool_use_id, content?}`.
    struct Block: Encodable {
        /// An image block's `source`: `{type: base64, media_type, data}` or `{type: url, url}`.
        struct ImageSource: Encodable {
            var type: String
            var mediaType: String?
            var data: String?
            var url: String?
            enum CodingKeys: String, CodingKey { case type, mediaType = "media_type", data, url }
        }

        var type: String
        var text: String?
        var source: ImageSource?
        var thinking: String?
        var signature: String?
        var data: String?
        var id: String?
        var name: String?
        var input: JSONValueCoding?
        var toolUseID: String?
        var content: String?

        enum CodingKeys: String, CodingKey {
            case type, text, source, thinking, signature, data, id, name, input, toolUseID = "tool_use_id", content
        }

        /// The block that sends `reasoning` back as the API returned it: signed thinking with its text and signature,
        /// or redacted thinking with its encrypted data; `nil` for reasoning without a signature (another provider's,
        /// or a model's that signs nothing), which the API would reject.
        static func thinking(_ reasoning: Transcript.Reasoning) -> Block? {
            guard let signature = reasoning.signature, !signature.isEmpty else { return nil }
            let signed = String(decoding: signature, as: UTF8.self)
            if reasoning.isRedacted { return Block(type: "redacted_thinking", data: signed) }
            return Block(type: "thinking", thinking: Transcript.text(of: reasoning.segments), signature: signed)
        }

        /// An image block: its bytes as base64 with their media type, or a URL the API fetches.
        static func image(_ image: ImagePayload) -> Block {
            switch image {
            case .inline(let mediaType, let base64):
                Block(type: "image", source: .init(type: "base64", mediaType: mediaType, data: base64))
            case .remote(let url):
                Block(type: "image", source: .init(type: "url", url: url.absoluteString))
            }
        }

        /// A text block.
        static func text(_ text: String) -> Block { Block(type: "text", text: text) }

        /// A call the model made in an earlier turn.
        static func toolUse(id: String, name: String, input: GeneratedContent) -> Block {
            Block(type: "tool_use", id: id, name: name, input: JSONValueCoding(input))
        }

        /// A tool's output; an empty output has no `content`.
        static func toolResult(toolUseID: String, content: String) -> Block {
            Block(type: "tool_result", toolUseID: toolUseID, content: content.isEmpty ? nil : content)
        }
    }

    var role: String
    var content: Content
}
