/// The pseudo-locale `en-XA`: every catalog text made visibly "translated" without being translated, so a line that
/// bypasses the catalog stands out in the output.
///
/// Each English template is accented letter by letter (`a` → `á`, `T` → `Ţ`: every ASCII letter becomes a non-ASCII
/// one), lengthened by about 30 % (translations run longer than English) and bracketed `⟦…⟧`. Placeholders
/// (`{provider}`) are left untouched, so the values filled in — names, paths, numbers — read as they are.
public enum PseudoLocale {
    /// The opening bracket of a pseudo-localized text.
    public static let open: Character = "⟦"
    /// The closing bracket of a pseudo-localized text.
    public static let close: Character = "⟧"

    /// `template` pseudo-localized: accented, lengthened, bracketed; placeholders kept.
    public static func transform(_ template: String) -> String {
        var result = String(open)
        var letters = 0
        let characters = Array(template)
        var index = 0
        while index < characters.count {
            if let end = placeholderEnd(in: characters, from: index) {
                result += String(characters[index...end])
                index = end + 1
                continue
            }
            if characters[index].isLetter { letters += 1 }
            result += accented(characters[index])
            index += 1
        }
        // About 30 % longer, rounded up, for layouts to show where longer translations will not fit.
        let padding = (letters * 3 + 9) / 10
        if padding > 0 { result += " " + String(repeating: "·", count: padding) }
        result.append(close)
        return result
    }

    /// The index of the `}` closing a placeholder (`{name}`: letters, digits, `_`) that opens at `start`.
    private static func placeholderEnd(in characters: [Character], from start: Int) -> Int? {
        guard characters[start] == "{" else { return nil }
        var index = start + 1
        while index < characters.count, characters[index].isASCII,
            characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
        {
            index += 1
        }
        guard index > start + 1, index < characters.count, characters[index] == "}" else { return nil }
        return index
    }

    /// `text` with every ASCII letter replaced by an accented look-alike (no brackets, no lengthening): for units
    /// and other short words the formatter writes.
    public static func accent(_ text: String) -> String {
        text.map(accented).joined()
    }

    private static func accented(_ character: Character) -> String {
        guard let ascii = character.asciiValue else { return String(character) }
        switch ascii {
        case 0x61...0x7A: return lower[Int(ascii - 0x61)]
        case 0x41...0x5A: return upper[Int(ascii - 0x41)]
        default: return String(character)
        }
    }

    private static let lower = [
        "á", "ƀ", "ç", "đ", "é", "ƒ", "ĝ", "ĥ", "í", "ĵ", "ķ", "ĺ", "ḿ", "ñ", "ó", "þ", "ʠ", "ŕ",
        "š", "ţ", "ú", "ṽ", "ŵ", "ẋ", "ý", "ž",
    ]
    private static let upper = [
        "Á", "Ɓ", "Ç", "Đ", "É", "Ƒ", "Ĝ", "Ĥ", "Í", "Ĵ", "Ķ", "Ĺ", "Ḿ", "Ñ", "Ó", "Þ", "Ǫ", "Ŕ",
        "Š", "Ţ", "Ú", "Ṽ", "Ŵ", "Ẋ", "Ý", "Ž",
    ]
}
