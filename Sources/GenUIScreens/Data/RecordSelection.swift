import GenUI

/// Which records an intent asks for and in what order, read from its words: "the top six teams" (the first six, in
/// the file's order), "all the teams", "the three teams with the most wins" (ranked by `won`, largest first), "the
/// three cheapest products" (by price, smallest first), "the top 3 products by rating".
public struct RecordSelection: Sendable, Hashable {
    /// How many records, or `nil` for all of them.
    public var limit: Int?
    /// The field the records are ranked by, or `nil` for the file's order.
    public var sortField: String?
    /// Whether the ranking puts the largest value first.
    public var descending: Bool
    /// The field each row shows beside the record's name: the ranking field, a field the intent names ("with their
    /// points"), the field the file is ranked by, or the first other field.
    public var valueField: String?

    /// Creates a selection.
    public init(limit: Int?, sortField: String?, descending: Bool = true, valueField: String?) {
        self.limit = limit
        self.sortField = sortField
        self.descending = descending
        self.valueField = valueField
    }

    static let numbers: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
    ]
    /// Words that rank largest first, and smallest first.
    static let largestFirst: Set<String> = ["most", "top", "best", "highest", "largest", "biggest", "greatest", "more"]
    static let smallestFirst: Set<String> = ["least", "fewest", "lowest", "smallest", "bottom", "worst", "cheapest"]
    /// Words that name a field by another name.
    static let synonyms: [String: [String]] = [
        "win": ["won", "wins"], "wins": ["won"], "loss": ["lost", "losses"], "losses": ["lost"], "defeats": ["lost"],
        "draws": ["drawn"], "games": ["played"], "matches": ["played"], "cheapest": ["price", "cost"],
        "expensive": ["price", "cost"], "rated": ["rating"], "score": ["points"], "scores": ["points"],
    ]

    /// The selection `intent` asks of `records`.
    public static func read(from intent: String, records: RecordSet) -> RecordSelection {
        let words = intent.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        let limit = words.lazy.compactMap { numbers[$0] ?? Int($0) }.first.flatMap { $0 > 0 ? $0 : nil }
        let numeric = records.numericFields
        let named = words.compactMap { field(for: $0, in: records.fields) }.filter { $0 != records.nameField }
        let namedNumeric = named.first(where: numeric.contains)
        var sortField: String?
        var descending = true
        if let direction = words.firstIndex(where: { largestFirst.contains($0) || smallestFirst.contains($0) }) {
            descending = largestFirst.contains(words[direction])
            // The field named with the direction ("most wins", "cheapest", "best rated", "by rating"), else any named.
            let near = words[direction...].compactMap { field(for: $0, in: numeric) }.first
            sortField = near ?? namedNumeric
            // "The top six teams" of a ranked file: its own order already.
            if sortField == records.rankingField, descending, isDescending(records, sortField) { sortField = nil }
        }
        let valueField =
            sortField ?? namedNumeric ?? named.first ?? records.rankingField ?? numeric.first
            ?? records.fields.first(where: { $0 != records.nameField })
        return RecordSelection(limit: limit, sortField: sortField, descending: descending, valueField: valueField)
    }

    /// The field of `fields` a word names: the field itself, its plural, a synonym, or a shared stem ("rated").
    static func field(for word: String, in fields: [String]) -> String? {
        let lowered = fields.map { ($0, $0.lowercased()) }
        if let exact = lowered.first(where: { $0.1 == word || $0.1 + "s" == word || $0.1 + "es" == word }) {
            return exact.0
        }
        for synonym in synonyms[word] ?? [] {
            if let match = lowered.first(where: { $0.1 == synonym }) { return match.0 }
        }
        return nil
    }

    static func isDescending(_ records: RecordSet, _ field: String?) -> Bool {
        guard let field else { return false }
        let values = records.records.compactMap { RecordLookupTool.value(of: field, in: $0) }.compactMap {
            value -> Double? in
            if case .number(let number) = value.kind { return number }
            return nil
        }
        return zip(values, values.dropFirst()).allSatisfy { $0 >= $1 }
    }

    /// The selected records, in the asked order: ranked by ``sortField`` (records without it last, ties in the file's
    /// order), at most ``limit``.
    public func select(from records: RecordSet) -> [GeneratedContent] {
        var selected = records.records
        if let sortField {
            selected = records.records.enumerated().sorted { left, right in
                let (a, b) = (
                    RecordLookupTool.value(of: sortField, in: left.element),
                    RecordLookupTool.value(of: sortField, in: right.element)
                )
                if (a == nil) != (b == nil) { return b == nil }
                guard let ascending = RecordLookupTool.compare(a, b) else { return left.offset < right.offset }
                return descending ? !ascending : ascending
            }.map(\.element)
        }
        return Array(selected.prefix(limit ?? selected.count))
    }

    /// The selected records as rows: each record's name and its ``valueField``, as the file writes them.
    public func rows(from records: RecordSet) -> [StandingRow] {
        select(from: records).map { record in
            let name =
                records.nameField.flatMap { RecordLookupTool.value(of: $0, in: record) }
                .map { RecordLookupTool.text($0.kind) } ?? ""
            let value =
                valueField.flatMap { RecordLookupTool.value(of: $0, in: record) }
                .map { RecordLookupTool.text($0.kind) } ?? ""
            return StandingRow(name: name, value: value)
        }
    }
}
