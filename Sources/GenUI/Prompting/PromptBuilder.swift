/// Builds a ``Prompt`` from statements, as in `session.respond { "Design a login screen." }`:
/// Foundation Models' `PromptBuilder`.
///
/// Each statement is a string, a ``Prompt``, any ``PromptRepresentable`` value, or a value that converts to
/// generated content (a `@Generable` value, which appears as its JSON). `if`, `if`/`else`, `switch`, `for` and
/// `if #available` work. The parts are joined by line breaks; empty parts (an `if` that did not apply) leave no
/// blank line.
@resultBuilder
public struct PromptBuilder {
    /// A value that represents a prompt.
    public static func buildExpression(_ expression: some PromptRepresentable) -> Prompt {
        expression.promptRepresentation
    }

    /// A prompt, as it is.
    public static func buildExpression(_ prompt: Prompt) -> Prompt { prompt }

    /// A string: preferred over the generic forms, since `String` is both representable and generable.
    public static func buildExpression(_ text: String) -> Prompt {
        Prompt(text: text)
    }

    /// A generated-content value (a `@Generable` type, ``GeneratedContent``), as its JSON.
    public static func buildExpression(_ content: some ConvertibleToGeneratedContent) -> Prompt {
        content.promptRepresentation
    }

    /// The statements of a block.
    public static func buildBlock(_ components: Prompt...) -> Prompt {
        Prompt.joining(components)
    }

    /// An array of prompts placed in the builder: each one in turn, as a `for` loop's.
    public static func buildExpression(_ prompts: [Prompt]) -> Prompt {
        Prompt.joining(prompts)
    }

    /// The prompts of a `for` loop.
    public static func buildArray(_ prompts: [Prompt]) -> Prompt {
        Prompt.joining(prompts)
    }

    /// The first branch of an `if`/`else` or a `switch`.
    public static func buildEither(first component: Prompt) -> Prompt { component }

    /// The second branch of an `if`/`else` or a `switch`.
    public static func buildEither(second component: Prompt) -> Prompt { component }

    /// An `if` without `else`: empty when it did not apply.
    public static func buildOptional(_ component: Prompt?) -> Prompt {
        component ?? Prompt(text: "")
    }

    /// The body of an `if #available`.
    public static func buildLimitedAvailability(_ prompt: Prompt) -> Prompt { prompt }
}
