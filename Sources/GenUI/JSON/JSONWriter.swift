/// Writes ``GeneratedContent`` as compact JSON, object keys in their generated order.
public enum JSONWriter {
    /// The value as compact JSON.
    public static func write(_ content: GeneratedContent) -> String {
        var output = ""
        write(content, into: &output)
        return output
    }

    /// A JSON number: integers without a fraction, others in Swift's shortest round-tripping form.
    public static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number.rounded() == number && abs(number) < 1e15 {
            return String(Int64(number))
        }
        return "\(number)"
    }

    /// A JSON string literal for `text`, quoted and escaped.
    public static func quote(_ text: String) -> String {
        var output = ""
        writeString(text, into: &output)
        return output
    }

    private static func write(_ content: GeneratedContent, into output: inout String) {
        switch content.kind {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += format(value)
        case .string(let value): writeString(value, into: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                write(element, into: &output)
            }
            output += "]"
        case .structure(let properties, let keys):
            output += "{"
            var first = true
            for key in keys {
                guard let value = properties[key] else { continue }
                if !first { output += "," }
                first = false
                writeString(key, into: &output)
                output += ":"
                write(value, into: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
