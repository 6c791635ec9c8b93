import GenUI

extension LocalizedText {
    /// A detail of decoding (a JSON syntax error, a schema violation, a repair of unguided output) as a catalog
    /// message: `detail.<code>`, a JSON syntax error inside `detail.json.at` with its line and column. The shapes
    /// of values (`detail.kind.*`) are ours and worded too; values, names and pointers are data.
    public init(_ detail: DecodingDetail) {
        var arguments: [String: Argument] = [:]
        for (name, argument) in detail.arguments where !(detail.code.isLocated && (name == "line" || name == "column"))
        {
            arguments[name] = Self.argument(argument, named: name, of: detail.code)
        }
        let problem = LocalizedText("detail.\(detail.code.rawValue)", arguments)
        guard detail.code.isLocated else {
            self = problem
            return
        }
        var location: [String: Argument] = ["problem": .phrase(problem)]
        for name in ["line", "column"] {
            if case .integer(let value)? = detail.arguments[name] { location[name] = .integer(value) }
        }
        self = LocalizedText("detail.json.at", location)
    }

    /// Text the core wrote in English for a developer (a decoding failure's details, a repair note): worded from
    /// its code in the user's language when it is one of the core's details (`DecodingDetail.init(parsing:)`),
    /// shown as it is otherwise (it came from elsewhere).
    public static func decoding(_ english: String) -> LocalizedText {
        DecodingDetail(parsing: english).map(LocalizedText.init) ?? .verbatim(english)
    }

    /// A decoding failure's details as a catalog message: the `DecodingDetail` its error carries
    /// (`GenUIError.Context.underlyingErrors`), else read back from the English (``decoding(_:)``).
    public static func decoding(_ english: String, carriedBy context: GenUIError.Context) -> LocalizedText {
        context.underlying(DecodingDetail.self).map(LocalizedText.init) ?? .decoding(english)
    }

    private static func argument(_ argument: DecodingDetail.Argument, named name: String, of code: DecodingDetail.Code)
        -> Argument
    {
        switch argument {
        case .data(let text): return .verbatim(text)
        case .integer(let value):
            // Sizes in bytes are written as sizes ("1 MB").
            if [.outputTooLarge, .jsonTooLarge].contains(code) { return .bytes(Int64(value)) }
            return .integer(value)
        case .number(let value): return .decimal(value)
        case .kind(let kind): return .phrase(LocalizedText("detail.kind.\(kind.rawValue)"))
        }
    }
}
