import GenUI

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
    /// What is wrong and what to do, in plain English words.
    public var message: String
    /// The message's key in the diagnostics catalog (`screen.issue.*`), for printing it in the user's language.
    public var key: String
    /// The values of the message's placeholders.
    public var arguments: [String: Argument]
    /// The core's detail behind a schema issue or a JSON syntax error, when the issue came from one: for wording it
    /// from its code in the user's language (its English is ``message``, or inside it).
    public var detail: DecodingDetail?

    /// A value of a message's placeholder.
    public enum Argument: Sendable, Hashable {
        /// Data from the screen, shown as it is.
        case text(String)
        /// A count or a limit.
        case number(Int)
        /// A phrase of our own: the catalog key of the words ("screen.what.title").
        case phrase(String)
    }

    /// Creates an issue whose message is not from the catalog (shown as it is in every language).
    public init(path: String, code: Code, message: String) {
        self.init(path: path, code: code, message: message, key: "text.verbatim", arguments: ["text": .text(message)])
    }

    /// Creates an issue for the core's `detail` (a schema violation, a decoding failure), when there is one; its
    /// English is `message`, shown as it is when there is no detail.
    public init(path: String, code: Code, message: String, detail: DecodingDetail?) {
        self.init(path: path, code: code, message: message)
        self.detail = detail
    }

    /// Creates an issue with its English message and its catalog key and arguments.
    public init(path: String, code: Code, message: String, key: String, arguments: [String: Argument]) {
        self.path = path
        self.code = code
        self.message = message
        self.key = key
        self.arguments = arguments
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
