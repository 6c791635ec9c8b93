/// Makes text that came from outside — a server's error body, a model's output, a name a server reports, a value
/// from a configuration file — safe to print on a terminal.
///
/// A terminal obeys control characters in the text it shows: `ESC ] 52 ; c ; … BEL` (OSC 52) writes the user's
/// clipboard, CSI sequences move the cursor and rewrite lines already printed, the 8-bit forms U+009B (CSI) and
/// U+009D (OSC) do the same on terminals that honour them, and bidirectional overrides make a line read differently
/// from the bytes it holds. This type is the one place that decides which characters are unsafe
/// (``isUnsafe(_:)``) and how they are shown instead, so every printer — the CLI's output, the diagnostics'
/// placeholder values, the screen renderer — applies the same rule.
///
/// Unsafe characters are not silently dropped: each is shown visibly, as an escape (`\u{1B}`) or as U+FFFD, so a
/// reader can see that the text held something. The rest of an escape sequence (`]52;c;…`) stays as inert text.
public enum TerminalSafeText {
    /// What happens to line breaks and tabs.
    public enum LineBreaks: Sendable, Hashable {
        /// `\n` and `\t` are kept (a `\r` directly before `\n` is dropped); every other control is replaced.
        case keep
        /// `\n`, `\r` and `\t` become spaces: the text stays on one line.
        case singleLine
    }

    /// How an unsafe character is shown.
    public enum Replacement: Sendable, Hashable {
        /// As a Swift-style escape naming its code point: `\u{1B}`, `\u{9B}`, `\u{202E}`.
        case escaped
        /// As U+FFFD (�).
        case replacementCharacter
    }

    /// The longest text ``sanitized(_:lines:replacement:maximumLength:keepingStyles:)`` returns by default, in
    /// Unicode scalars, before it is cut with "…".
    public static let defaultMaximumLength = 4096

    /// Whether `scalar` must not reach a terminal as it is: C0 controls except `\t` and `\n`, DEL, C1 controls
    /// (U+0080–U+009F, which include the 8-bit CSI and OSC), and every bidirectional formatting character: the
    /// Arabic letter mark (U+061C), the left-to-right and right-to-left marks (U+200E, U+200F), and the
    /// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether `text` holds any character ``isUnsafe(_:)`` rejects.
    public static func containsUnsafe(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isUnsafe)
    }

    /// `text` with every unsafe character shown as `replacement`, cut to `maximumLength` scalars (`nil`: no bound).
    ///
    /// With `keepingStyles`, a well-formed SGR sequence (`ESC [` digits and semicolons `m`, which only sets colours
    /// and weight) is kept: for output whose colour codes genui added itself after sanitising every value in it.
    public static func sanitized(
        _ text: String, lines: LineBreaks = .keep, replacement: Replacement = .escaped,
        maximumLength: Int? = defaultMaximumLength, keepingStyles: Bool = false
    ) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var length = 0
        var index = 0
        func append(_ piece: String) {
            result.append(contentsOf: piece.unicodeScalars)
            length += piece.unicodeScalars.count
        }
        while index < scalars.count {
            if let maximumLength, length >= maximumLength {
                result.append(contentsOf: "…".unicodeScalars)
                break
            }
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\n", "\t", "\r":
                if lines == .singleLine {
                    append(" ")
                } else if scalar == "\r" {
                    if index < scalars.count, scalars[index] == "\n" { continue }
                    append(shown(scalar, replacement))
                } else {
                    result.append(scalar)
                    length += 1
                }
            case "\u{1B}" where keepingStyles:
                if let end = styleSequenceEnd(scalars, from: index) {
                    result.append(contentsOf: scalars[(index - 1)..<end])
                    index = end
                } else {
                    append(shown(scalar, replacement))
                }
            default:
                if isUnsafe(scalar) {
                    append(shown(scalar, replacement))
                } else {
                    result.append(scalar)
                    length += 1
                }
            }
        }
        return String(result)
    }

    /// JSON text with every unsafe character that is not already escaped written as a `\uXXXX` escape, so printing
    /// it cannot drive a terminal. The result is the same JSON value: JSON writers emit such characters only
    /// inside strings, where the escape means the same character.
    public static func escapingForJSON(_ json: String) -> String {
        guard containsUnsafe(json) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if isUnsafe(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: false)
                result.append(
                    contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func shown(_ scalar: Unicode.Scalar, _ replacement: Replacement) -> String {
        switch replacement {
        case .escaped: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        case .replacementCharacter: "\u{FFFD}"
        }
    }

    /// Where an SGR sequence starting after the ESC at `start - 1` ends (the index after its `m`), or `nil` when the
    /// text there is not one.
    private static func styleSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start < scalars.count, scalars[start] == "[" else { return nil }
        var index = start + 1
        while index < scalars.count, index - start <= 32 {
            let scalar = scalars[index]
            if scalar == "m" { return index + 1 }
            guard ("0"..."9").contains(scalar) || scalar == ";" else { return nil }
            index += 1
        }
        return nil
    }
}
