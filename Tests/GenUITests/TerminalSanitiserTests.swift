import Foundation
import GenUI
import GenUITestSupport
import Testing

@Suite("Terminal-safe text", .tags(.unit))
struct TerminalSanitiserTests {
    /// OSC 52 (writes the clipboard), a CSI screen clear, the 8-bit CSI and OSC, and a right-to-left override.
    static let hostile =
        "a\u{1B}]52;c;SGVsbG8=\u{07}b\u{1B}[2Jc\u{9B}31md\u{9D}0;title\u{9C}e\u{202E}f\u{2066}g\u{7F}h\u{0}i"

    static func hasTerminalControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x09, 0x0A: false
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }

    @Test("escape sequences, C1 controls, DEL, NUL and bidi overrides are shown escaped, never passed through")
    func escapesEverythingUnsafe() {
        let safe = TerminalSafeText.sanitized(Self.hostile)
        #expect(!Self.hasTerminalControl(safe))
        #expect(safe.contains("\\u{1B}]52;c;SGVsbG8=\\u{7}b"), "the removed characters stay visible: \(safe)")
        #expect(safe.contains("\\u{9B}31m") && safe.contains("\\u{9D}0;title\\u{9C}"))
        #expect(safe.contains("\\u{202E}f\\u{2066}g\\u{7F}h\\u{0}i"))
        #expect(safe.hasPrefix("a") && safe.hasSuffix("i"))
    }

    @Test("the replacement-character style shows each unsafe character as U+FFFD")
    func replacementCharacter() {
        let safe = TerminalSafeText.sanitized("x\u{1B}[31my\u{202E}z", replacement: .replacementCharacter)
        #expect(safe == "x\u{FFFD}[31my\u{FFFD}z")
    }

    @Test("line breaks and tabs are kept, a carriage return before a line break is dropped, a lone one is escaped")
    func lineBreaks() {
        #expect(TerminalSafeText.sanitized("a\tb\nc\r\nd\re") == "a\tb\nc\nd\\u{D}e")
        #expect(TerminalSafeText.sanitized("a\tb\nc\r\nd", lines: .singleLine) == "a b c  d")
    }

    @Test("ordinary text, including wide characters, emoji and right-to-left scripts, is unchanged")
    func ordinaryTextUnchanged() {
        let text = "Café ☕️ 画面 — שלום, مرحبا · 43 % {provider} \\u{1B}"
        #expect(TerminalSafeText.sanitized(text) == text)
        #expect(!TerminalSafeText.containsUnsafe(text))
    }

    @Test("the length is bounded, with an ellipsis where the text was cut")
    func lengthBounded() {
        let long = String(repeating: "x", count: 10_000)
        let cut = TerminalSafeText.sanitized(long)
        #expect(cut.unicodeScalars.count == TerminalSafeText.defaultMaximumLength + 1)
        #expect(cut.hasSuffix("…"))
        #expect(TerminalSafeText.sanitized(long, maximumLength: nil) == long)
        let escapes = String(repeating: "\u{1B}", count: 10_000)
        #expect(TerminalSafeText.sanitized(escapes, maximumLength: 100).unicodeScalars.count <= 100 + 7)
    }

    @Test("keeping styles keeps only well-formed SGR colour codes; every other escape is still escaped")
    func keepingStyles() {
        let text = "\u{1B}[1;32mok\u{1B}[0m \u{1B}]52;c;SGVsbG8=\u{07} \u{1B}[2J \u{1B}[31"
        let safe = TerminalSafeText.sanitized(text, keepingStyles: true)
        #expect(safe == "\u{1B}[1;32mok\u{1B}[0m \\u{1B}]52;c;SGVsbG8=\\u{7} \\u{1B}[2J \\u{1B}[31")
    }

    @Test("JSON text keeps its value: unsafe characters become \\u escapes")
    func jsonEscaping() throws {
        let json = "{\"m\":\"a\u{9B}b\u{202E}c\u{7F}\"}"
        let escaped = TerminalSafeText.escapingForJSON(json)
        #expect(escaped == #"{"m":"a\u009bb\u202ec\u007f"}"#)
        #expect(!Self.hasTerminalControl(escaped))
        let parsed = try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8))
        #expect(parsed["m"] == "a\u{9B}b\u{202E}c\u{7F}")
    }

    @Test("the JSON writer the CLI uses escapes ESC and BEL as \\u001b and \\u0007; C1 and bidi are escaped after it")
    func jsonEncoderEscapesControls() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let encoded = String(decoding: try encoder.encode(["m": Self.hostile]), as: UTF8.self)
        #expect(encoded.contains(#"\u001b]52;c;SGVsbG8=\u0007"#), "\(encoded)")
        #expect(!encoded.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != " " })
        let printed = TerminalSafeText.escapingForJSON(encoded)
        #expect(!Self.hasTerminalControl(printed), "\(printed)")
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(printed.utf8))
        #expect(decoded["m"] == Self.hostile)
    }

    @Test("the unsafe set is exactly the C0 controls but tab and line feed, DEL, C1 and the bidi controls")
    func unsafeSet() {
        for value in UInt32(0)...0x2100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected =
                (value < 0x20 && value != 0x09 && value != 0x0A) || (0x7F...0x9F).contains(value)
                || [0x061C, 0x200E, 0x200F].contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            #expect(TerminalSafeText.isUnsafe(scalar) == expected, "U+\(String(value, radix: 16))")
        }
    }

    @Test(
        "the Arabic letter mark and the left-to-right and right-to-left marks are shown escaped like every bidi control"
    )
    func bidirectionalMarksAreEscaped() {
        let text = "price\u{200F} 10\u{200E}0\u{061C}$"
        let safe = TerminalSafeText.sanitized(text)
        #expect(!Self.hasTerminalControl(safe), "\(safe)")
        #expect(safe == "price\\u{200F} 10\\u{200E}0\\u{61C}$")
        let json = TerminalSafeText.escapingForJSON(#"{"m":"a\#u{200F}b"}"#)
        #expect(json == #"{"m":"a\u200fb"}"#)
    }
}
