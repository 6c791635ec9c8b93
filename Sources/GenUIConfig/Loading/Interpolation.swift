import GenUIDiagnostics

/// `${VAR}` and `${VAR:-default}` in configuration values.
///
/// `$$` is a literal `$`; a `$` not followed by `{` or `$` is kept as is. A variable that is unset (or empty) uses
/// its default; without a default it is reported as unresolved and replaced by an empty string.
///
/// Each expansion also has a form for display: a variable spliced into part of a value
/// (`https://gw/v1?key=${GW_KEY}`) is shown by name, never by value, because such a part is often a credential; a
/// variable that supplies the whole value (`${OLLAMA_HOST:-http://127.0.0.1:11434}`) is shown by value.
enum Interpolation {
    /// The outcome of expanding one value.
    struct Expansion {
        var value: String
        var unresolved: [String] = []
        var variablesRead: [String] = []
        /// The value as it may be shown: spliced-in variables by name (`${GW_KEY}`). Equal to `value` when nothing
        /// was spliced in.
        var display: String = ""
    }

    /// A syntax error: what is wrong and at which character offset (in Unicode scalars) of the value.
    struct SyntaxError: Error {
        var text: LocalizedText
        var offset: Int
        /// What is wrong, in English.
        var message: String { text.english }
    }

    static func expand(_ text: String, environment: [String: String]) throws(SyntaxError) -> Expansion {
        guard text.contains("$") else { return Expansion(value: text, display: text) }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var display = String.UnicodeScalarView()
        var expansion = Expansion(value: "")
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "$", index + 1 < scalars.count else {
                result.append(scalar)
                display.append(scalar)
                index += 1
                continue
            }
            let next = scalars[index + 1]
            if next == "$" {
                result.append("$")
                display.append("$")
                index += 2
                continue
            }
            guard next == "{" else {
                result.append(scalar)
                display.append(scalar)
                index += 1
                continue
            }
            let start = index
            guard let close = scalars[(index + 2)...].firstIndex(of: "}") else {
                throw SyntaxError(
                    text: LocalizedText(
                        "config.issue.unclosedVariable",
                        [
                            "open": .verbatim("${"), "example": .verbatim("${NAME}"),
                            "exampleWithDefault": .verbatim("${NAME:-default}"),
                        ]), offset: start)
            }
            let body = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
            let name: String
            let fallback: String?
            if let separator = body.range(of: ":-") {
                name = String(body[..<separator.lowerBound])
                fallback = String(body[separator.upperBound...])
            } else {
                name = body
                fallback = nil
            }
            guard isValidName(name) else {
                throw SyntaxError(
                    text: LocalizedText(
                        name.isEmpty ? "config.issue.emptyVariableName" : "config.issue.badVariableName",
                        [
                            "name": .verbatim(name), "reference": .verbatim("${\(body)}"),
                            "example": .verbatim("${NAME:-default}"),
                        ]),
                    offset: start)
            }
            if let fallback, fallback.contains("${") {
                throw SyntaxError(
                    text: LocalizedText("config.issue.nestedDefault", ["reference": .verbatim("${…}")]), offset: start)
            }
            expansion.variablesRead.append(name)
            let isWholeValue = start == 0 && close == scalars.count - 1
            if let value = environment[name], !value.isEmpty {
                result.append(contentsOf: value.unicodeScalars)
                display.append(contentsOf: (isWholeValue ? value : "${\(name)}").unicodeScalars)
            } else if let fallback {
                result.append(contentsOf: fallback.unicodeScalars)
                display.append(contentsOf: fallback.unicodeScalars)
            } else {
                display.append(contentsOf: "${\(name)}".unicodeScalars)
                expansion.unresolved.append(name)
            }
            index = close + 1
        }
        expansion.value = String(result)
        expansion.display = String(display)
        return expansion
    }

    /// Whether `name` is a valid environment variable name.
    static func isValidName(_ name: String) -> Bool {
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let first = name.unicodeScalars.first, first == "_" || isLetter(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || isLetter($0) || ("0"..."9").contains($0) }
    }
}
