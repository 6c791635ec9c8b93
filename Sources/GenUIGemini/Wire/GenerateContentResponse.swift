import GenUIHTTP

/// A `generateContent` answer, or one server-sent event of `streamGenerateContent?alt=sse`: the fields genui reads.
struct GenerateContentResponse: Decodable {
    /// The one candidate genui asks for: its content so far and, in the last chunk, why it finished.
    struct Candidate: Decodable {
        var content: Content?
        var finishReason: String?
        /// The API's account of a rejected function call (`MALFORMED_FUNCTION_CALL`).
        var finishMessage: String?
    }

    /// Why the prompt itself was blocked, when it was.
    struct PromptFeedback: Decodable {
        var blockReason: String?
    }

    /// Token counts: the prompt's (with those read from the cache) and the answer's (without the thinking, counted
    /// apart).
    struct UsageMetadata: Decodable {
        var promptTokenCount: Int?
        var candidatesTokenCount: Int?
        var cachedContentTokenCount: Int?
        var thoughtsTokenCount: Int?
    }

    var candidates: [Candidate]?
    var promptFeedback: PromptFeedback?
    var usageMetadata: UsageMetadata?
    var modelVersion: String?
    /// An error sent in place of a chunk once the stream has started.
    var error: APIErrorBody.Status?
}
