import Foundation

/// Escapes text for HTML. The same escaping is safe in element content and in double- or single-quoted attribute
/// values: `&`, `<`, `>`, `"`, `'`, the backtick and `=` become character references (so no `name=` pair from the data
/// ever appears, even as text), and the characters `TerminalSafeText` escapes (controls, bidi overrides; not allowed or
/// not wanted in HTML) and noncharacters become U+FFFD. genui's screens and A2UI surfaces are escaped by it.
public enum HTMLEscaping {
    /// `text` escaped for an attribute value: like ``escape(_:)``, and `:` becomes a character reference too, so
    /// no attribute value ever reads as a `javascript:` URL, even to a naive scanner.
    public static func escapeAttribute(_ text: String) -> String {
        escape(text).replacingOccurrences(of: ":", with: "&#58;")
    }

    /// `text` escaped for element content or a quoted attribute value.
    public static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "`": output += "&#96;"
            case "=": output += "&#61;"
            case "\n", "\t": output.unicodeScalars.append(scalar)
            case "\r": output += " "
            default:
                if TerminalSafeText.isUnsafe(scalar) || (0xFDD0...0xFDEF).contains(scalar.value)
                    || scalar.value & 0xFFFE == 0xFFFE
                {
                    output += "\u{FFFD}"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }
}
