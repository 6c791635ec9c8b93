import GenUI

/// A tool that answers a model's questions about a ``RecordSet``: the first N records, in the file's order or ranked by
/// a field.
///
/// It answers in the screen's own vocabulary: a `standings` component whose rows are the records' names and values as
/// the file has them (the value is the field asked for, or the field the file is ranked by). The model places it on the
/// screen; every name and number comes from here. Measured with SmolLM2-135M on "The Serie B table with the top six
/// teams": given whole records as lines of text, it copied each line into a row's name or made a list of field names;
/// given the component, it put a standings table of the file's names and values on the screen (repeating the first
/// row, the small model's repetition habit).
public struct RecordLookupTool: Tool {
    /// The records the tool answers about.
    public let records: RecordSet

    /// The `sortBy` value that keeps the file's order (a file is often ranked already: a league table, a top list).
    public static let fileOrder = "file order"

    /// The most records one call returns: as many rows as a standings table holds (6).
    public static let maximumLimit = StandingRows.countRange.upperBound

    /// Creates the tool.
    public init(records: RecordSet) { self.records = records }

    public var name: String { "lookup_records" }

    public var description: String {
        "Returns the first records of \(records.title) (\(records.records.count) in all), in the file's order or ranked "
            + "by a field: numbers largest first, text alphabetically. Use it for every name and number the screen shows."
    }

    /// `limit` (how many records) and `sortBy` (one of the fields).
    public var parameters: GenerationSchema {
        let limit = min(Self.maximumLimit, records.records.count)
        return GenerationSchema(
            node: .object(
                .init(
                    name: "RecordQuery",
                    properties: [
                        .init(
                            name: "limit", description: "How many records",
                            node: .integer(.init(minimum: 1, maximum: Double(limit)))),
                        .init(
                            name: "sortBy", description: "The field to rank by, or the file's order",
                            node: .string(.init(choices: [Self.fileOrder] + records.fields))),
                    ])), name: "RecordQuery")
    }

    /// What the model asks for.
    public struct Arguments: ConvertibleFromGeneratedContent, Sendable {
        /// How many records.
        public var limit: Int
        /// The field to rank by.
        public var sortBy: String

        public init(_ content: GeneratedContent) throws {
            limit = try content.value(Int.self, forProperty: "limit")
            sortBy = try content.value(String.self, forProperty: "sortBy")
        }
    }

    /// The records as a standings component: one `{"name": …, "value": …}` row per record — its name (its first text
    /// field) and its value in the ranking field.
    public func call(arguments: Arguments) async throws -> String {
        let field = rankingField(for: arguments)
        let rows = select(arguments).map { row(for: $0, valueField: field) }
        let title = field.map { "\(records.title) by \($0)" } ?? records.title
        return GeneratedContent(orderedProperties: [
            ("type", GeneratedContent(kind: .string("standings"))),
            ("title", GeneratedContent(kind: .string(String(title.prefix(40))))),
            ("rows", GeneratedContent(kind: .array(rows))),
        ]).jsonString
    }

    /// The field whose value a row shows: the one asked for when it is not the name, else the field the file is
    /// ranked by (``RecordSet/rankingField``).
    func rankingField(for arguments: Arguments) -> String? {
        if arguments.sortBy != Self.fileOrder, arguments.sortBy != records.nameField { return arguments.sortBy }
        return records.rankingField
    }

    /// One record as `{"name": …, "value": …}`.
    func row(for record: GeneratedContent, valueField: String?) -> GeneratedContent {
        let name = records.nameField.flatMap { Self.value(of: $0, in: record) }.map { Self.text($0.kind) } ?? ""
        let value = valueField.flatMap { Self.value(of: $0, in: record) }.map { Self.text($0.kind) } ?? ""
        return GeneratedContent(orderedProperties: [
            ("name", GeneratedContent(kind: .string(name))), ("value", GeneratedContent(kind: .string(value))),
        ])
    }

    /// The records `arguments` asks for: sorted by the field (numbers numerically, the rest as text; records without
    /// the field last), at most `limit`.
    public func select(_ arguments: Arguments) -> [GeneratedContent] {
        let field = arguments.sortBy
        let limit = max(1, min(arguments.limit, Self.maximumLimit))
        guard field != Self.fileOrder else { return Array(records.records.prefix(limit)) }
        let sorted = records.records.enumerated().sorted { left, right in
            let (a, b) = (Self.value(of: field, in: left.element), Self.value(of: field, in: right.element))
            // Records without the field go last, whichever the direction.
            if (a == nil) != (b == nil) { return b == nil }
            guard let order = Self.compare(a, b) else { return left.offset < right.offset }
            let descending = if case .number? = a?.kind { true } else { false }
            return descending ? !order : order
        }
        return sorted.prefix(limit).map(\.element)
    }

    static func value(of field: String, in record: GeneratedContent) -> GeneratedContent? {
        record.orderedProperties?.first(where: { $0.key == field })?.value
    }

    /// `true` when `left` sorts before `right` ascending, `nil` when they are equal (or both absent).
    static func compare(_ left: GeneratedContent?, _ right: GeneratedContent?) -> Bool? {
        guard let left, let right else { return nil }
        if case .number(let a) = left.kind, case .number(let b) = right.kind { return a == b ? nil : a < b }
        let (x, y) = (text(left.kind), text(right.kind))
        return x == y ? nil : x < y
    }

    static func text(_ kind: GeneratedContent.Kind) -> String {
        switch kind {
        case .string(let text): text
        case .number(let number): number.rounded() == number && abs(number) < 1e15 ? "\(Int64(number))" : "\(number)"
        case .bool(let flag): "\(flag)"
        default: ""
        }
    }
}
