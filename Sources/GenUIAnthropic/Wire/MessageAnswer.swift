@_spi(Reading) import GenUI

/// A Messages API answer (a whole message, or the `message` of a stream's `message_start`): the fields genui reads.
struct MessageAnswer: Decodable {
    var model: String?
    var content: [ContentBlock]?
    var stopReason: String?
    var usage: Usage?

    enum CodingKeys: String, CodingKey { case model, content, stopReason = "stop_reason", usage }
}

/// A content block of an answer: text, `thinking` with its signature, `redacted_thinking` with its encrypted data,
/// or a `tool_use` call with its id, name and input.
struct ContentBlock: Decodable {
    var type: String?
    var text: String?
    var thinking: String?
    var signature: String?
    var data: String?
    var id: String?
    var name: String?
    var input: JSONValueCoding?
}

/// Token counts: `input_tokens` read beyond the cache, `cache_read_input_tokens` read from it,
/// `cache_creation_input_tokens` written to it, `output_tokens` written (cumulative in a stream's `message_delta`).
struct Usage: Decodable {
    var inputTokens: Int?
    var cacheReadInputTokens: Int?
    var cacheCreationInputTokens: Int?
    var outputTokens: Int?

    enum CodingKeys: String, CodingKey {
        case inputTokens = "input_tokens", outputTokens = "output_tokens"
        case cacheReadInputTokens = "cache_read_input_tokens", cacheCreationInputTokens = "cache_creation_input_tokens"
    }
}

/// One server-sent event of a streamed answer: `message_start`, `content_block_start`, `content_block_delta`,
/// `message_delta`, `message_stop`, `ping` or `error`.
struct StreamEvent: Decodable {
    /// What a `content_block_delta` adds (`text_delta`, `thinking_delta`, `signature_delta`, `input_json_delta`), or
    /// what a `message_delta` changes (`stop_reason`).
    struct Delta: Decodable {
        var type: String?
        var text: String?
        var thinking: String?
        var signature: String?
        var partialJSON: String?
        var stopReason: String?

        enum CodingKeys: String, CodingKey {
            case type, text, thinking, signature, partialJSON = "partial_json", stopReason = "stop_reason"
        }
    }

    var type: String?
    var index: Int?
    var message: MessageAnswer?
    var contentBlock: ContentBlock?
    var delta: Delta?
    var usage: Usage?

    enum CodingKeys: String, CodingKey {
        case type, index, message, contentBlock = "content_block", delta, usage
    }
}

/// The answer of `/v1/messages/count_tokens`.
struct CountTokensAnswer: Decodable {
    var inputTokens: Int?

    enum CodingKeys: String, CodingKey { case inputTokens = "input_tokens" }
}
