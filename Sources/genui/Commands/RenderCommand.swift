import ArgumentParser
import Foundation
import GenUIConfig
import GenUIDiagnostics
import GenUIScreens

/// `genui render FILE|-`: renders a saved screen without any model.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a saved screen (JSON, as `generate --format json` writes it) without a model.",
        discussion: """
            The screen is checked against the vocabulary's schema and validation rules first; an invalid screen is \
            reported with the path of each problem (sections[1].components[3].label).

            Exit codes: 0 success, 2 the screen is invalid, 3 a file could not be read or written, 64 bad arguments.
            """)

    @Argument(help: "The screen's JSON file, or - for stdin.")
    var file: String

    @Option(help: "Output format: text, json, html or a2ui.")
    var format: ScreenOutputFormat = .text

    @Option(help: "Write the output to this file (atomically) instead of stdout.")
    var out: String?

    @Option(help: "Colour terminal text: auto (a terminal without NO_COLOR), always or never.")
    var color: ColorChoice = .auto

    @Option(help: "The language of messages: en, de, fr, es, ja, zh-Hans (default: LC_ALL, LC_MESSAGES, LANG).")
    var locale: String?

    /// The largest screen read, in bytes (a file or stdin).
    static let maximumInputBytes = 1 << 20

    func run() throws {
        let diagnostics = Diagnostics(
            language: DiagnosticLanguage.resolve(explicit: locale, environment: ProcessInfo.processInfo.environment))
        let source = file == "-" ? diagnostics.text("render.stdin") : file
        let text: String
        do {
            text = try readInput()
        } catch {
            Console.error(diagnostics.text("file.readFailed", ["path": error.path, "reason": error.localizedReason(diagnostics)]))
            throw ExitCode(ScreenExitCode.fileError)
        }
        let screen: UIScreen
        do {
            screen = try ScreenDocument.read(json: text)
        } catch {
            let lines = ScreenIssueText.lines(for: error, source: source, diagnostics: diagnostics)
            Console.error(lines[0])
            for line in lines.dropFirst() { Console.note(line) }
            throw ExitCode(ScreenExitCode.invalidScreen)
        }
        let output = format.render(
            screen, colors: format == .text && Console.wantsColor(color, writingToFile: out != nil),
            width: out == nil ? Console.textWidth() : 64, language: diagnostics.language.rawValue)
        try GenerateCommand.emit(output, to: out, diagnostics: diagnostics)
    }

    /// The screen's text: a regular file (never a FIFO or a device such as /dev/zero, which could be read forever) or
    /// stdin, at most ``maximumInputBytes`` either way.
    private func readInput() throws(FileReadError) -> String {
        if file == "-" {
            let bytes = try BoundedFileReader.readStandardInput(limit: Self.maximumInputBytes)
            return try BoundedFileReader.text(from: bytes, path: "stdin")
        }
        return try BoundedFileReader.readText(file, limit: Self.maximumInputBytes)
    }
}
