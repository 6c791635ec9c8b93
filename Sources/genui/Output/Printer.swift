import Foundation
import GenUI
import GenUIDoctor

/// Every byte the CLI writes to stdout or stderr goes through here, and everything that goes through here is made
/// terminal-safe first (``TerminalSafeText``): text from a server, a model or a file can never reach the terminal
/// as an escape sequence, whichever command prints it.
///
/// - Plain text (``out(_:)``, ``error(_:)``, ``note(_:)``): every control character except line breaks and tabs,
///   every escape sequence and bidirectional override is shown escaped (`\u{1B}`).
/// - Styled text (``out(_:colour:)``): each segment is sanitised, then its colour code is added.
/// - A rendered screen (``rendered(_:)``): the renderer sanitised every value and added its own colours; only
///   well-formed SGR colour codes survive.
/// - JSON (``json(_:)``): the encoder escapes C0 controls; DEL, C1 controls and bidirectional overrides are escaped
///   here as `\uXXXX`, which leaves the JSON value unchanged.
enum Printer {
    /// Writes `text` to stdout.
    static func out(_ text: String) {
        write(TerminalSafeText.sanitized(text, maximumLength: nil), to: .standardOutput)
    }

    /// Writes `text` and a line break to stdout.
    static func line(_ text: String) {
        out(text + "\n")
    }

    /// Writes styled text to stdout, coloured when `colour` is set.
    static func out(_ text: StyledText, colour: Bool) {
        write(text.rendered(colour: colour), to: .standardOutput)
    }

    /// Writes a screen rendered by the screen renderer to stdout.
    static func rendered(_ text: String) {
        write(TerminalSafeText.sanitized(text, maximumLength: nil, keepingStyles: true), to: .standardOutput)
    }

    /// Writes JSON text and a line break to stdout.
    static func json(_ text: String) {
        write(TerminalSafeText.escapingForJSON(text) + "\n", to: .standardOutput)
    }

    /// Writes a JSON document (or JSON lines) to stdout as it is, with the same escaping as ``json(_:)``.
    static func jsonDocument(_ text: String) {
        write(TerminalSafeText.escapingForJSON(text), to: .standardOutput)
    }

    /// Writes `text` and a line break to stderr.
    static func error(_ text: String) {
        write(TerminalSafeText.sanitized(text, maximumLength: nil) + "\n", to: .standardError)
    }

    /// Writes a progress line to stderr: `text` kept on one line, then `control` (genui's own cursor movement).
    static func status(_ text: String, control: String = "") {
        write(
            "\r" + TerminalSafeText.sanitized(text, lines: .singleLine, maximumLength: 200) + control,
            to: .standardError)
    }

    /// Clears a terminal's screen and homes the cursor on stdout (genui's own sequence, for `render --watch`).
    static func clearScreen() {
        write("\u{1B}[H\u{1B}[2J", to: .standardOutput)
    }

    /// Moves stdout's cursor up `lines` lines to the start of the first, and clears from there to the end of the
    /// screen (genui's own sequence: a live preview replaced by the next one or by the final screen).
    static func eraseLines(_ lines: Int) {
        write(lines > 0 ? "\u{1B}[\(lines)F\u{1B}[J" : "\r\u{1B}[J", to: .standardOutput)
    }

    /// Writes genui's own terminal control sequence to stderr (a line clear after a spinner).
    static func clearStatusLine() {
        write("\r\u{1B}[2K", to: .standardError)
    }

    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
