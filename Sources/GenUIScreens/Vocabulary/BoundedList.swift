import GenUI

/// An array whose element count is bounded in the schema, for arrays in an enum case's payload (where `@Guide`
/// cannot be written). Encoded as a plain JSON array.
public protocol BoundedList: Generable, Sendable, Hashable, RandomAccessCollection
where PartiallyGenerated == Self, Index == Int, Element == Item {
    /// The element type.
    associatedtype Item: Generable & Sendable & Hashable
    /// The allowed number of elements.
    static var countRange: ClosedRange<Int> { get }
    /// The schema's name for the list.
    static var schemaName: String { get }
    /// The elements as given (bounds are checked by validation, not here, so unguided output can be repaired).
    var elements: [Item] { get set }
    /// Wraps `elements` as they are.
    init(elements: [Item])
}

extension BoundedList {
    /// Reads a JSON array, reporting the index of an element that does not decode.
    public init(_ content: GeneratedContent) throws { self.init(elements: try [Item](content)) }

    /// The elements as a JSON array.
    public var generatedContent: GeneratedContent {
        GeneratedContent(kind: .array(elements.map(\.generatedContent)))
    }

    /// An array of ``countRange`` elements of the element's schema.
    public static var generationSchema: GenerationSchema {
        let element = Item.generationSchema
        return GenerationSchema(
            node: .array(
                .init(items: element.root, minimumCount: countRange.lowerBound, maximumCount: countRange.upperBound)),
            name: schemaName, definitions: element.definitions)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { elements.count }
    public subscript(position: Int) -> Item { elements[position] }
}

/// The items of a bulleted list: 1 to 6 short texts.
public struct ListItems: BoundedList, ExpressibleByArrayLiteral {
    public typealias Item = ShortText
    public typealias Element = ShortText
    public typealias Index = Int
    public typealias Indices = Range<Int>
    public typealias SubSequence = Slice<ListItems>
    public static let countRange = 1...6
    public static let schemaName = "ListItems"
    public var elements: [ShortText]
    public init(elements: [ShortText]) { self.elements = elements }
    /// Wraps a literal.
    public init(arrayLiteral elements: ShortText...) { self.elements = elements }
}

/// The rows of a standings table: 1 to 6 rows.
public struct StandingRows: BoundedList, ExpressibleByArrayLiteral {
    public typealias Item = StandingRow
    public typealias Element = StandingRow
    public typealias Index = Int
    public typealias Indices = Range<Int>
    public typealias SubSequence = Slice<StandingRows>
    public static let countRange = 1...6
    public static let schemaName = "StandingRows"
    public var elements: [StandingRow]
    public init(elements: [StandingRow]) { self.elements = elements }
    /// Wraps a literal.
    public init(arrayLiteral elements: StandingRow...) { self.elements = elements }
}
