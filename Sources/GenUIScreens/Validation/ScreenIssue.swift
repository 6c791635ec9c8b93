/// One way a screen breaks the rules: where (`sections[1].components[3].label`), what, and a stable code.
public struct ScreenIssue: Sendable, Hashable, CustomStringConvertible {
    /// Stable identifiers for the kinds of issue.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// A string that is empty or only whitespace.
        case blank
        /// A string longer than its limit.
        case tooLong
        /// An array with too few or too many elements.
        case count
        /// Two sections with the same title.
        case duplicateTitle
        /// More components on the screen than the limit.
        case tooManyComponents
        /// A section that holds nothing but dividers.
        case noContent
        /// A string with control characters (escape sequences, NUL) that could disturb a terminal or a page.
        case controlCharacters
        /// Content that does not follow the schema (a wrong type, a missing property, an unknown component).
        case schema
    }

    /// Where, as a property path: `title`, `sections[1].components[3].label`.
    public var path: String
    /// The kind of issue.
    public var code: Code
    /// What is wrong and what to do, in plain words.
    public var message: String

    /// Creates an issue.
    public init(path: String, code: Code, message: String) {
        self.path = path
        self.code = code
        self.message = message
    }

    public var description: String { "\(path.isEmpty ? "screen" : path): \(message)" }
}

/// A screen that did not validate; carries every issue found, in document order.
public struct ScreenValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The issues, first one first.
    public var issues: [ScreenIssue]

    /// Creates the error.
    public init(issues: [ScreenIssue]) { self.issues = issues }

    public var description: String {
        let shown = issues.prefix(5).map { "  \($0)" }.joined(separator: "\n")
        let more = issues.count > 5 ? "\n  … and \(issues.count - 5) more" : ""
        return "the screen is invalid (\(issues.count) issue\(issues.count == 1 ? "" : "s")):\n\(shown)\(more)"
    }
}

/// Builds the property paths issues use.
enum ScreenPath {
    static func section(_ index: Int) -> String { "sections[\(index)]" }
    static func component(_ section: Int, _ index: Int) -> String { "sections[\(section)].components[\(index)]" }

    /// A JSON pointer (`/sections/1/components/3`) as a property path (`sections[1].components[3]`).
    static func fromPointer(_ pointer: String) -> String {
        var path = ""
        for token in pointer.split(separator: "/", omittingEmptySubsequences: true) {
            let name = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let index = Int(name), index >= 0 {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? name : ".\(name)"
            }
        }
        return path
    }
}
