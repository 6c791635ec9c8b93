import GenUI

/// A tool that answers a model's questions about a ``RecordSet``: which records, sorted by which field, how many.
///
/// Its output is the chosen records, one compact JSON object per line, exactly as the file has them: the model lays
/// them out, and every name and number it shows comes from here.
public struct RecordLookupTool: Tool {
    /// The records the tool answers about.
    public let records: RecordSet

    /// The most records one call returns.
    public static let maximumLimit = 50

    /// Creates the tool.
    public init(records: RecordSet) { self.records = records }

    public var name: String { "lookup_records" }

    public var description: String {
        "Returns records of \(records.title) (\(records.records.count) records with the fields "
            + records.fields.joined(separator: ", ")
            + "), sorted by a field and limited to a number of records. Use it for every name and number the screen shows."
    }

    /// `sortBy` (one of the fields), `descending`, `limit`.
    public var parameters: GenerationSchema {
        let limit = min(Self.maximumLimit, records.records.count)
        return GenerationSchema(node: .object(.init(name: "RecordQuery", properties: [
            .init(name: "sortBy", description: "The field to sort by", node: .string(.init(choices: records.fields))),
            .init(name: "descending", description: "Largest first", node: .boolean),
            .init(name: "limit", description: "How many records", node: .integer(.init(minimum: 1, maximum: Double(limit)))),
        ])), name: "RecordQuery")
    }

    /// What the model asks for.
    public struct Arguments: ConvertibleFromGeneratedContent, Sendable {
        /// The field to sort by.
        public var sortBy: String
        /// Largest first.
        public var descending: Bool
        /// How many records.
        public var limit: Int

        public init(_ content: GeneratedContent) throws {
            sortBy = try content.value(String.self, forProperty: "sortBy")
            descending = try content.value(Bool.self, forProperty: "descending")
            limit = try content.value(Int.self, forProperty: "limit")
        }
    }

    public func call(arguments: Arguments) async throws -> String {
        select(arguments).map(\.jsonString).joined(separator: "\n")
    }

    /// The records `arguments` asks for: sorted by the field (numbers numerically, the rest as text; records without
    /// the field last), at most `limit`.
    public func select(_ arguments: Arguments) -> [GeneratedContent] {
        let field = arguments.sortBy
        let sorted = records.records.enumerated().sorted { left, right in
            let (a, b) = (Self.value(of: field, in: left.element), Self.value(of: field, in: right.element))
            // Records without the field go last, whichever the direction.
            if (a == nil) != (b == nil) { return b == nil }
            guard let order = Self.compare(a, b) else { return left.offset < right.offset }
            return arguments.descending ? !order : order
        }
        return sorted.prefix(max(1, min(arguments.limit, Self.maximumLimit))).map(\.element)
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
        case .number(let number): "\(number)"
        case .bool(let flag): "\(flag)"
        default: ""
        }
    }
}
