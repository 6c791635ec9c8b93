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
