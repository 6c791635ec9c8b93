import GenUI

/// Records a screen's facts come from: a JSON array of objects (or an object holding one such array), as
/// `genui generate --data FILE.json` reads it.
///
/// The model never sees the file: it asks ``RecordLookupTool`` for records and lays out what comes back, so names and
/// numbers on the screen are the file's, not the model's.
public struct RecordSet: Sendable, Hashable {
    /// What a record set can hold at most.
    public static let maximumRecords = 1_000

    /// The records, in the file's order: objects whose values are strings, numbers or booleans.
    public let records: [GeneratedContent]
    /// Every field name, in order of first appearance.
    public let fields: [String]
    /// What the records are (the file's name, or the key of the array inside it).
    public let title: String

    /// Why a document is not a record set.
    public enum Problem: Error, Sendable, Hashable {
        /// The text is not JSON; `detail` says where.
        case notJSON(detail: String)
        /// The JSON holds no array of objects (at the top, or as the one array inside an object).
        case noRecords
        /// More than ``RecordSet/maximumRecords`` records.
        case tooManyRecords(count: Int)
    }

    /// Reads records from JSON text.
    public init(json text: String, title: String) throws(Problem) {
        let document: GeneratedContent
        do {
            document = try JSONParser.parse(text)
        } catch {
            throw .notJSON(detail: error.context.debugDescription)
        }
        guard let (found, key) = Self.recordArray(in: document) else { throw .noRecords }
        guard found.count <= Self.maximumRecords else { throw .tooManyRecords(count: found.count) }
        let records = found.compactMap(Self.flattened)
        guard !records.isEmpty else { throw .noRecords }
        var fields: [String] = []
        var seen: Set<String> = []
        for record in records {
            for (name, _) in record.orderedProperties ?? [] where seen.insert(name).inserted { fields.append(name) }
        }
        self.records = records
        self.fields = fields
        self.title = key ?? title
    }

    /// The array of objects in `document`: the document itself, or the first array of objects among its properties.
    static func recordArray(in document: GeneratedContent) -> ([GeneratedContent], String?)? {
        if let elements = document.elements, elements.contains(where: { $0.orderedProperties != nil }) {
            return (elements, nil)
        }
        for (key, value) in document.orderedProperties ?? [] {
            if let elements = value.elements, elements.contains(where: { $0.orderedProperties != nil }) {
                return (elements, key)
            }
        }
        return nil
    }

    /// A record with only its plain values (strings, numbers, booleans); `nil` for anything but an object.
    static func flattened(_ element: GeneratedContent) -> GeneratedContent? {
        guard let properties = element.orderedProperties else { return nil }
        let plain = properties.filter { _, value in
            switch value.kind {
            case .string, .number, .bool: true
            default: false
            }
        }
        return GeneratedContent(orderedProperties: plain.map { ($0.key, $0.value) })
    }

    /// The field that names a record: the first whose values are all text.
    public var nameField: String? {
        fields.first { field in
            records.allSatisfy { record in
                guard let value = record.orderedProperties?.first(where: { $0.key == field })?.value else {
                    return true
                }
                if case .string = value.kind { return true }
                return false
            }
        }
    }

    /// The numeric field the file is ranked by, if any: of the fields whose values never rise (or never fall) from
    /// one record to the next, the one with the most distinct values (the last such on a tie). A league table is
    /// ranked by points; its games played, equal for every team, rank nothing.
    public var rankingField: String? {
        var best: (field: String, distinct: Int)?
        for field in numericFields {
            let values = records.compactMap { record -> Double? in
                guard
                    case .number(let number)? = record.orderedProperties?.first(where: { $0.key == field })?.value.kind
                else { return nil }
                return number
            }
            guard values.count == records.count else { continue }
            let pairs = zip(values, values.dropFirst())
            guard pairs.allSatisfy({ $0 >= $1 }) || pairs.allSatisfy({ $0 <= $1 }) else { continue }
            let distinct = Set(values).count
            guard distinct > 1 else { continue }
            if distinct >= (best?.distinct ?? 0) { best = (field, distinct) }
        }
        return best?.field
    }

    /// The fields whose values are numbers in every record that has them.
    public var numericFields: [String] {
        fields.filter { field in
            records.allSatisfy { record in
                guard let value = record.orderedProperties?.first(where: { $0.key == field })?.value else {
                    return true
                }
                if case .number = value.kind { return true }
                return false
            }
        }
    }
}
