@_spi(Reading) import GenUI

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

    /// A content block as sent: `{type: text, text}`, `{type: tool_use, id, name, input}` or
    /// `{type: tool_result, tool_use_id, content?}`.
    struct Block: Encodable {
        var type: String
        var text: String?
        var id: String?
        var name: String?
        var input: JSONValueCoding?
        var toolUseID: String?
        var content: String?

        enum CodingKeys: String, CodingKey {
            case type, text, id, name, input, toolUseID = "tool_use_id", content
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
