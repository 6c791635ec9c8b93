import GenUI

/// Text helpers shared by the renderers: safe strings and terminal column widths.
enum DisplayText {
    /// `text` with control characters and bidirectional overrides replaced by U+FFFD, so data can never carry a
    /// terminal escape sequence or reorder the surrounding output. Tabs, carriage returns and (unless
    /// `keepNewlines`) line breaks become spaces. Which characters are unsafe is decided by ``TerminalSafeText``,
    /// the rule every printer of genui shares.
    static func sanitized(_ text: String, keepNewlines: Bool = false) -> String {
        var spaced = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" || scalar == "\r" || (scalar == "\n" && !keepNewlines) {
                spaced.append(" ")
            } else {
                spaced.append(scalar)
            }
        }
        return TerminalSafeText.sanitized(
            String(spaced), lines: .keep, replacement: .replacementCharacter, maximumLength: nil)
    }

    /// The number of terminal columns `text` takes: wide East Asian characters and emoji count two, combining marks
    /// and zero-width characters none.
    static func width(_ text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count > 1
            && character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F })
        {
            return 2
        }
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark
            || first.value == 0x200B || first.value == 0x200D || first.value == 0xFEFF
        {
            return 0
        }
        if first.properties.isEmojiPresentation { return 2 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// `text` cut to at most `columns` columns, ending in "…" when cut.
    static func fitted(_ text: String, to columns: Int) -> String {
        guard width(text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = width(of: character)
            if used + w > columns - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    /// `text` wrapped to lines of at most `columns` columns, breaking at spaces (long words are split).
    static func wrapped(_ text: String, to columns: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            while width(word) > columns {
                if !line.isEmpty {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                var head = ""
                var used = 0
                var rest = Substring(word)
                while let next = rest.first, used + width(of: next) <= columns {
                    head.append(next)
                    used += width(of: next)
                    rest = rest.dropFirst()
                }
                lines.append(head)
                word = String(rest)
            }
            let w = width(word)
            if word.isEmpty { continue }
            if lineWidth == 0 {
                line = word
                lineWidth = w
            } else if lineWidth + 1 + w <= columns {
                line += " " + word
                lineWidth += 1 + w
            } else {
                lines.append(line)
                line = word
                lineWidth = w
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
