@_spi(Reading) import GenUI

/// The body of `POST /apply-template`: the system prompt and the conversation as chat messages.
struct TemplateRequest: Encodable {
    /// One chat message.
    struct Message: Encodable {
        var role: String
        var content: String
    }

    var messages: [Message]
}

/// llama-server's `/apply-template` answer: the conversation rendered by the model's chat template.
struct TemplateAnswer: Decodable {
    var prompt: String
}

/// The counts of a `/completion` answer that say how much of a prompt was evaluated for it.
struct PromptEvaluationCounts: Decodable {
    struct Timings: Decodable {
        /// Tokens evaluated for this request.
        var promptTokens: Int?
        /// Milliseconds spent on them.
        var promptMilliseconds: Double?
        enum CodingKeys: String, CodingKey { case promptTokens = "prompt_n", promptMilliseconds = "prompt_ms" }
    }

    /// Tokens in the prompt, cached or not.
    var tokensEvaluated: Int?
    var timings: Timings?
    enum CodingKeys: String, CodingKey { case tokensEvaluated = "tokens_evaluated", timings }
}

/// The body of `POST /tokenize`: the templated prompt, its special tokens added and parsed as the completion does.
struct TokenizeRequest: Encodable {
    var content: String
    var addSpecial = true
    var parseSpecial = true
    enum CodingKeys: String, CodingKey { case content, addSpecial = "add_special", parseSpecial = "parse_special" }
}

/// llama-server's `/tokenize` answer: the tokens (ids, or objects with their pieces); only their number is read.
struct TokenizeAnswer: Decodable {
    var tokens: [JSONValueCoding]
}
