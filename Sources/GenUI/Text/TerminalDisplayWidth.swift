/// How many terminal columns text takes: East Asian wide and fullwidth characters and emoji take two, combining
/// marks and zero-width characters none, everything else one. Counted per grapheme cluster, so an emoji sequence
/// joined with ZWJ, a flag or a letter with its accents is one character of width 1 or 2.
public enum TerminalDisplayWidth {
    /// The columns `text` takes.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// The columns one character (grapheme cluster) takes: 0, 1 or 2.
    public static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: { $0.properties.isEmojiPresentation })
            || scalars.contains("\u{FE0F}") && first.properties.isEmoji
        {
            return 2
        }
        if isWide(first) { return 2 }
        if isZeroWidth(first) { return 0 }
        return 1
    }

    /// The longest start of `text` that fits in `columns`.
    public static func prefix(_ text: Substring, columns: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let taken = width(of: text[index])
            guard used + taken <= columns else { break }
            used += taken
            end = text.index(after: index)
        }
        return text[..<end]
    }

    /// `text` followed by spaces up to `columns` (unchanged when it is already as wide).
    public static func pad(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - of(text)))
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode's EastAsianWidth.txt, merged.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
            0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// Combining marks, format characters (ZWJ, ZWNJ, bidirectional marks) and other characters that take no column.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: true
        default: scalar.value == 0x200B
        }
    }
}
