/// Translates the common subset of regular expressions used in `pattern` guides into GBNF that emits the matching
/// string's JSON encoding.
///
/// Supported: literals and escaped literals, `.`, `\d` `\w` `\s` (and their negations as classes), character classes
/// with ranges and negation, groups (`(…)`, `(?:…)`), alternation, and the quantifiers `?` `*` `+` `{n}` `{n,}`
/// `{n,m}`; unbounded quantifiers are capped so the grammar stays bounded. Anything else (look-arounds,
/// back-references, a quote or backslash inside a class) returns `nil`, and the string falls back to a bounded free
/// string whose value validation still checks against the pattern.
struct RegexTranslator {
    /// The cap on `*`, `+` and `{n,}`.
    let maximumRepetition: Int

    private var characters: [Character] = []
    private var position = 0

    init(maximumRepetition: Int) {
        self.maximumRepetition = max(1, maximumRepetition)
    }

    /// The GBNF for `pattern` (anchors implied), or `nil` when it uses something unsupported.
    func translate(_ pattern: String) -> GrammarFragment? {
        var body = Substring(pattern)
        if body.hasPrefix("^") { body = body.dropFirst() }
        if body.hasSuffix("$") && !body.hasSuffix("\\$") { body = body.dropLast() }
        var parser = self
        parser.characters = Array(body)
        parser.position = 0
        guard let result = parser.alternation(), parser.position == parser.characters.count else { return nil }
        return GrammarFragment(expression: "(\(result.expression))", maximumBytes: result.maximumBytes)
    }

    private var current: Character? { position < characters.count ? characters[position] : nil }

    private mutating func alternation() -> GrammarFragment? {
        var options: [GrammarFragment] = []
        repeat {
            if current == "|" { position += 1 }
            guard let option = sequence() else { return nil }
            options.append(option)
        } while current == "|"
        if options.count == 1 { return options[0] }
        return GrammarFragment(
            expression: options.map { "(\($0.expression))" }.joined(separator: " | "),
            maximumBytes: options.map(\.maximumBytes).max() ?? 0)
    }

    private mutating func sequence() -> GrammarFragment? {
        var parts: [GrammarFragment] = []
        while let character = current, character != "|", character != ")" {
            guard var atom = atom() else { return nil }
            guard let quantified = quantifier(applyingTo: atom) else { return nil }
            atom = quantified
            parts.append(atom)
        }
        if parts.isEmpty { return GrammarFragment(expression: "\"\"", maximumBytes: 0) }
        return GrammarFragment(
            expression: parts.map(\.expression).joined(separator: " "),
            maximumBytes: ByteBound.sum(parts.map(\.maximumBytes)))
    }

    private mutating func atom() -> GrammarFragment? {
        guard let character = current else { return nil }
        position += 1
        switch character {
        case "(":
            if current == "?" {
                guard position + 1 < characters.count, characters[position + 1] == ":" else { return nil }
                position += 2
            }
            guard let inner = alternation(), current == ")" else { return nil }
            position += 1
            return GrammarFragment(expression: "(\(inner.expression))", maximumBytes: inner.maximumBytes)
        case ".":
            return GrammarFragment(expression: #"[^"\\\x7F\x00-\x1F]"#, maximumBytes: 4)
        case "[":
            return characterClass()
        case "\\":
            guard let escaped = current else { return nil }
            position += 1
            switch escaped {
            case "d": return GrammarFragment(expression: "[0-9]", maximumBytes: 1)
            case "w": return GrammarFragment(expression: "[a-zA-Z0-9_]", maximumBytes: 1)
            case "s": return GrammarFragment(expression: "\" \"", maximumBytes: 1)
            case "D": return GrammarFragment(expression: #"[^0-9"\\\x7F\x00-\x1F]"#, maximumBytes: 4)
            case "W": return GrammarFragment(expression: #"[^a-zA-Z0-9_"\\\x7F\x00-\x1F]"#, maximumBytes: 4)
            case "S": return GrammarFragment(expression: #"[^ "\\\x7F\x00-\x1F]"#, maximumBytes: 4)
            case _ where escaped.isLetter || escaped.isNumber: return nil // \b, \1, \p{…}: unsupported
            default: return literal(escaped)
            }
        case "*", "+", "?", "{", ")", "|", "^", "$":
            return nil
        default:
            return literal(character)
        }
    }

    private func literal(_ character: Character) -> GrammarFragment? {
        guard character != "\"", character != "\\", !character.unicodeScalars.contains(where: { $0.value < 0x20 })
        else { return nil }
        return GrammarFragment(expression: GBNF.literal(String(character)), maximumBytes: character.utf8.count)
    }

    private mutating func characterClass() -> GrammarFragment? {
        var negated = false
        if current == "^" {
            negated = true
            position += 1
        }
        var body = ""
        var ascii = true
        var first = true
        while let character = current, character != "]" || first {
            first = false
            position += 1
            var member = character
            if character == "\\" {
                guard let escaped = current else { return nil }
                position += 1
                switch escaped {
                case "d":
                    body += "0-9"
                    continue
                case "w":
                    body += "a-zA-Z0-9_"
                    continue
                case "s":
                    body += " "
                    continue
                case "-", "]", "[", "^", ".": member = escaped
                default: return nil
                }
                guard let code = member.asciiValue else { return nil }
                body += "\\x" + GBNF.hex(UInt32(code))
                continue
            }
            guard member != "\"", !member.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return nil }
            if !member.isASCII { ascii = false }
            body.append(member)
        }
        guard current == "]", !body.isEmpty else { return nil }
        position += 1
        if negated {
            return GrammarFragment(expression: "[^\(body)\"\\\\\\x7F\\x00-\\x1F]", maximumBytes: 4)
        }
        return GrammarFragment(expression: "[\(body)]", maximumBytes: ascii ? 1 : 4)
    }

    private mutating func quantifier(applyingTo atom: GrammarFragment) -> GrammarFragment? {
        let bounds: (Int, Int)
        switch current {
        case "?": bounds = (0, 1)
        case "*": bounds = (0, maximumRepetition)
        case "+": bounds = (1, maximumRepetition)
        case "{":
            guard let close = characters[position...].firstIndex(of: "}") else { return nil }
            let inside = String(characters[(position + 1)..<close])
            let parts = inside.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count <= 2, let low = Int(parts[0]) else { return nil }
            let high = parts.count == 1 ? low : parts[1].isEmpty ? max(low, maximumRepetition) : Int(parts[1])
            guard let high, high >= low else { return nil }
            bounds = (low, high)
            position = close
        default:
            return atom
        }
        position += 1
        if current == "?" || current == "+" { position += 1 } // lazy or possessive: same language
        return GrammarFragment(
            expression: "(\(atom.expression))" + GBNF.repetition(bounds.0, bounds.1),
            maximumBytes: ByteBound.product(atom.maximumBytes, bounds.1))
    }
}
