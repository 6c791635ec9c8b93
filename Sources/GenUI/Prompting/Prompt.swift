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
/// A prompt is made of segments: text, and the structured content of ``Generable`` values and `GeneratedContent`
/// placed in it. The model receives their text, the parts a builder collects joined by line breaks (leaving out empty
/// ones) and structured content written as JSON.
public struct Prompt: Sendable, Hashable {
    /// The prompt's parts, in order.
    package let segments: [Transcript.Segment]

    /// The prompt as the model receives it.
    public var text: String { Transcript.text(of: segments) }

    init(text: String) { self.segments = text.isEmpty ? [] : [.text(.init(content: text))] }

    package init(segments: [Transcript.Segment]) { self.segments = segments }

    /// Creates a prompt from a value that represents one (a string, another prompt, your own type).
    public init(_ content: some PromptRepresentable) {
        self = content.promptRepresentation
    }

    /// Creates a prompt from a builder closure.
    public init(@PromptBuilder _ content: () throws -> Prompt) rethrows {
        self = try content()
    }

    /// Parts one after the other, leaving out empty text; text that follows text joins it in one segment, on a new
    /// line (the prompt's ``text`` is the same either way).
    static func joining(_ parts: [Prompt]) -> Prompt {
        var segments: [Transcript.Segment] = []
        for segment in parts.flatMap(\.segments) {
            guard case .text(let text) = segment else {
                segments.append(segment)
                continue
            }
            guard !text.content.isEmpty else { continue }
            if case .text(var previous)? = segments.last {
                previous.content += "\n" + text.content
                segments[segments.count - 1] = .text(previous)
            } else {
                segments.append(segment)
            }
        }
        return Prompt(segments: segments)
    }
}

/// A type that can be used as a prompt: Foundation Models' `PromptRepresentable`.
///
/// Conform your own types to put them in a ``PromptBuilder`` block or pass them to
/// ``Prompt/init(_:)-(PromptRepresentable)``.
/// `String` and ``Prompt`` conform, and so does every ``ConvertibleToGeneratedContent`` type (every ``Generable``
/// type, `GeneratedContent`, arrays of them): such a value becomes a structured segment, which the model reads as
/// JSON.
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
