import ArgumentParser
import Foundation
import GenUI
import GenUIA2UI
import GenUIConfig
import GenUIDiagnostics
import GenUIDoctor
import GenUIHTTP
import GenUIScreens

/// `genui render FILE|-`: renders a saved screen without any model.
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a saved screen (JSON, as `generate --format json` writes it) without a model.",
        discussion: """
            The screen is checked against the vocabulary's schema and validation rules first; an invalid screen is \
            reported with the path of each problem (sections[1].components[3].label).

            With --from a2ui the input is an A2UI v0.9 or v0.9.1 message stream (JSONL, one server-to-client message \
            per line, or SSE data: lines) from another agent; every surface alive at the end of the stream is rendered \
            (or only --surface ID). Messages of another version are skipped, reported once per version. \
            --a2ui-version 1.0 also reads the v1.0 release candidate; each message is read by the version it names. Each bad line or component is reported with its line, JSON pointer and component id, and \
            everything else is still shown. --format json prints one JSON document for scripts, always: the resolved \
            trees (none when no surface is left) and every problem with its code and its text in your language.

            Exit codes: 0 success, 3 a file could not be read or written, 4 the screen is invalid (or, with --from \
            a2ui, the stream had problems, the rest still rendered, or it leaves no surface to show), 64 bad \
            arguments.
            """)

    @Argument(
        help:
            "The screen's JSON file (or, with --from a2ui, the message stream: a file, an http(s) URL streaming JSONL or SSE), or - for stdin."
    )
    var file: String

    @Option(help: "What the input is: screen (genui's screen JSON) or a2ui (an A2UI v0.9 or v0.9.1 message stream).")
    var from: RenderInput = .screen

    @Option(
        name: .customLong("a2ui-version"),
        help: "With --from a2ui: 0.9 reads v0.9 and v0.9.1 (the releases); 1.0 also reads the v1.0 release candidate.")
    var a2uiVersion: A2UIVersionChoice?

    @Option(help: "With --from a2ui: render only the surface with this id.")
    var surface: String?

    @Flag(help: "With --from a2ui and text output: redraw the surfaces each time messages arrive.")
    var watch = false

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

    func run() async throws {
        let diagnostics = Diagnostics(
            language: DiagnosticLanguage.resolve(explicit: locale, environment: ProcessInfo.processInfo.environment),
            catalog: .commandLine)
        if from == .a2ui { return try await runA2UI(diagnostics) }
        if surface != nil {
            Console.error(diagnostics.text("a2ui.surfaceNeedsA2UI"))
            throw ExitCode(ScreenExitCode.usage)
        }
        if a2uiVersion != nil {
            Console.error(diagnostics.text("a2ui.versionNeedsA2UI"))
            throw ExitCode(ScreenExitCode.usage)
        }
        let source = file == "-" ? diagnostics.text("render.stdin") : file
        let text: String
        do {
            text = try readInput()
        } catch {
            Console.error(
                diagnostics.text("file.readFailed", ["path": error.path, "reason": error.localizedReason(diagnostics)]))
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
        try GenerateCommand.emit(output, to: out, isJSON: format.isJSON, diagnostics: diagnostics)
    }

    /// The largest A2UI stream read, in bytes (a file or stdin).
    static let maximumStreamBytes = 16 << 20

    /// `--from a2ui`: reads the stream, prints each problem located, and renders the surfaces left at its end.
    private func runA2UI(_ diagnostics: Diagnostics) async throws {
        guard format != .a2ui else {
            Console.error(diagnostics.text("a2ui.formatUnsupported"))
            throw ExitCode(ScreenExitCode.usage)
        }
        if watch, format != .text {
            Console.error(diagnostics.text("a2ui.watchNeedsText"))
            throw ExitCode(ScreenExitCode.usage)
        }
        var client = A2UIClient(versions: (a2uiVersion ?? .released).versions)
        if let url = A2UIStreamSource.url(file) {
            client = try await readA2UI(from: url, diagnostics: diagnostics)
        } else if watch, file == "-" {
            client = try await watchStandardInput(diagnostics)
        } else {
            let text: String
            do {
                if file == "-" {
                    let bytes = try BoundedFileReader.readStandardInput(limit: Self.maximumStreamBytes)
                    text = try BoundedFileReader.text(from: bytes, path: "stdin")
                } else {
                    text = try BoundedFileReader.readText(file, limit: Self.maximumStreamBytes)
                }
            } catch {
                Console.error(
                    diagnostics.text(
                        "file.readFailed", ["path": error.path, "reason": error.localizedReason(diagnostics)]))
                throw ExitCode(ScreenExitCode.fileError)
            }
            client.process(jsonl: text)
        }
        if watch {
            // Every frame and problem has been shown as it arrived (the problems up to the client's bound).
            if client.problems.isEmpty { return }
            if client.droppedProblemCount > 0 {
                Console.note(
                    diagnostics.text(
                        "a2ui.problemsDropped",
                        [
                            "count": String(client.droppedProblemCount), "kept": String(client.problems.count),
                        ]))
            }
            Console.note(
                diagnostics.text("a2ui.summary", ["count": String(client.problems.count + client.droppedProblemCount)]))
            throw ExitCode(ScreenExitCode.invalidScreen)
        }
        var ids = client.surfaceOrder
        if let surface {
            guard ids.contains(surface) else {
                try emitWithoutSurfaces(client, diagnostics)
                Console.error(
                    diagnostics.text(
                        "a2ui.unknownSurface",
                        [
                            "id": surface, "ids": ids.isEmpty ? "—" : ids.joined(separator: ", "),
                        ]))
                throw ExitCode(ScreenExitCode.invalidScreen)
            }
            ids = [surface]
        }
        let resolutions = client.resolve(surfaceIDs: ids)
        guard !resolutions.isEmpty else {
            for problem in client.problems { Console.note(Self.describe(problem, diagnostics)) }
            try emitWithoutSurfaces(client, diagnostics)
            Console.error(diagnostics.text("a2ui.noSurfaces"))
            throw ExitCode(ScreenExitCode.invalidScreen)
        }
        // Every rendering is bounded (A2UILimits.maximumOutputLines/Bytes); a cut ends the output with a notice and
        // is one more located problem.
        let notice = Self.cutNotice(diagnostics)
        let rendered: A2UIRenderedOutput
        switch format {
        case .html:
            rendered = A2UIHTMLRenderer(limits: client.limits, cutNotice: notice).renderedOutput(resolutions)
        case .json:
            rendered = A2UIJSONRenderer(limits: client.limits).renderedOutput(resolutions)
        case .text, .a2ui:
            let renderer = A2UITerminalRenderer(
                colors: Console.wantsColor(color, writingToFile: out != nil),
                width: out == nil ? Console.textWidth() : 72,
                limits: client.limits, cutNotice: notice)
            rendered = renderer.renderedOutput(resolutions)
        }
        var found = client.problems + resolutions.flatMap(\.problems)
        if let cut = rendered.cut { found.append(cut.problem) }
        let kept = Array(found.prefix(client.limits.maximumProblems))
        let dropped =
            found.count - kept.count + client.droppedProblemCount
            + resolutions.reduce(0) { $0 + $1.droppedProblemCount }
        for problem in kept { Console.note(Self.describe(problem, diagnostics)) }
        if dropped > 0 {
            Console.note(
                diagnostics.text("a2ui.problemsDropped", ["count": String(dropped), "kept": String(kept.count)]))
        }
        let output =
            format == .json
            ? Self.json(surfaces: rendered.text, problems: kept, dropped: dropped, diagnostics) + "\n" : rendered.text
        try GenerateCommand.emit(output, to: out, isJSON: format == .json, diagnostics: diagnostics)
        if !kept.isEmpty {
            Console.note(diagnostics.text("a2ui.summary", ["count": String(kept.count + dropped)]))
            throw ExitCode(ScreenExitCode.invalidScreen)
        }
    }

    /// With `--format json`, the one document a script reads even when there is no surface to show: no surfaces, and
    /// the stream's problems.
    private func emitWithoutSurfaces(_ client: A2UIClient, _ diagnostics: Diagnostics) throws {
        guard format == .json else { return }
        let document = Self.json(
            surfaces: "[]", problems: client.problems, dropped: client.droppedProblemCount, diagnostics)
        try GenerateCommand.emit(document + "\n", to: out, isJSON: true, diagnostics: diagnostics)
    }

    /// The localized notice a rendering ends with when it reached its bounds.
    static func cutNotice(_ diagnostics: Diagnostics) -> @Sendable (A2UIOutputCut) -> String {
        { cut in
            let limit =
                cut.maximumLines.map {
                    diagnostics.text(
                        "a2ui.outputCut.linesOrBytes", ["lines": String($0), "bytes": String(cut.maximumBytes)])
                } ?? diagnostics.text("a2ui.outputCut.bytes", ["bytes": String(cut.maximumBytes)])
            var place = [diagnostics.text("a2ui.location.surface", ["id": cut.surfaceID])]
            if let id = cut.componentID { place.append(diagnostics.text("a2ui.location.component", ["id": id])) }
            return "[" + diagnostics.text("a2ui.outputCut", ["limit": limit, "place": place.joined(separator: ", ")])
                + "]"
        }
    }

    /// Reads the stream from an http(s) URL as it arrives (JSONL or SSE `data:` lines); with `--watch`, redraws after
    /// each chunk that completes a message. Without `--watch` the whole stream is bounded by ``maximumStreamBytes``.
    private func readA2UI(from url: URL, diagnostics: Diagnostics) async throws -> A2UIClient {
        var client = A2UIClient(versions: (a2uiVersion ?? .released).versions)
        var frames = A2UIWatchFrames(command: self, diagnostics: diagnostics)
        do {
            let client24h = HTTPClient(
                timeouts: .init(connect: .seconds(10), total: watch ? .seconds(24 * 3600) : .seconds(300)))
            let response = try await client24h.stream(
                HTTPRequest(
                    url: url, headers: ["Accept": "application/jsonl, \(A2UIVersion.mimeType), text/event-stream"]))
            guard response.head.isSuccess else {
                Console.error(
                    diagnostics.text(
                        "a2ui.httpStatus",
                        ["url": HTTPRequest.endpoint(of: url), "status": String(response.head.status)]))
                throw ExitCode(ScreenExitCode.fileError)
            }
            var total = 0
            var decoder = UTF8ChunkDecoder()
            for try await chunk in response.body {
                total += chunk.count
                guard watch || total <= Self.maximumStreamBytes else {
                    Console.error(diagnostics.text("a2ui.streamTooLarge", ["limit": String(Self.maximumStreamBytes)]))
                    throw ExitCode(ScreenExitCode.fileError)
                }
                let found = client.receive(decoder.decode(chunk))
                if watch { frames.show(client, newProblems: found) }
            }
            let found = client.receive(decoder.finish()) + client.finish()
            if watch { frames.show(client, newProblems: found) }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            Console.error(
                diagnostics.text(
                    "a2ui.fetchFailed", ["url": HTTPRequest.endpoint(of: url), "reason": String(describing: error)]))
            throw ExitCode(ScreenExitCode.fileError)
        }
        return client
    }

    /// `--watch` over standard input: reads what arrives and redraws after each chunk that completes a message.
    private func watchStandardInput(_ diagnostics: Diagnostics) async throws -> A2UIClient {
        var client = A2UIClient(versions: (a2uiVersion ?? .released).versions)
        var frames = A2UIWatchFrames(command: self, diagnostics: diagnostics)
        var decoder = UTF8ChunkDecoder()
        while true {
            let chunk = FileHandle.standardInput.availableData
            if chunk.isEmpty { break }
            frames.show(client, newProblems: client.receive(decoder.decode(chunk)))
        }
        frames.show(client, newProblems: client.receive(decoder.finish()) + client.finish())
        return client
    }

    /// One problem as a localized line: where (line, surface, component, JSON pointer), what kind, and the detail
    /// (in the user's language when it is a catalog message, ``A2UIProblem/text``).
    static func describe(_ problem: A2UIProblem, _ diagnostics: Diagnostics) -> String {
        var location: [String] = []
        if let line = problem.line { location.append(diagnostics.text("a2ui.location.line", ["line": String(line)])) }
        if let id = problem.surfaceID { location.append(diagnostics.text("a2ui.location.surface", ["id": id])) }
        if let id = problem.componentID { location.append(diagnostics.text("a2ui.location.component", ["id": id])) }
        if !problem.pointer.isEmpty {
            location.append(diagnostics.text("a2ui.location.pointer", ["pointer": problem.pointer]))
        }
        return diagnostics.text(
            "a2ui.problem",
            [
                "location": location.joined(separator: ", "),
                "kind": diagnostics.text("a2ui.kind." + problem.kind.rawValue),
                "detail": message(problem, diagnostics),
            ])
    }

    /// A problem's detail in the user's language: its catalog message, with a JSON syntax error (the `jsonError` of
    /// a line that is not JSON) worded from the core's own detail; the English detail when it is no catalog message.
    static func message(_ problem: A2UIProblem, _ diagnostics: Diagnostics) -> String {
        guard let text = problem.text else { return problem.detail }
        var arguments = text.arguments
        if let english = arguments["jsonError"] {
            arguments["jsonError"] = diagnostics.text(LocalizedText.decoding(english))
        }
        return diagnostics.text(text.key, arguments)
    }

    /// `--format json`: `{"surfaces":[{"surfaceId","root"}],"problems":[…],"droppedProblems":N,"language":"de"}`, the
    /// surfaces as ``A2UIJSONRenderer`` wrote them (bounded; `[]` when none is left to show). Each problem has its
    /// code (`kind`), where it is (`line`, `surfaceId`, `componentId`, `pointer`), the English `detail`, and beside
    /// them the same in the user's language: `kindText` and `message` (and `key`, the catalog message, when the
    /// detail is one).
    static func json(surfaces: String, problems: [A2UIProblem], dropped: Int, _ diagnostics: Diagnostics) -> String {
        func string(_ text: String) -> GeneratedContent { GeneratedContent(kind: .string(text)) }
        let list = problems.map { problem in
            var pairs: [(String, GeneratedContent)] = [("kind", string(problem.kind.rawValue))]
            pairs.append(("kindText", string(diagnostics.text("a2ui.kind." + problem.kind.rawValue))))
            if let line = problem.line { pairs.append(("line", GeneratedContent(kind: .number(Double(line))))) }
            if let id = problem.surfaceID { pairs.append(("surfaceId", string(id))) }
            if let id = problem.componentID { pairs.append(("componentId", string(id))) }
            pairs.append(("pointer", string(problem.pointer)))
            pairs.append(("detail", string(problem.detail)))
            pairs.append(("message", string(message(problem, diagnostics))))
            if let key = problem.text?.key { pairs.append(("key", string(key))) }
            return GeneratedContent(orderedProperties: pairs)
        }
        return "{\"surfaces\":" + surfaces + ",\"problems\":" + GeneratedContent(kind: .array(list)).jsonString
            + ",\"droppedProblems\":" + String(dropped) + ",\"language\":"
            + string(diagnostics.language.rawValue).jsonString + "}"
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
/// The A2UI versions `genui render --from a2ui` reads: the releases, or the releases and the v1.0 candidate. The
/// choice only admits versions; each message is still read by the rules of the version its `version` names.
enum A2UIVersionChoice: String, CaseIterable, ExpressibleByArgument {
    /// v0.9 and v0.9.1, the releases (the default).
    case released = "0.9"
    /// The releases and the v1.0 release candidate.
    case candidate = "1.0"

    /// The versions read.
    var versions: Set<A2UIVersion> {
        self == .candidate ? A2UIVersion.released.union([.v1_0]) : A2UIVersion.released
    }
}

enum RenderInput: String, CaseIterable, ExpressibleByArgument {
    /// A genui screen (JSON, as `generate --format json` writes it).
    case screen
    /// An A2UI v0.9 or v0.9.1 message stream from another agent.
    case a2ui
}

/// Where `genui render --from a2ui` reads from.
enum A2UIStreamSource {
    /// The argument as an http(s) URL, when it is one.
    static func url(_ argument: String) -> URL? {
        let lower = argument.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), let url = URL(string: argument),
            url.host != nil
        else { return nil }
        return url
    }
}

/// Turns chunks of bytes into text without splitting a UTF-8 character between chunks.
struct UTF8ChunkDecoder {
    private var pending: [UInt8] = []

    /// The text of `data` (plus what was held back), holding back an incomplete character at the end.
    mutating func decode(_ data: Data) -> String {
        pending += data
        var end = pending.count
        var back = 0
        // Hold back at most three bytes of a character whose lead byte says it continues past the chunk.
        while back < 3, end - back - 1 >= 0 {
            let byte = pending[end - back - 1]
            if byte & 0xC0 == 0x80 {
                back += 1
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            if length > back + 1 { end -= back + 1 }
            break
        }
        let text = String(decoding: pending[..<end], as: UTF8.self)
        pending = Array(pending[end...])
        return text
    }

    /// Whatever is left (an incomplete character becomes U+FFFD).
    mutating func finish() -> String {
        defer { pending = [] }
        return String(decoding: pending, as: UTF8.self)
    }
}

/// `--watch` output: the surfaces redrawn after each chunk that changed them (the screen cleared first on a
/// terminal; frames one after another otherwise), and each new problem on stderr as it is found.
struct A2UIWatchFrames {
    let command: RenderCommand
    let diagnostics: Diagnostics
    private var lastFrame = ""
    private var shownLines = 0
    /// Problems printed so far; after ``A2UILimits/maximumProblems`` they are only counted (the client keeps no
    /// more either), and the count is printed once at the end.
    private var printedProblems = 0

    init(command: RenderCommand, diagnostics: Diagnostics) {
        self.command = command
        self.diagnostics = diagnostics
    }

    mutating func show(_ client: A2UIClient, newProblems: [A2UIProblem]) {
        for problem in newProblems where printedProblems < client.limits.maximumProblems {
            printedProblems += 1
            Console.note(RenderCommand.describe(problem, diagnostics))
        }
        guard client.lineCount > shownLines else { return }
        shownLines = client.lineCount
        let ids = command.surface.map { id in client.surfaceOrder.filter { $0 == id } } ?? client.surfaceOrder
        let renderer = A2UITerminalRenderer(
            colors: Console.wantsColor(command.color, writingToFile: false), width: Console.textWidth(),
            limits: client.limits, cutNotice: RenderCommand.cutNotice(diagnostics))
        let frame = renderer.renderedOutput(client.resolve(surfaceIDs: ids)).text
        guard frame != lastFrame else { return }
        lastFrame = frame
        if Console.isTerminal(STDOUT_FILENO) { Printer.clearScreen() } else if !frame.isEmpty { Console.out("\n") }
        Console.out(frame.isEmpty ? "" : frame)
    }
}
