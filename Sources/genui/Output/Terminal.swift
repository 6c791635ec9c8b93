import Foundation

/// What the terminal can show: colour only on a TTY, and never when NO_COLOR is set.
struct Terminal {
    /// Whether to emit ANSI colour.
    let colour: Bool

    init(environment: [String: String], forceOff: Bool = false) {
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        colour = !forceOff && !noColor && isatty(STDOUT_FILENO) == 1 && environment["TERM"] != "dumb"
    }

    enum Style: String {
        case green = "32"
        case yellow = "33"
        case red = "31"
        case magenta = "35"
        case dim = "2"
        case bold = "1"
    }

    /// `text` in `style`; the colour code is added when it is printed (``Printer``), after `text` is sanitised.
    func paint(_ text: String, _ style: Style) -> StyledText {
        StyledText(text, style)
    }
}

/// Pads text to a display width, counting East Asian wide characters as two columns.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            let value = scalar.value
            let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
                || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
                || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
                || (0xFFE0...0xFFE6).contains(value)
            return width + (wide ? 2 : 1)
        }
    }

    static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text)))
    }
}
