/// What a session sends the model as the user's turn: Foundation Models' `Prompt`.
///
/// Build one from a string, from anything ``PromptRepresentable``, or with ``PromptBuilder``:
///
/// ```swift
/// let prompt = Prompt {
///     "Design a login screen."
///     if wantsRegister { "Add a register button." }
/// }
/// let reply = try await session.respond(to: prompt)
/// ```
///
/// A prompt is plain text: the parts a builder collects are joined by line breaks, leaving out empty ones.
public struct Prompt: Sendable, Hashable {
    /// The prompt as the model receives it.
    public let text: String

    init(text: String) { self.text = text }

    /// Creates a prompt from a value that represents one (a string, another prompt, your own type).
    public init(_ content: some PromptRepresentable) {
        self = content.promptRepresentation
    }

    /// Creates a prompt from a builder closure.
    public init(@PromptBuilder _ content: () throws -> Prompt) rethrows {
        self = try content()
    }

    /// Parts joined by line breaks, leaving out empty parts.
    static func joining(_ parts: [Prompt]) -> Prompt {
        Prompt(text: parts.lazy.map(\.text).filter { !$0.isEmpty }.joined(separator: "\n"))
    }
}

/// A type that can be used as a prompt: Foundation Models' `PromptRepresentable`.
///
/// Conform your own types to put them in a ``PromptBuilder`` block or pass them to ``Prompt/init(_:)``.
/// `String` and ``Prompt`` conform; a ``Generable`` value can appear in a builder block as its JSON.
public protocol PromptRepresentable {
    /// The value as a prompt.
    @PromptBuilder var promptRepresentation: Prompt { get }
}

// The explicit `return`s below keep the builder out of these two bodies: through the builder, `self` would be turned
// into a prompt by asking it for its `promptRepresentation` again.

extension Prompt: PromptRepresentable {
    /// The prompt itself.
    public var promptRepresentation: Prompt { return self }
}

extension String: PromptRepresentable {
    /// The string as a prompt.
    public var promptRepresentation: Prompt { return Prompt(text: self) }
}
