/// A bound on the work of walking content against a schema (validating it, or repairing it).
///
/// Most choices (``GenerationSchema/Node/anyOf(_:)``) are picked by their discriminator, so walking is linear in the
/// size of the content. A choice without one can only be resolved by trying its alternatives; on a recursive schema
/// that is exponential in the nesting depth. Every node visited costs one unit; when the budget is spent the walk
/// stops and reports that the content is too complex, instead of running for hours on hostile input.
struct SchemaWorkBudget: Sendable {
    /// Units allowed per value of the content.
    static let visitsPerValue = 64
    /// Units allowed however small the content.
    static let minimumVisits = 4096

    /// The units allowed.
    let limit: Int
    /// The units spent so far.
    private(set) var visits = 0

    /// A budget of `limit` visits.
    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// The budget for walking `content`: ``visitsPerValue`` per value it holds, at least ``minimumVisits``.
    init(for content: GeneratedContent, visitsPerValue: Int = Self.visitsPerValue) {
        let values = Self.valueCount(of: content)
        let (product, overflow) = values.multipliedReportingOverflow(by: max(1, visitsPerValue))
        self.init(limit: max(Self.minimumVisits, overflow ? Int.max : product))
    }

    /// Whether the budget has been spent.
    var isExhausted: Bool { visits > limit }

    /// Spends one unit; `false` once the budget is spent.
    mutating func visit() -> Bool {
        if visits <= limit { visits += 1 }
        return visits <= limit
    }

    /// How many values `content` holds, itself included.
    static func valueCount(of content: GeneratedContent) -> Int {
        var count = 0
        var pending = [content]
        while let next = pending.popLast() {
            count += 1
            switch next.kind {
            case .array(let elements): pending += elements
            case .structure(let properties, _): pending += properties.values
            default: break
            }
        }
        return count
    }

    /// What a walk that spent the budget reports.
    var exhaustedMessage: String {
        "the value nests alternatives too deeply to check (more than \(limit) schema checks); "
            + "give each alternative a \"\(GenerationSchema.discriminator)\" property, or simplify the output"
    }
}
