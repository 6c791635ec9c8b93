import Foundation
import GenUI

/// The basic catalog's functions: `formatString`, `formatNumber`, `formatCurrency`, `formatDate`, `pluralize`, the
/// checks `required`, `regex`, `length`, `numeric`, `email`, and `and`, `or`, `not`.
///
/// Formatting follows English (`en`) conventions: `,` groups thousands and `.` separates decimals. `openUrl` is a
/// client-side action; it is never run while rendering and evaluates to `null`.
extension A2UIEvaluator {
    mutating func evaluate(_ name: String, args: [(key: String, value: GeneratedContent)], depth: Int) -> GeneratedContent {
        var resolved: [String: GeneratedContent] = [:]
        for (key, value) in args where key != "values" {
            resolved[key] = resolve(value, depth: depth)
        }
        func arg(_ key: String) -> GeneratedContent { resolved[key] ?? GeneratedContent(kind: .null) }
        func string(_ text: String) -> GeneratedContent { GeneratedContent(kind: .string(text)) }
        func bool(_ flag: Bool) -> GeneratedContent { GeneratedContent(kind: .bool(flag)) }
        let checked = A2UILimits.defaultMaximumCheckedLength
        switch name {
        case "required":
            switch arg("value").kind {
            case .null: return bool(false)
            case .string(let text): return bool(!text.isEmpty)
            case .array(let elements): return bool(!elements.isEmpty)
            default: return bool(true)
            }
        case "regex":
            guard case .string(let pattern) = arg("pattern").kind, pattern.count <= 512 else {
                report(.invalidFunction, "regex needs a string pattern of at most 512 characters")
                return bool(false)
            }
            let text = Self.text(arg("value"))
            guard text.count <= checked else { return bool(false) }
            guard let expression = try? NSRegularExpression(pattern: pattern) else {
                report(.invalidFunction, "regex: the pattern \"\(pattern)\" is not a valid regular expression")
                return bool(false)
            }
            switch Self.matches(expression, text) {
            case .some(let matched): return bool(matched)
            case .none:
                report(.limitExceeded, "regex: matching \"\(pattern)\" took longer than \(Self.regexTimeLimit) seconds and was stopped (counted as not matching)")
                return bool(false)
            }
        case "length":
            let count = Self.text(arg("value")).count
            let minimum = Self.number(arg("min")) ?? 0
            let maximum = Self.number(arg("max")) ?? .infinity
            return bool(Double(count) >= minimum && Double(count) <= maximum)
        case "numeric":
            guard let value = Self.number(arg("value")) else { return bool(false) }
            return bool(value >= (Self.number(arg("min")) ?? -.infinity) && value <= (Self.number(arg("max")) ?? .infinity))
        case "email":
            let text = Self.text(arg("value"))
            return bool(text.count <= checked && Self.isEmail(text))
        case "and", "or":
            guard let values = args.first(where: { $0.key == "values" })?.value.elements else {
                report(.invalidFunction, "\(name) needs an array \"values\"")
                return bool(false)
            }
            var flags: [Bool] = []
            for value in values { flags.append(Self.truth(resolve(value, depth: depth))) }
            return bool(name == "and" ? flags.allSatisfy { $0 } : flags.contains(true))
        case "not":
            return bool(!Self.truth(arg("value")))
        case "formatString":
            return string(interpolate(Self.text(arg("value")), depth: depth))
        case "formatNumber":
            guard let value = Self.number(arg("value")) else { return string("") }
            return string(Self.formatNumber(value, decimals: Self.number(arg("decimals")), grouping: resolved["grouping"].map(Self.truth) ?? true))
        case "formatCurrency":
            guard let value = Self.number(arg("value")) else { return string("") }
            let code = Self.text(arg("currency")).uppercased()
            return string(Self.formatCurrency(value, code: code, decimals: Self.number(arg("decimals")), grouping: resolved["grouping"].map(Self.truth) ?? true))
        case "formatDate":
            guard let date = Self.date(arg("value")) else {
                report(.invalidFunction, "formatDate: \"\(Self.text(arg("value")))\" is not an ISO 8601 date or a number of milliseconds")
                return string(Self.text(arg("value")))
            }
            let format = Self.text(arg("format"))
            return string(Self.formatDate(date, format: format.isEmpty ? "yyyy-MM-dd HH:mm" : format))
        case "pluralize":
            let value = Self.number(arg("value")) ?? 0
            let category: String = value == 0 && resolved["zero"] != nil ? "zero" : value == 1 ? "one" : value == 2 && resolved["two"] != nil ? "two" : "other"
            let chosen = resolved[category] ?? resolved["other"] ?? GeneratedContent(kind: .null)
            return string(Self.text(chosen))
        case "openUrl":
            return GeneratedContent(kind: .null)
        default:
            report(.invalidFunction, "\"\(name)\" is not a function of the basic catalog")
            return GeneratedContent(kind: .null)
        }
    }

