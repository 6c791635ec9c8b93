import Foundation
import GenUI

/// What the terminal can show: colour only on a TTY, and never when NO_COLOR is set.
package struct Terminal {
    /// Whether to emit ANSI colour.
    package let colour: Bool

    package init(environment: [String: String], forceOff: Bool = false) {
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        colour = !forceOff && !noColor && isatty(STDOUT_FILENO) == 1 && environment["TERM"] != "dumb"
    }

    package enum Style: String {
        case green = "32"
        case yellow = "33"
        case red = "31"
        case magenta = "35"
        case dim = "2"
        case bold = "1"
    }

    /// `text` in `style`; the colour code is added when it is printed (``Printer``), after `text` is sanitised.
    package func paint(_ text: String, _ style: Style) -> StyledText {
        StyledText(text, style)
    }
}

/// Pads text to a display width, counting East Asian wide characters and emoji as two columns
/// (``TerminalDisplayWidth``).
package enum DisplayWidth {
    package static func of(_ text: String) -> Int {
        TerminalDisplayWidth.of(text)
    }

    package static func pad(_ text: String, to width: Int) -> String {
        TerminalDisplayWidth.pad(text, to: width)
    }
}
