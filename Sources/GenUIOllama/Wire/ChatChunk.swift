import GenUIHTTP

/// One NDJSON line of an `/api/chat` answer (a non-streamed answer is one such line): the fields genui reads.
struct ChatChunk: Decodable {
    /// The message so far: a piece of text, whole tool calls.
    struct Message: Decodable {
        var content: String?
        /// A piece of the model's thinking, when the request asked it to think (`think`).
        var thinking: String?
        /// Whole calls: `function.arguments` is a JSON object; newer versions give an `id`.
        var toolCalls: [FunctionToolCall]?
        enum CodingKeys: String, CodingKey { case content, thinking, toolCalls = "tool_calls" }
    }

    var model: String?
    var message: Message?
    var done: Bool?
    var doneReason: String?
    var error: String?
    /// Token counts, read as numbers: a whole count is usage, any count feeds the speeds.
    var promptEvalCount: Double?
    var evalCount: Double?
    /// Nanoseconds, as the final line reports them.
    var totalDuration: Double?
    var promptEvalDuration: Double?
    var evalDuration: Double?

    enum CodingKeys: String, CodingKey {
        case model, message, done, doneReason = "done_reason", error, promptEvalCount = "prompt_eval_count"
        case evalCount = "eval_count", totalDuration = "total_duration", promptEvalDuration = "prompt_eval_duration"
        case evalDuration = "eval_duration"
    }
}