    /// How long one `regex` check may run (a pattern with nested quantifiers can take exponential time): 0.1 s.
    public static let regexTimeLimit = 0.1

    /// Whether `expression` matches somewhere in `text`, or `nil` when matching ran past ``regexTimeLimit`` and was
    /// stopped (the engine reports progress during a long match, and the deadline is checked there).
    static func matches(_ expression: NSRegularExpression, _ text: String) -> Bool? {
        let deadline = Date().addingTimeInterval(regexTimeLimit)
        var found = false
        var timedOut = false
        expression.enumerateMatches(in: text, options: [.reportProgress], range: NSRange(text.startIndex..., in: text)) { match, _, stop in
            if match != nil {
                found = true
                stop.pointee = true
            } else if Date() > deadline {
                timedOut = true
                stop.pointee = true
            }
        }
        return found ? true : timedOut ? nil : false
    }

    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last, !local.isEmpty,
            !text.contains(where: { $0.isWhitespace }), domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix(".")
        else { return false }
        return !domain.contains("..")
    }

    /// `value` with `decimals` places (default: 0 for whole numbers, else 2), `,` between thousands when grouping.
    public static func formatNumber(_ value: Double, decimals: Double?, grouping: Bool) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-∞" : "∞") }
        let places = decimals.map { Int(max(0, min(10, $0.rounded()))) } ?? (value == value.rounded() ? 0 : 2)
        let fixed = String(format: "%.\(places)f", abs(value))
        let pieces = fixed.split(separator: ".", maxSplits: 1)
        var whole = String(pieces.first ?? "0")
        if grouping, whole.count > 3 {
            var grouped = ""
            for (index, digit) in whole.reversed().enumerated() {
                if index > 0, index % 3 == 0 { grouped.append(",") }
                grouped.append(digit)
            }
            whole = String(grouped.reversed())
        }
        let negative = value < 0 && fixed.contains(where: { $0 != "0" && $0 != "." })
        return (negative ? "-" : "") + whole + (pieces.count > 1 ? "." + pieces[1] : "")
    }

    static let currencySymbols: [String: (String, Int)] = [
        "USD": ("$", 2), "EUR": ("€", 2), "GBP": ("£", 2), "JPY": ("¥", 0), "CNY": ("CN¥", 2), "INR": ("₹", 2),
        "CAD": ("CA$", 2), "AUD": ("A$", 2), "CHF": ("CHF ", 2), "KRW": ("₩", 0),
    ]

    /// `value` as an amount of `code` (ISO 4217): `$1,234.50`, `-€3.00`, `SEK 12.00` for codes without a symbol.
    public static func formatCurrency(_ value: Double, code: String, decimals: Double?, grouping: Bool) -> String {
        let (symbol, places) = currencySymbols[code] ?? ((code.isEmpty ? "" : code + " "), 2)
        let number = formatNumber(abs(value), decimals: decimals ?? Double(places), grouping: grouping)
        return (value < 0 ? "-" : "") + symbol + number
    }

    /// A date from an ISO 8601 string (date-time, with or without fractional seconds, or a plain date) or a
    /// number of milliseconds since 1970.
    static func date(_ value: GeneratedContent) -> Date? {
        switch value.kind {
        case .number(let milliseconds):
            guard milliseconds.isFinite, abs(milliseconds) < 1e15 else { return nil }
            return Date(timeIntervalSince1970: milliseconds / 1000)
        case .string(let text):
            guard text.count <= 64 else { return nil }
            let full = ISO8601DateFormatter()
            if let date = full.date(from: text) { return date }
            full.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let date = full.date(from: text) { return date }
            full.formatOptions = [.withFullDate]
            return full.date(from: text)
        default:
            return nil
        }
    }

    /// `date` formatted with a Unicode TR35 pattern, in English, in UTC.
    public static func formatDate(_ date: Date, format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = String(format.prefix(128))
        return formatter.string(from: date)
    }

    /// `template` with each `${…}` replaced: a path (`${/user/name}`, `${name}` relative to the item), or a call with
    /// named arguments (`${formatNumber(value:${/n}, decimals:2)}`); `\${` is a literal `${`.
    mutating func interpolate(_ template: String, depth: Int) -> String {
        var output = ""
        var characters = Substring(template)
        while let first = characters.first {
            if characters.hasPrefix("\\${") {
                output += "${"
                characters = characters.dropFirst(3)
            } else if characters.hasPrefix("${"), let end = Self.closingBrace(characters) {
                let inner = characters[characters.index(characters.startIndex, offsetBy: 2)..<end]
                output += Self.text(expression(String(inner), depth: depth + 1))
                characters = characters[characters.index(after: end)...]
            } else {
                output.append(first)
                characters = characters.dropFirst()
            }
        }
        return output
    }

    /// The index of the `}` closing the `${` at the start of `text`, counting nested `${`.
    static func closingBrace(_ text: Substring) -> Substring.Index? {
        var level = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "{" { level += 1 }
            if character == "}" {
                level -= 1
                if level == 0 { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }

    mutating func expression(_ text: String, depth: Int) -> GeneratedContent {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard depth < A2UILimits.defaultMaximumJSONDepth else { return GeneratedContent(kind: .null) }
        if trimmed.hasPrefix("${"), trimmed.hasSuffix("}") {
            return expression(String(trimmed.dropFirst(2).dropLast()), depth: depth + 1)
        }
        if trimmed.count >= 2, trimmed.hasPrefix("'"), trimmed.hasSuffix("'") {
            return GeneratedContent(kind: .string(String(trimmed.dropFirst().dropLast())))
        }
        if let number = Double(trimmed), number.isFinite { return GeneratedContent(kind: .number(number)) }
        if trimmed == "true" || trimmed == "false" { return GeneratedContent(kind: .bool(trimmed == "true")) }
        if let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") {
            let name = String(trimmed[..<open])
            let body = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
            var args: [(key: String, value: GeneratedContent)] = []
            for piece in Self.splitArguments(body) {
                guard let colon = piece.firstIndex(of: ":") else { continue }
                let key = piece[..<colon].trimmingCharacters(in: .whitespaces)
                args.append((key, expression(String(piece[piece.index(after: colon)...]), depth: depth + 1)))
            }
            if name == "now" { return GeneratedContent(kind: .string(ISO8601DateFormatter().string(from: Date()))) }
            return evaluate(name, args: args, depth: depth + 1)
        }
        return resolve(GeneratedContent(kind: .structure(properties: ["path": GeneratedContent(kind: .string(trimmed))], orderedKeys: ["path"])), depth: depth)
    }

    /// Top-level comma-separated pieces of an argument list (commas inside `${…}`, `(…)` or quotes do not split).
    static func splitArguments(_ body: Substring) -> [Substring] {
        var pieces: [Substring] = []
        var level = 0
        var quoted = false
        var start = body.startIndex
        var index = body.startIndex
        while index < body.endIndex {
            switch body[index] {
            case "'": quoted.toggle()
            case "{" where !quoted, "(" where !quoted: level += 1
            case "}" where !quoted, ")" where !quoted: level -= 1
            case "," where !quoted && level == 0:
                pieces.append(body[start..<index])
                start = body.index(after: index)
            default: break
            }
            index = body.index(after: index)
        }
        if start < body.endIndex { pieces.append(body[start...]) }
        return pieces
    }
}
