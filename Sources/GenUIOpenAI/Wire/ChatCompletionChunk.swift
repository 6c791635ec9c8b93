@_spi(Reading) import GenUI

/// One server-sent event of a streamed `/chat/completions` answer: the fields genui reads.
struct ChatCompletionChunk: Decodable {
    struct Choice: Decodable {
        var delta: Delta?
        var finishReason: String?
        enum CodingKeys: String, CodingKey { case delta, finishReason = "finish_reason" }
    }

    /// What the chunk adds: text, reasoning text (`ReasoningText`), refusal text, pieces of tool calls.
    struct Delta: Decodable {
        var content: String?
        var reasoningContent: String?
        var refusal: String?
        var toolCalls: [ToolCallPiece]?
        enum CodingKeys: String, CodingKey {
            case content, refusal
            case toolCalls = "tool_calls"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            content = try container.decodeIfPresent(String.self, forKey: .content)
            refusal = try container.decodeIfPresent(String.self, forKey: .refusal)
            toolCalls = try container.decodeIfPresent([ToolCallPiece].self, forKey: .toolCalls)
            reasoningContent = try ReasoningText.decode(from: decoder)
        }
    }

    /// A piece of a streamed call: the first piece of a call has its `id` and name, later ones more argument text,
    /// all under the call's `index`.
    struct ToolCallPiece: Decodable {
        struct Function: Decodable {
            var name: String?
            var arguments: String?
        }

        var index: Int?
        var id: String?
        var function: Function?
    }

    var model: String?
    var choices: [Choice]?
    var usage: ChatUsage?
    var timings: ServerTimings?
}
