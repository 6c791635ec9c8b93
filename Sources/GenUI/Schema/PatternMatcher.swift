/// Matches strings against the regular expressions of `pattern` guides (whole-string match).
enum PatternMatcher {
    /// `true` when the whole of `value` matches `pattern`; an invalid pattern matches nothing.
    static func matches(_ value: String, pattern: String) -> Bool {
        var body = Substring(pattern)
        if body.hasPrefix("^") { body = body.dropFirst() }
        if body.hasSuffix("$") && !body.hasSuffix("\\$") { body = body.dropLast() }
        guard let regex = try? Regex(String(body)) else { return false }
        return (try? regex.wholeMatch(in: value)) != nil
    }
}
