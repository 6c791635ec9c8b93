import GenUI
import GenUIDiagnostics
import GenUIScreens

/// A screen's validation issues in the user's language (their catalog keys, `screen.*`).
enum ScreenIssueText {
    /// The most issues listed; the rest are counted.
    static let shownIssues = 5

    /// "`source`: the screen is invalid (N issues):" and one line per issue, the first few.
    static func lines(for error: ScreenValidationError, source: String, diagnostics: Diagnostics) -> [String] {
        var lines = [diagnostics.text("screen.invalid", ["source": source, "count": "\(error.issues.count)"])]
        lines += error.issues.prefix(shownIssues).map { "  " + describe($0, diagnostics) }
        if error.issues.count > shownIssues {
            lines.append("  " + diagnostics.text("screen.more", ["count": "\(error.issues.count - shownIssues)"]))
        }
        return lines
    }

    /// "the screen is invalid (N issues):" and the first few issues on indented lines: what a request's decoding
    /// failure says when the composed screen stayed invalid after repair.
    static func summary(of error: ScreenValidationError, diagnostics: Diagnostics) -> String {
        var lines = [diagnostics.text("screen.invalidSummary", ["count": "\(error.issues.count)"])]
        lines += error.issues.prefix(shownIssues).map { "  " + describe($0, diagnostics) }
        if error.issues.count > shownIssues {
            lines.append("  " + diagnostics.text("screen.more", ["count": "\(error.issues.count - shownIssues)"]))
        }
        return lines.joined(separator: "\n")
    }

    /// `path: message`, the path of the whole screen named in words.
    static func describe(_ issue: ScreenIssue, _ diagnostics: Diagnostics) -> String {
        let path = issue.path.isEmpty ? diagnostics.text("screen.path.root") : issue.path
        return "\(path): " + diagnostics.text(text(of: issue))
    }

    /// `path: action` for one repair, in the user's language.
    static func describe(_ repair: ScreenRepair, _ diagnostics: Diagnostics) -> String {
        let path = repair.path.isEmpty ? diagnostics.text("screen.path.root") : repair.path
        return "\(path): " + diagnostics.text(text(repair.key, repair.arguments))
    }

    /// The issue's message as a catalog message. A schema issue or a JSON syntax error worded from the core's
    /// detail it carries; without one (an error from elsewhere), read back from its English
    /// (``LocalizedText/decoding(_:)``).
    static func text(of issue: ScreenIssue) -> LocalizedText {
        if let detail = issue.detail { return LocalizedText(detail) }
        if issue.code == .schema, issue.key == "text.verbatim" { return .decoding(issue.message) }
        if issue.key == "screen.issue.notJSON", case .text(let detail)? = issue.arguments["detail"] {
            // The parser's own words already say "invalid JSON at line …, column …".
            if let parsed = DecodingDetail(parsing: detail) { return LocalizedText(parsed) }
            return LocalizedText(issue.key, ["detail": .phrase(.decoding(detail))])
        }
        return text(issue.key, issue.arguments)
    }

    private static func text(_ key: String, _ arguments: [String: ScreenIssue.Argument]) -> LocalizedText {
        LocalizedText(
            key,
            arguments.mapValues { argument in
                switch argument {
                case .text(let value): .verbatim(value)
                case .number(let value): .integer(value)
                case .phrase(let key): .phrase(LocalizedText(key))
                }
            })
    }
}
