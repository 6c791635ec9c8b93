/// Builds ``DynamicInstructions`` from instructions, tools and other dynamic instructions: Foundation Models 27's
/// `DynamicInstructionsBuilder`.
///
/// A block may hold ``Instructions``, any ``Tool``, an array of tools, other dynamic instructions, `if` (with or
/// without `else`), `switch` and `if #available`. Loops are written with ``DynamicInstructions/ForEach``.
@resultBuilder
public struct DynamicInstructionsBuilder {
    /// An empty block.
    public static func buildBlock() -> EmptyDynamicInstructions { EmptyDynamicInstructions() }

    /// A block of one statement.
    public static func buildBlock<T: DynamicInstructions>(_ content: T) -> T { content }

    /// A block of several statements, evaluated in order.
    @_disfavoredOverload
    public static func buildBlock<each Content: DynamicInstructions>(_ contents: repeat each Content)
        -> TupleDynamicInstructions<repeat each Content>
    {
        TupleDynamicInstructions(repeat each contents)
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither<TrueContent: DynamicInstructions, FalseContent: DynamicInstructions>(
        first content: TrueContent
    ) -> ConditionalDynamicInstructions<TrueContent, FalseContent> {
        ConditionalDynamicInstructions(.trueContent(content))
    }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither<TrueContent: DynamicInstructions, FalseContent: DynamicInstructions>(
        second content: FalseContent
    ) -> ConditionalDynamicInstructions<TrueContent, FalseContent> {
        ConditionalDynamicInstructions(.falseContent(content))
    }

    /// An `if` without `else`.
    public static func buildOptional<Content: DynamicInstructions>(_ content: Content?) -> Content? { content }

    /// An `if #available` block.
    public static func buildLimitedAvailability(_ content: some DynamicInstructions) -> AnyDynamicInstructions {
        AnyDynamicInstructions(content)
    }

    /// A list of tools, each offered to the model.
    public static func buildExpression(_ tools: [any Tool]) -> some DynamicInstructions {
        ToolInstructions(tools: tools)
    }

    /// A tool, offered to the model.
    public static func buildExpression<T: Tool>(_ expression: T) -> some DynamicInstructions {
        ToolInstructions(tools: [expression])
    }

    /// Dynamic instructions, as they are.
    public static func buildExpression<T: DynamicInstructions>(_ expression: T) -> T { expression }
}
