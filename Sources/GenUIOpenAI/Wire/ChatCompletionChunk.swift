@_spi(Reading) import GenUI

/// One server-sent event of a streamed `/chat/completions` answer: the fields genui reads.
struct ChatCompletionChunk: Decodable {
    struct Choice: Decodable {
        var delta: Delta?
        var finishReason: String?
        enum CodingKeys: String, CodingKey { case delta, finishReason = "finish_reason" }
    }

    /// What the chunk adds: text, reasoning text, refusal text, pieces of tool calls. Reasoning is
    /// `reasoning_content` (llama-server's, DeepSeek's) or, from servers that name it so (OpenRouter-, Groq- and
    /// Cerebras-style), `reasoning`; a `reasoning` that is not text (an object some servers send) is left unread
    /// rather than failing the chunk.
    struct Delta: Decodable {
        var content: String?
        var reasoningContent: String?
        var refusal: String?
        var toolCalls: [ToolCallPiece]?
        enum CodingKeys: String, CodingKey {
            case content, refusal, reasoning
            case reasoningContent = "reasoning_content"
            case toolCalls = "tool_calls"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            content = try container.decodeIfPresent(String.self, forKey: .content)
            refusal = try container.decodeIfPresent(String.self, forKey: .refusal)
            toolCalls = try container.decodeIfPresent([ToolCallPiece].self, forKey: .toolCalls)
            reasoningContent =
                try container.decodeIfPresent(String.self, forKey: .reasoningContent)
                ?? (try? container.decodeIfPresent(String.self, forKey: .reasoning))
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
