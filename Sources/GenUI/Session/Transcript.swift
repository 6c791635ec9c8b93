/// The history of a session: instructions, prompts and responses, in order.
public struct Transcript: Sendable, Hashable {
    /// One entry of the history.
    public enum Entry: Sendable, Hashable {
        /// The session's instructions.
        case instructions(String)
        /// A prompt the caller sent.
        case prompt(String)
        /// A model's response: its raw text and content, and the provider that produced it.
        case response(text: String, content: GeneratedContent, provider: String)
        /// Calls the model asked for in one turn, and the provider that asked.
        case toolCalls([ToolCall], provider: String)
        /// What one of those calls returned.
        case toolOutput(ToolOutput)
    }

    /// The entries, oldest first.
    public private(set) var entries: [Entry]

    /// Creates a transcript.
    public init(entries: [Entry] = []) { self.entries = entries }

    mutating func append(contentsOf newEntries: [Entry]) { entries.append(contentsOf: newEntries) }

    /// The instructions, if the transcript starts with them.
    public var instructions: String? {
        if case .instructions(let text)? = entries.first { return text }
        return nil
    }

    /// The conversation as request messages (instructions excluded).
    public var messages: [GenerationRequest.Message] {
        entries.compactMap { entry in
            switch entry {
            case .instructions: nil
            case .prompt(let text): .init(role: .user, content: text)
            case .response(let text, _, _): .init(role: .assistant, content: text)
            case .toolCalls(let calls, _): .toolCalls(calls)
            case .toolOutput(let output): .toolOutput(output)
            }
        }
    }
}

/// Builds instructions from string expressions, as in `LanguageModelSession { "You are a bartender." }`.
@resultBuilder
public enum InstructionsBuilder {
    public static func buildBlock(_ parts: String...) -> String { parts.joined(separator: "\n") }
    public static func buildExpression(_ text: String) -> String { text }
    public static func buildOptional(_ text: String?) -> String { text ?? "" }
    public static func buildEither(first text: String) -> String { text }
    public static func buildEither(second text: String) -> String { text }
    public static func buildArray(_ parts: [String]) -> String { parts.joined(separator: "\n") }
}
