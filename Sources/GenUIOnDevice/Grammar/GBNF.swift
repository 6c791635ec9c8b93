/// Spelling GBNF: literals, rule names and repetitions.
enum GBNF {
    /// `text` as a GBNF string literal (quotes, backslashes and control characters escaped).
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\x" + hex(scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A rule name made of the letters, digits and dashes of `hint`.
    static func ruleName(_ hint: String) -> String {
        var name = ""
        for character in hint {
            if character.isASCII && (character.isLetter || character.isNumber) {
                name.append(character)
            } else if !name.hasSuffix("-") {
                name.append("-")
            }
        }
        while name.hasSuffix("-") { name.removeLast() }
        return name.isEmpty ? "value" : String(name.prefix(48))
    }

    /// The repetition suffix for `minimum...maximum` occurrences: `?`, `{2}`, `{0,5}`, or nothing for exactly one.
    static func repetition(_ minimum: Int, _ maximum: Int) -> String {
        switch (minimum, maximum) {
        case (1, 1): ""
        case (0, 1): "?"
        case _ where minimum == maximum: "{\(minimum)}"
        default: "{\(minimum),\(maximum)}"
        }
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }
}
