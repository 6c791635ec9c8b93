import Foundation

/// Reading a detail back from its English text, which is all that errors and repair notes carry.
extension DecodingDetail {
    /// The longest text read back, in characters; longer text is not a detail of ours (it is shown as it is).
    public static let maximumParsedLength = 4096

    /// The detail whose English ``description`` is exactly `text`, or `nil` when no code words it so (text from
    /// elsewhere: another library, a server).
    ///
    /// The match is checked by writing the detail again: the result's ``description`` equals `text`.
    public init?(parsing text: String) {
        guard text.count <= Self.maximumParsedLength else { return nil }
        for code in Code.allCases {
            if let arguments = Self.match(Self.segments(of: code), in: Substring(text)) {
                let detail = DecodingDetail(code, arguments)
                if detail.description == text {
                    self = detail
                    return
                }
            }
        }
        return nil
    }

    /// A piece of a template.
    enum Segment: Equatable {
        case literal(String)
        /// A placeholder's name and type letter (`i`, `n`, `k`, or empty for data).
        case placeholder(String, String)
    }

    /// The prefix of a located JSON error's English text.
    static let locatedPrefix: [Segment] = [
        .literal("invalid JSON at line "), .placeholder("line", "i"), .literal(", column "),
        .placeholder("column", "i"),
        .literal(": "),
    ]

    /// The template of `code` as literals and placeholders; a `{` that does not open `{name}` or `{name:type}` is
    /// literal text.
    static func segments(of code: Code) -> [Segment] {
        var segments: [Segment] = code.isLocated ? locatedPrefix : []
        var literal = ""
        var rest = Substring(code.englishTemplate)
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"),
                case let inside = after[..<close], !inside.isEmpty,
                inside.allSatisfy({ $0.isLetter || $0 == ":" })
            {
                if !literal.isEmpty { segments.append(.literal(literal)) }
                literal = ""
                let parts = inside.split(separator: ":", maxSplits: 1).map(String.init)
                segments.append(.placeholder(parts[0], parts.count > 1 ? parts[1] : ""))
                rest = after[after.index(after: close)...]
            } else {
                literal += "{"
                rest = after
            }
        }
        literal += rest
        if !literal.isEmpty { segments.append(.literal(literal)) }
        // Adjacent literals (the located prefix and a template starting with text) read the same as one.
        return segments.reduce(into: []) { merged, segment in
            if case .literal(let next) = segment, case .literal(let previous)? = merged.last {
                merged[merged.count - 1] = .literal(previous + next)
            } else {
                merged.append(segment)
            }
        }
    }

    /// The arguments that make `segments` read `text`, or `nil`. A placeholder is followed by a literal or by the
    /// end (templates never put two placeholders side by side), so each placeholder is tried against every place
    /// its following literal occurs, shortest first.
    static func match(_ segments: ArraySlice<Segment>, in text: Substring) -> [String: Argument]? {
        guard let first = segments.first else { return text.isEmpty ? [:] : nil }
        switch first {
        case .literal(let literal):
            guard text.hasPrefix(literal) else { return nil }
            return match(segments.dropFirst(), in: text.dropFirst(literal.count))
        case .placeholder(let name, let type):
            let rest = segments.dropFirst()
            guard case .literal(let next)? = rest.first else {
                return argument(text, type: type).map { [name: $0] }
            }
            var searchFrom = text.startIndex
            while let found = text[searchFrom...].range(of: next) {
                if let value = argument(text[..<found.lowerBound], type: type),
                    var arguments = match(rest, in: text[found.lowerBound...])
                {
                    arguments[name] = value
                    return arguments
                }
                guard found.lowerBound < text.endIndex else { break }
                searchFrom = text.index(after: found.lowerBound)
            }
            return nil
        }
    }

    static func match(_ segments: [Segment], in text: Substring) -> [String: Argument]? {
        match(segments[...], in: text)
    }

    /// `text` as an argument of `type`, or `nil` when it cannot be one.
    private static func argument(_ text: Substring, type: String) -> Argument? {
        switch type {
        case "i": Int(text).map(Argument.integer)
        case "n": Double(text).flatMap { $0.isFinite ? Argument.number($0) : nil }
        case "k": Kind(rawValue: String(text)).map(Argument.kind)
        default: .data(String(text))
        }
    }
}
