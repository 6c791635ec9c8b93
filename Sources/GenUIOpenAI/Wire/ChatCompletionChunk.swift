@_spi(Reading) import GenUI

/// One server-sent event of a streamed `/chat/completions` answer: the fields genui reads.
struct ChatCompletionChunk: Decodable {
    struct Choice: Decodable {
        var delta: Delta?
        var finishReason: String?
        enum CodingKeys: String, CodingKey { case delta, finishReason = "finish_reason" }
    }

    /// What the chunk adds: text, reasoning text (llama-server's and DeepSeek's `reasoning_content`), refusal text,
    /// pieces of tool calls.
    struct Delta: Decodable {
        var content: String?
        var reasoningContent: String?
        var refusal: String?
        var toolCalls: [ToolCallPiece]?
        enum CodingKeys: String, CodingKey {
            case content, refusal
            case reasoningContent = "reasoning_content"
            case toolCalls = "tool_calls"
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
