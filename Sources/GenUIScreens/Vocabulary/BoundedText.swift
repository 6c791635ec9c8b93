import GenUI

/// A string whose length is bounded in the schema, for values that sit in an enum case's payload (where `@Guide`
/// cannot be written). Encoded as a plain JSON string.
public protocol BoundedText: Generable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible
where PartiallyGenerated == Self, StringLiteralType == String {
    /// The allowed number of characters.
    static var lengthRange: ClosedRange<Int> { get }
    /// What the text is, shown to models in the schema.
    static var schemaName: String { get }
    /// The text as given (bounds are checked by validation, not here, so unguided output can be repaired).
    var text: String { get }
    /// Wraps `text` as is.
    init(verbatim text: String)
}

extension BoundedText {
    /// Wraps a literal.
    public init(stringLiteral value: String) { self.init(verbatim: value) }

    /// Reads a JSON string.
    public init(_ content: GeneratedContent) throws { self.init(verbatim: try String(content)) }

    /// The text as a JSON string.
    public var generatedContent: GeneratedContent { text.generatedContent }

    /// A string of ``lengthRange`` characters.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(
            node: .string(.init(minimumLength: lengthRange.lowerBound, maximumLength: lengthRange.upperBound)),
            name: schemaName)
    }

    /// The text.
    public var description: String { text }
}

/// A label, title, key or short value: 1 to 40 characters.
public struct ShortText: BoundedText {
    public static let lengthRange = 1...40
    public static let schemaName = "ShortText"
    public var text: String
    public init(verbatim text: String) { self.text = text }
}

/// A sentence or two of body text: 1 to 240 characters.
public struct BodyText: BoundedText {
    public static let lengthRange = 1...240
    public static let schemaName = "BodyText"
    public var text: String
    public init(verbatim text: String) { self.text = text }
}
