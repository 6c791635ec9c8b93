/// The reasoning text of an answer's message or a chunk's delta: `reasoning_content` (llama-server's, DeepSeek's) or,
/// from servers that name it so (OpenRouter-, Groq- and Cerebras-style), `reasoning`. A `reasoning` that is not text
/// (an object some servers send) is left unread rather than failing the message or the chunk.
enum ReasoningText {
    private enum Keys: String, CodingKey {
        case reasoningContent = "reasoning_content"
        case reasoning
    }

    /// The reasoning text `decoder`'s object holds, if any.
    static func decode(from decoder: any Decoder) throws -> String? {
        let container = try decoder.container(keyedBy: Keys.self)
        return try container.decodeIfPresent(String.self, forKey: .reasoningContent)
            ?? (try? container.decodeIfPresent(String.self, forKey: .reasoning))
    }
}
