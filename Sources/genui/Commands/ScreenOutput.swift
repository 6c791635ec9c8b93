import ArgumentParser
import Foundation
import GenUIDoctor
import GenUIScreens

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The formats a screen can be written in.
enum ScreenOutputFormat: String, CaseIterable, ExpressibleByArgument {
    /// Boxed text for a terminal.
    case text
    /// The screen's JSON (what `genui render` reads).
    case json
    /// One self-contained HTML page.
    case html
    /// A2UI v0.9 messages, one JSON object per line.
    case a2ui

    /// Whether the format is JSON text (`json`, and `a2ui`'s JSON lines), which stdout carries with JSON's escapes.
    var isJSON: Bool { self == .json || self == .a2ui }

    /// Renders `screen`; an HTML page's `lang` is `language` (a BCP 47 tag). The JSON lists `placeholders` (JSON
    /// pointers of the values an app fills in).
    func render(_ screen: UIScreen, placeholders: [String] = [], colors: Bool, width: Int, language: String) -> String {
        switch self {
        case .text: TerminalRenderer(options: .init(colors: colors, width: width)).render(screen)
        case .json: ScreenDocument.json(screen, placeholders: placeholders)
        case .html: HTMLRenderer(language: language).render(screen)
        case .a2ui: A2UIRenderer().render(screen)
        }
    }
}

/// When to colour terminal output.
enum ColorChoice: String, CaseIterable, ExpressibleByArgument {
    /// When stdout is a terminal and `NO_COLOR` is not set.
    case auto
    /// Always.
    case always
    /// Never.
    case never
}

/// The exit statuses `generate` and `render` end with, by the names those commands use (``ExitStatus`` holds the
/// one table every command shares).
enum ScreenExitCode {
    /// A model or provider error: nothing could compose the screen.
    static let generationFailed = ExitStatus.cannotServe
    /// The screen (generated or read) is invalid and could not be repaired.
    static let invalidScreen = ExitStatus.invalidScreen
    /// A file could not be read or written.
    static let fileError = ExitStatus.fileError
    /// Bad arguments (ArgumentParser's usage exit code).
    static let usage = ExitStatus.usage
}

/// Terminal facts and output for the screen commands.
enum Console {
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Whether colours are wanted on stdout.
    static func wantsColor(_ choice: ColorChoice, writingToFile: Bool) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            let environment = ProcessInfo.processInfo.environment
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return !writingToFile && isTerminal(STDOUT_FILENO)
        }
    }

    /// The width to render text at: the terminal's (capped at 100) or 64.
    static func textWidth() -> Int {
        var size = winsize()
        if isTerminal(STDOUT_FILENO), ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 24 {
            return min(Int(size.ws_col), 100)
        }
        return 64
    }

    /// The terminal's height in rows, when stdout is a terminal that says.
    static func textHeight() -> Int? {
        var size = winsize()
        guard isTerminal(STDOUT_FILENO), ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else {
            return nil
        }
        return Int(size.ws_row)
    }

    /// Writes an error message to stderr, made terminal-safe (``Printer``).
    static func error(_ message: String) {
        Printer.error("genui: " + message)
    }

    /// Writes a note (the route, a remediation) to stderr, made terminal-safe (``Printer``).
    static func note(_ message: String) {
        Printer.error(message)
    }

    /// Writes a rendered screen to stdout: only the renderer's own colour codes survive (``Printer/rendered(_:)``).
    static func out(_ text: String) {
        Printer.rendered(text)
    }
}

/// A file that could not be read or written.
struct FileFailure: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path): \(reason)" }
}

/// A spinner on stderr while the model works; only on a terminal, never on stdout.
struct ProgressSpinner {
    private let task: Task<Void, Never>?

    /// Starts spinning when stderr is a terminal.
    init(message: String) {
        guard Console.isTerminal(STDERR_FILENO) else {
            task = nil
            return
        }
        task = Task {
            let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
            var index = 0
            while !Task.isCancelled {
                Printer.status("\(frames[index % frames.count]) \(message)")
                index += 1
                try? await Task.sleep(for: .milliseconds(100))
            }
            Printer.clearStatusLine()
        }
    }

    /// Stops and clears the spinner line.
    func stop() async {
        task?.cancel()
        await task?.value
    }
}

/// `--composition outlined|free`.
extension ScreenComposition: ExpressibleByArgument {}
