/// What a session tells the model before the conversation (the system prompt): Foundation Models' `Instructions`.
///
/// ```swift
/// let session = LanguageModelSession(instructions: Instructions {
///     "You design app screens."
///     "Use at most four sections."
/// })
/// ```
///
/// Instructions are plain text; an ``InstructionsBuilder`` block joins its parts by line breaks.
public struct Instructions: Sendable, Hashable {
    /// The instructions as the model receives them.
    public let text: String

    init(text: String) { self.text = text }

    /// Creates instructions from a value that represents them (a string, other instructions, your own type).
    public init(_ content: some InstructionsRepresentable) {
        self = content.instructionsRepresentation
    }

    /// Creates instructions from a builder closure.
    public init(@InstructionsBuilder _ content: () throws -> Instructions) rethrows {
        self = try content()
    }
}

/// A type that can be used as instructions: Foundation Models' `InstructionsRepresentable`.
public protocol InstructionsRepresentable {
    /// The value as instructions.
    @InstructionsBuilder var instructionsRepresentation: Instructions { get }
}

extension Instructions: InstructionsRepresentable {
    /// The instructions themselves.
    public var instructionsRepresentation: Instructions { return self }
}

extension String: InstructionsRepresentable {
    /// The string as instructions.
    public var instructionsRepresentation: Instructions { return Instructions(text: self) }
}

// The explicit `return`s above keep the builder out of these two bodies: through the builder, `self` would be turned
// into text by asking it for its `instructionsRepresentation` again.

extension InstructionsBuilder {
    /// Instructions, as their text.
    public static func buildExpression(_ instructions: Instructions) -> String {
        instructions.text
    }

    /// A value that represents instructions, as its text.
    public static func buildExpression(_ expression: some InstructionsRepresentable) -> String {
        expression.instructionsRepresentation.text
    }

    /// A generated-content value (a `@Generable` type, ``GeneratedContent``), as its JSON.
    public static func buildExpression(_ content: some ConvertibleToGeneratedContent) -> String {
        content.generatedContent.jsonString
    }

    /// The block's text, where a closure returns `String` (`LanguageModelSession { "…" }`).
    public static func buildFinalResult(_ text: String) -> String { text }

    /// The block's text as ``Instructions``, where a closure or property returns them (Foundation Models' form).
    public static func buildFinalResult(_ text: String) -> Instructions { Instructions(text: text) }
}
