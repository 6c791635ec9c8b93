import ArgumentParser
import Foundation
import GenUI
import GenUIA2UI
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

            With --from a2ui the input is an A2UI v0.9 message stream (JSONL, one server-to-client message per line, \
            or SSE data: lines) from another agent; every surface alive at the end of the stream is rendered (or only \
            --surface ID). Each bad line or component is reported with its line, JSON pointer and component id, and \
            everything else is still shown. --format json prints the resolved trees for scripts.

            Exit codes: 0 success, 2 the screen is invalid (or, with --from a2ui, the stream had problems; the rest \
            is still rendered), 3 a file could not be read or written, 64 bad arguments.
            """)

    @Argument(help: "The screen's JSON file (or, with --from a2ui, the message stream), or - for stdin.")
    var file: String

    @Option(help: "What the input is: screen (genui's screen JSON) or a2ui (an A2UI v0.9 message stream).")
    var from: RenderInput = .screen

    @Option(help: "With --from a2ui: render only the surface with this id.")
    var surface: String?

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
        if from == .a2ui { return try runA2UI(diagnostics) }
        if surface != nil {
            Console.error(diagnostics.text("a2ui.surfaceNeedsA2UI"))
            throw ExitCode(ScreenExitCode.usage)
        }
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

    /// The largest A2UI stream read, in bytes (a file or stdin).
    static let maximumStreamBytes = 16 << 20

    /// `--from a2ui`: reads the stream, prints each problem located, and renders the surfaces left at its end.
    private func runA2UI(_ diagnostics: Diagnostics) throws {
        guard format != .a2ui else {
            Console.error(diagnostics.text("a2ui.formatUnsupported"))
            throw ExitCode(ScreenExitCode.usage)
        }
        let text: String
        do {
            if file == "-" {
                let bytes = try BoundedFileReader.readStandardInput(limit: Self.maximumStreamBytes)
                text = try BoundedFileReader.text(from: bytes, path: "stdin")
            } else {
                text = try BoundedFileReader.readText(file, limit: Self.maximumStreamBytes)
            }
        } catch {
            Console.error(diagnostics.text("file.readFailed", ["path": error.path, "reason": error.localizedReason(diagnostics)]))
            throw ExitCode(ScreenExitCode.fileError)
        }
        var client = A2UIClient()
        client.process(jsonl: text)
        var ids = client.surfaceOrder
        if let surface {
            guard ids.contains(surface) else {
                Console.error(diagnostics.text("a2ui.unknownSurface", [
                    "id": surface, "ids": ids.isEmpty ? "—" : ids.joined(separator: ", "),
                ]))
                throw ExitCode(ScreenExitCode.invalidScreen)
            }
            ids = [surface]
        }
        let resolutions = ids.compactMap { client.resolve(surfaceID: $0) }
        let problems = client.problems + resolutions.flatMap(\.problems)
        for problem in problems { Console.note(Self.describe(problem, diagnostics)) }
        guard !resolutions.isEmpty else {
            Console.error(diagnostics.text("a2ui.noSurfaces"))
            throw ExitCode(ScreenExitCode.invalidScreen)
        }
        let output: String
        switch format {
        case .html:
            output = A2UIHTMLRenderer().render(resolutions)
        case .json:
            output = Self.json(resolutions, problems: problems).jsonString + "\n"
        case .text, .a2ui:
            let renderer = A2UITerminalRenderer(
                colors: Console.wantsColor(color, writingToFile: out != nil), width: out == nil ? Console.textWidth() : 72)
            output = resolutions.map(renderer.render).joined(separator: "\n")
        }
        try GenerateCommand.emit(output, to: out, diagnostics: diagnostics)
        if !problems.isEmpty {
            Console.note(diagnostics.text("a2ui.summary", ["count": String(problems.count)]))
            throw ExitCode(ScreenExitCode.invalidScreen)
        }
    }

    /// One problem as a localized line: where (line, surface, component, JSON pointer), what kind, and the detail.
    static func describe(_ problem: A2UIProblem, _ diagnostics: Diagnostics) -> String {
        var location: [String] = []
        if let line = problem.line { location.append(diagnostics.text("a2ui.location.line", ["line": String(line)])) }
        if let id = problem.surfaceID { location.append(diagnostics.text("a2ui.location.surface", ["id": id])) }
        if let id = problem.componentID { location.append(diagnostics.text("a2ui.location.component", ["id": id])) }
        if !problem.pointer.isEmpty { location.append(diagnostics.text("a2ui.location.pointer", ["pointer": problem.pointer])) }
        return diagnostics.text("a2ui.problem", [
            "location": location.joined(separator: ", "), "kind": diagnostics.text("a2ui.kind." + problem.kind.rawValue),
            "detail": problem.detail,
        ])
    }

    /// `--format json`: `{"surfaces":[{"surfaceId","root"}],"problems":[{kind,line,surfaceId,componentId,pointer,detail}]}`.
    static func json(_ resolutions: [A2UIResolution], problems: [A2UIProblem]) -> GeneratedContent {
        func string(_ text: String) -> GeneratedContent { GeneratedContent(kind: .string(text)) }
        let surfaces = resolutions.map { resolution in
            GeneratedContent(orderedProperties: [
                ("surfaceId", string(resolution.surfaceID)), ("root", resolution.root?.json ?? GeneratedContent(kind: .null)),
            ])
        }
        let list = problems.map { problem in
            var pairs: [(String, GeneratedContent)] = [("kind", string(problem.kind.rawValue))]
            if let line = problem.line { pairs.append(("line", GeneratedContent(kind: .number(Double(line))))) }
            if let id = problem.surfaceID { pairs.append(("surfaceId", string(id))) }
            if let id = problem.componentID { pairs.append(("componentId", string(id))) }
            pairs.append(("pointer", string(problem.pointer)))
            pairs.append(("detail", string(problem.detail)))
            return GeneratedContent(orderedProperties: pairs)
        }
        return GeneratedContent(orderedProperties: [
            ("surfaces", GeneratedContent(kind: .array(surfaces))), ("problems", GeneratedContent(kind: .array(list))),
        ])
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

/// What `genui render` reads.
enum RenderInput: String, CaseIterable, ExpressibleByArgument {
    /// A genui screen (JSON, as `generate --format json` writes it).
    case screen
    /// An A2UI v0.9 message stream from another agent.
    case a2ui
}
