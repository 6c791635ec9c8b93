import Foundation
import GenUI

/// The basic catalog's functions: `formatString`, `formatNumber`, `formatCurrency`, `formatDate`, `pluralize`, the
/// checks `required`, `regex`, `length`, `numeric`, `email`, and `and`, `or`, `not`.
///
/// Formatting follows English (`en`) conventions: `,` groups thousands and `.` separates decimals. `openUrl` is a
/// client-side action; it is never run while rendering and evaluates to `null`.
extension A2UIEvaluator {
    mutating func evaluate(_ name: String, args: [(key: String, value: GeneratedContent)], depth: Int)
        -> GeneratedContent
    {
        var resolved: [String: GeneratedContent] = [:]
        for (key, value) in args where key != "values" {
            resolved[key] = resolve(value, depth: depth)
        }
        func arg(_ key: String) -> GeneratedContent { resolved[key] ?? GeneratedContent(kind: .null) }
        func string(_ text: String) -> GeneratedContent { GeneratedContent(kind: .string(text)) }
        func bool(_ flag: Bool) -> GeneratedContent { GeneratedContent(kind: .bool(flag)) }
        /// The argument as text, its bytes paid for; `nil` when the budget is used up.
        func text(_ key: String) -> String? {
            let text = Self.text(arg(key))
            return spend(bytes: text.utf8.count) ? text : nil
        }
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
            guard case .string(let pattern) = arg("pattern").kind, pattern.utf8.count <= 2_048, pattern.count <= 512
            else {
                report(.invalidFunction, "regexPattern", ["limit": "512"])
                return bool(false)
            }
            let text = Self.text(arg("value"), limit: checked * 4 + 1)
            guard text.utf8.count <= checked * 4, text.count <= checked else { return bool(false) }
            guard spend(bytes: text.utf8.count + pattern.utf8.count * 16) else { return bool(false) }
            guard let expression = try? NSRegularExpression(pattern: pattern) else {
                report(.invalidFunction, "regexInvalid", ["pattern": A2UISize.clipped(pattern)])
                return bool(false)
            }
            switch Self.matches(expression, text, budget: &budget) {
            case .matched(let matched): return bool(matched)
            case .outOfBudget:
                _ = spend(budget.remaining + 1)
                return bool(false)
            case .timedOut:
                report(
                    .limitExceeded, "regexTimeout",
                    ["pattern": A2UISize.clipped(pattern), "seconds": String(Self.regexTimeLimit)])
                return bool(false)
            }
        case "length":
            guard let text = text("value") else { return bool(false) }
            let count = text.count
            let minimum = Self.number(arg("min")) ?? 0
            let maximum = Self.number(arg("max")) ?? .infinity
            return bool(Double(count) >= minimum && Double(count) <= maximum)
        case "numeric":
            guard let value = Self.number(arg("value")) else { return bool(false) }
            return bool(
                value >= (Self.number(arg("min")) ?? -.infinity) && value <= (Self.number(arg("max")) ?? .infinity))
        case "email":
            let text = Self.text(arg("value"), limit: checked * 4 + 1)
            guard text.utf8.count <= checked * 4, spend(bytes: text.utf8.count) else { return bool(false) }
            return bool(text.count <= checked && Self.isEmail(text))
        case "and", "or":
            guard let values = args.first(where: { $0.key == "values" })?.value.elements else {
                report(.invalidFunction, "needsValues", ["function": name])
                return bool(false)
            }
            // Short-circuit: `and` stops at the first false value, `or` at the first true one.
            let decisive = name == "or"
            for value in values where Self.truth(resolve(value, depth: depth)) == decisive {
                return bool(decisive)
            }
            return bool(!decisive)
        case "not":
            return bool(!Self.truth(arg("value")))
        case "formatString":
            guard let template = text("value") else { return string("") }
            return string(interpolate(template, depth: depth))
        case "formatNumber":
            guard let value = Self.number(arg("value")) else { return string("") }
            return string(
                Self.formatNumber(
                    value, decimals: Self.number(arg("decimals")),
                    grouping: resolved["grouping"].map(Self.truth) ?? true))
        case "formatCurrency":
            guard let value = Self.number(arg("value")) else { return string("") }
            let code = String(Self.text(arg("currency"), limit: 16).prefix(8)).uppercased()
            return string(
                Self.formatCurrency(
                    value, code: code, decimals: Self.number(arg("decimals")),
                    grouping: resolved["grouping"].map(Self.truth) ?? true))
        case "formatDate":
            guard let date = Self.date(arg("value")) else {
                let shown = Self.text(arg("value"), limit: 256)
                report(.invalidFunction, "unreadableDate", ["found": A2UISize.clipped(shown)])
                return string(shown)
            }
            let format = Self.text(arg("format"), limit: 512)
            return string(Self.formatDate(date, format: format.isEmpty ? "yyyy-MM-dd HH:mm" : format))
        case "pluralize":
            let value = Self.number(arg("value")) ?? 0
            let category: String =
                value == 0 && resolved["zero"] != nil
                ? "zero" : value == 1 ? "one" : value == 2 && resolved["two"] != nil ? "two" : "other"
            let chosen = resolved[category] ?? resolved["other"] ?? GeneratedContent(kind: .null)
            let text = Self.text(chosen)
            return spend(bytes: text.utf8.count) ? string(text) : string("")
        case "openUrl":
            return GeneratedContent(kind: .null)
        case "@index":
            // v1.0: the index of the List template item being rendered (its scope's last token), plus `offset`.
            guard let scope, let index = Int(A2UIDataModel.tokens(scope).last ?? "") else {
                report(.invalidFunction, "indexOutsideTemplate")
                return GeneratedContent(kind: .null)
            }
            return GeneratedContent(kind: .number(Double(index) + (Self.number(arg("offset")) ?? 0)))
        default:
            report(.invalidFunction, "notAFunction", ["function": A2UISize.clipped(name)])
            return GeneratedContent(kind: .null)
        }
    }

    /// How long one `regex` check may run (a pattern with nested quantifiers can take exponential time): 0.1 s.
    public static let regexTimeLimit = 0.1

    /// How a bounded match ended.
    enum RegexOutcome: Equatable {
        /// The match ran to its end: whether it found something.
        case matched(Bool)
        /// The evaluation budget ran out while matching.
        case outOfBudget
        /// Matching ran past ``regexTimeLimit`` (a safety net behind the budget).
        case timedOut
    }

    /// Whether `expression` matches somewhere in `text`, its work paid for from `budget`.
    ///
    /// The engine reports progress once per start position it tries and every few thousand steps of backtracking.
    /// The first `text.utf16.count + 1` reports of a call cost one unit each (a plain scan of the text); each report
    /// past them is backtracking and costs ``A2UIEvaluationBudget/unitsPerRegexProgress``. Matching stops when the
    /// budget runs out; as safety nets, one call also stops after ``regexTimeLimit`` and all the calls of one
    /// budget (one rendering) after ``A2UIEvaluationBudget/regexTimeCeiling`` in total.
    static func matches(_ expression: NSRegularExpression, _ text: String, budget: inout A2UIEvaluationBudget)
        -> RegexOutcome
    {
        let started = Date()
        let allowed = min(regexTimeLimit, budget.regexTimeLeft)
        guard allowed > 0 else { return .outOfBudget }
        let deadline = started.addingTimeInterval(allowed)
        let scan = text.utf16.count + 1
        var reports = 0
        var found = false
        var outcome: RegexOutcome?
        var spent = budget
        expression.enumerateMatches(in: text, options: [.reportProgress], range: NSRange(text.startIndex..., in: text))
        { match, _, stop in
            if match != nil {
                found = true
                stop.pointee = true
                return
            }
            reports += 1
            if !spent.charge(reports <= scan ? 1 : A2UIEvaluationBudget.unitsPerRegexProgress) {
                outcome = .outOfBudget
                stop.pointee = true
            } else if Date() > deadline {
                outcome = allowed < regexTimeLimit ? .outOfBudget : .timedOut
                stop.pointee = true
            }
        }
        spent.regexSeconds += Date().timeIntervalSince(started)
        budget = spent
        return outcome ?? .matched(found)
    }

    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last, !local.isEmpty,
            !text.contains(where: { $0.isWhitespace }), domain.contains("."), !domain.hasPrefix("."),
            !domain.hasSuffix(".")
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
            guard text.utf8.count <= 256, text.count <= 64 else { return nil }
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
    ///
    /// Linear in the template: the braces are paired in one pass first, so a template full of unclosed `${` is not
    /// rescanned from each of them; the text built is paid for from the budget and stops at
    /// ``A2UIEvaluationBudget/maximumTextBytes``.
    mutating func interpolate(_ template: String, depth: Int) -> String {
        let closing = Self.closingBraces(template)
        var output = ""
        var index = template.startIndex
        let end = template.endIndex
        while index < end, output.utf8.count < A2UIEvaluationBudget.maximumTextBytes {
            let rest = template[index...]
            if rest.hasPrefix("\\${") {
                output += "${"
                index = template.index(index, offsetBy: 3)
            } else if rest.hasPrefix("${"), let close = closing[template.index(after: index)] {
                let inner = template[template.index(index, offsetBy: 2)..<close]
                let value = Self.text(expression(String(inner), depth: depth + 1))
                guard spend(bytes: value.utf8.count) else { break }
                output += value
                index = template.index(after: close)
            } else {
                output.append(template[index])
                index = template.index(after: index)
            }
        }
        return A2UISize.prefix(output, bytes: A2UIEvaluationBudget.maximumTextBytes)
    }

    /// For each `{` of `text` that is closed, the index of its `}` (nested braces pair inside out), found in one pass.
    static func closingBraces(_ text: String) -> [String.Index: String.Index] {
        var pairs: [String.Index: String.Index] = [:]
        var open: [String.Index] = []
        var index = text.startIndex
        while index < text.endIndex {
            switch text[index] {
            case "{": open.append(index)
            case "}": if let start = open.popLast() { pairs[start] = index }
            default: break
            }
            index = text.index(after: index)
        }
        return pairs
    }

    mutating func expression(_ text: String, depth: Int) -> GeneratedContent {
        guard depth < A2UILimits.defaultMaximumJSONDepth, spend(bytes: text.utf8.count) else {
            return GeneratedContent(kind: .null)
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
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
            guard spend(A2UIEvaluationBudget.unitsPerCall) else { return GeneratedContent(kind: .null) }
            return evaluate(name, args: args, depth: depth + 1)
        }
        return resolve(
            GeneratedContent(
                kind: .structure(properties: ["path": GeneratedContent(kind: .string(trimmed))], orderedKeys: ["path"])),
            depth: depth)
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
