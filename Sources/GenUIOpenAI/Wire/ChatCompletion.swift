@_spi(Reading) import GenUI
import GenUIHTTP

/// A non-streamed `/chat/completions` answer: the fields genui reads.
struct ChatCompletion: Decodable {
    struct Choice: Decodable {
        var message: Message?
        var finishReason: String?
        enum CodingKeys: String, CodingKey { case message, finishReason = "finish_reason" }
    }

    /// The model's message: its text, its reasoning (`ReasoningText`), a refusal, or tool calls.
    struct Message: Decodable {
        var content: String?
        var reasoningContent: String?
        var refusal: String?
        /// Whole calls: `arguments` is JSON text (an object, which some compatible servers send, is taken as it is).
        var toolCalls: [FunctionToolCall]?
        enum CodingKeys: String, CodingKey {
            case content, refusal, toolCalls = "tool_calls"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            content = try container.decodeIfPresent(String.self, forKey: .content)
            refusal = try container.decodeIfPresent(String.self, forKey: .refusal)
            toolCalls = try container.decodeIfPresent([FunctionToolCall].self, forKey: .toolCalls)
            reasoningContent = try ReasoningText.decode(from: decoder)
        }
    }

    var model: String?
    var choices: [Choice]?
    var usage: ChatUsage?
    var timings: ServerTimings?
}

/// `usage`: the prompt's and the answer's tokens, with the prompt's cached tokens
/// (`prompt_tokens_details.cached_tokens`) and the answer's reasoning tokens
/// (`completion_tokens_details.reasoning_tokens`) where the server reports them.
struct ChatUsage: Decodable {
    struct PromptDetails: Decodable {
        var cachedTokens: Int?
        enum CodingKeys: String, CodingKey { case cachedTokens = "cached_tokens" }
    }

    struct CompletionDetails: Decodable {
        var reasoningTokens: Int?
        enum CodingKeys: String, CodingKey { case reasoningTokens = "reasoning_tokens" }
    }

    var promptTokens: Int?
    var completionTokens: Int?
    var promptTokensDetails: PromptDetails?
    var completionTokensDetails: CompletionDetails?
    enum CodingKeys: String, CodingKey {
        case promptTokens = "prompt_tokens", completionTokens = "completion_tokens"
        case promptTokensDetails = "prompt_tokens_details", completionTokensDetails = "completion_tokens_details"
    }

    var tokenUsage: TokenUsage {
        TokenUsage(
            promptTokens: promptTokens, completionTokens: completionTokens,
            cachedPromptTokens: promptTokensDetails?.cachedTokens,
            reasoningTokens: completionTokensDetails?.reasoningTokens)
    }
}

/// llama-server's `timings`: tokens per second of the prompt and of the answer.
struct ServerTimings: Decodable {
    var promptPerSecond: Double?
    var predictedPerSecond: Double?
    enum CodingKeys: String, CodingKey {
        case promptPerSecond = "prompt_per_second", predictedPerSecond = "predicted_per_second"
    }
}
