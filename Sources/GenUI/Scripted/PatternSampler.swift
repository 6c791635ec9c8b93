import Foundation

/// Produces strings that match a regular expression, for `pattern` guides.
///
/// Understands the subset patterns in schemas use: literals and escapes, `.`, character classes (ranges,
/// negation, `\d \w \s`), groups with alternation, and the quantifiers `? * + {n} {n,} {n,m}`. Anchors are ignored
/// (matches are whole-string). Unbounded repetition is capped at 3 extra repetitions.
struct PatternSampler {
    private indirect enum Piece {
        case characters([Character])
        case group([[Piece]])
        case repeated(Piece, min: Int, max: Int)
    }

    private let alternatives: [[Piece]]

    /// Parses `pattern`; `nil` when it uses syntax outside the supported subset.
    init?(_ pattern: String) {
        var chars = Array(pattern)
        if chars.first == "^" { chars.removeFirst() }
        if chars.last == "$", chars.count < 2 || chars[chars.count - 2] != "\\" { chars.removeLast() }
        var index = 0
        guard let parsed = Self.parseAlternatives(chars, &index), index == chars.count else { return nil }
        alternatives = parsed
    }

    /// A matching string.
    func sample(using rng: inout SeededGenerator) -> String {
        var output = ""
        Self.emit(.group(alternatives), into: &output, rng: &rng)
        return output
    }

    private static func emit(_ piece: Piece, into output: inout String, rng: inout SeededGenerator) {
        switch piece {
        case .characters(let set):
            if let c = set.randomElement(using: &rng) { output.append(c) }
        case .group(let alternatives):
            guard let chosen = alternatives.randomElement(using: &rng) else { return }
            for p in chosen { emit(p, into: &output, rng: &rng) }
        case .repeated(let inner, let min, let max):
            let count = Int.random(in: min...max, using: &rng)
            for _ in 0..<count { emit(inner, into: &output, rng: &rng) }
        }
    }

    private static let digits = Array("0123456789")
    private static let word = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
    private static let printable = (0x20...0x7E).map { Character(UnicodeScalar($0)) }

    private static func parseAlternatives(_ c: [Character], _ i: inout Int) -> [[Piece]]? {
        var alternatives: [[Piece]] = [[]]
        while i < c.count {
            switch c[i] {
            case "|":
                i += 1
                alternatives.append([])
            case ")":
                return alternatives
            default:
                guard let atom = parseAtom(c, &i) else { return nil }
                guard let quantified = parseQuantifier(atom, c, &i) else { return nil }
                alternatives[alternatives.count - 1].append(quantified)
            }
        }
        return alternatives
    }

    private static func parseAtom(_ c: [Character], _ i: inout Int) -> Piece? {
        let ch = c[i]
        i += 1
        switch ch {
        case "(":
            if i + 1 < c.count, c[i] == "?", c[i + 1] == ":" { i += 2 }
            guard let inner = parseAlternatives(c, &i), i < c.count, c[i] == ")" else { return nil }
            i += 1
            return .group(inner)
        case "[":
            return parseClass(c, &i)
        case ".":
            return .characters(Array("abcdefghijklmnopqrstuvwxyz"))
        case "\\":
            guard i < c.count else { return nil }
            let escaped = c[i]
            i += 1
            return escapeSet(escaped).map(Piece.characters)
        case "*", "+", "?", "{", "}", "]":
            return nil
        default:
            return .characters([ch])
        }
    }

    private static func escapeSet(_ ch: Character) -> [Character]? {
        switch ch {
        case "d": digits
        case "w": word
        case "s": [" "]
        case "D", "W", "S": nil
        case "n": ["\n"]
        case "t": ["\t"]
        default: [ch]
        }
    }

    private static func parseClass(_ c: [Character], _ i: inout Int) -> Piece? {
        var negated = false
        if i < c.count, c[i] == "^" {
            negated = true
            i += 1
        }
        var members: [Character] = []
        var first = true
        while i < c.count, c[i] != "]" || first {
            first = false
            var ch = c[i]
            i += 1
            if ch == "\\" {
                guard i < c.count, let set = escapeSet(c[i]) else { return nil }
                i += 1
                if set.count > 1 {
                    members += set
                    continue
                }
                ch = set[0]
            }
            if i + 1 < c.count, c[i] == "-", c[i + 1] != "]" {
                let upper = c[i + 1]
                i += 2
                guard let lo = ch.unicodeScalars.first?.value, let hi = upper.unicodeScalars.first?.value, lo <= hi,
                    hi - lo < 0x3000
                else { return nil }
                members += (lo...hi).compactMap { UnicodeScalar($0).map(Character.init) }
            } else {
                members.append(ch)
            }
        }
        guard i < c.count else { return nil }
        i += 1
        if negated {
            let excluded = Set(members)
            members = printable.filter { !excluded.contains($0) }
        }
        return members.isEmpty ? nil : .characters(members)
    }

    private static func parseQuantifier(_ atom: Piece, _ c: [Character], _ i: inout Int) -> Piece? {
        guard i < c.count else { return atom }
        var result: Piece
        switch c[i] {
        case "?":
            i += 1
            result = .repeated(atom, min: 0, max: 1)
        case "*":
            i += 1
            result = .repeated(atom, min: 0, max: 3)
        case "+":
            i += 1
            result = .repeated(atom, min: 1, max: 4)
        case "{":
            guard let close = c[i...].firstIndex(of: "}") else { return nil }
            let body = String(c[(i + 1)..<close])
            i = close + 1
            let parts = body.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard let min = Int(parts[0]) else { return nil }
            let max: Int
            if parts.count == 1 {
                max = min
            } else if parts[1].isEmpty {
                max = min + 3
            } else if let upper = Int(parts[1]), upper >= min {
                max = upper
            } else {
                return nil
            }
            result = .repeated(atom, min: min, max: max)
        default:
            return atom
        }
        if i < c.count, c[i] == "?" || c[i] == "+" { i += 1 }
        return result
    }
}
