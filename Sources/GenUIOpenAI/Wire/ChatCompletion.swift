@_spi(Reading) import GenUI
import GenUIHTTP

/// A non-streamed `/chat/completions` answer: the fields genui reads.
struct ChatCompletion: Decodable {
    struct Choice: Decodable {
        var message: Message?
        var finishReason: String?
        enum CodingKeys: String, CodingKey { case message, finishReason = "finish_reason" }
    }

    /// The model's message: its text, a refusal, or tool calls.
    struct Message: Decodable {
        var content: String?
        var refusal: String?
        /// Whole calls: `arguments` is JSON text (an object, which some compatible servers send, is taken as it is).
        var toolCalls: [FunctionToolCall]?
        enum CodingKeys: String, CodingKey { case content, refusal, toolCalls = "tool_calls" }
    }

    var model: String?
    var choices: [Choice]?
    var usage: ChatUsage?
    var timings: ServerTimings?
}

/// `usage`: the prompt's and the answer's tokens.
struct ChatUsage: Decodable {
    var promptTokens: Int?
    var completionTokens: Int?
    enum CodingKeys: String, CodingKey { case promptTokens = "prompt_tokens", completionTokens = "completion_tokens" }

    var tokenUsage: TokenUsage { TokenUsage(promptTokens: promptTokens, completionTokens: completionTokens) }
}

/// llama-server's `timings`: tokens per second of the prompt and of the answer.
struct ServerTimings: Decodable {
    var promptPerSecond: Double?
    var predictedPerSecond: Double?
    enum CodingKeys: String, CodingKey { case promptPerSecond = "prompt_per_second", predictedPerSecond = "predicted_per_second" }
}
