import Foundation
import GenUI
import GenUITestSupport
import GenUITesting
import Testing

/// `genui generate` on a terminal draws the screen while it streams and replaces it with the final screen; on a pipe
/// only the final screen is written. The terminal is a real pseudo-terminal (Python's `pty`), the provider an
/// OpenAI-compatible server over loopback that streams the screen in small pieces.
@Suite("genui generate draws the screen as it streams", .tags(.integration))
struct GenerateLivePreviewTests {
    static let screen =
        #"{"title":"Sign in","sections":[{"title":"Account","components":[{"type":"field","label":"Username","placeholder":"you@example.com","kind":"email"},{"type":"field","label":"Password","placeholder":"Password","kind":"secure"},{"type":"button","label":"Log in","style":"primary"}]}]}"#

    /// An outlined composition's answer for ``outlinedIntent``: its fields and button filled in.
    static let outlinedIntent = "A login form with username and password fields and a Log in button"
    static let filledOutline =
        #"{"title":"Sign In","inputs":{"title":"Account","Username":{"placeholder":"you@example.com","kind":"text"},"Password":{"placeholder":"Password","kind":"secure"}},"actions":{"title":"Go","Log in":"primary"}}"#

    /// Answers `screen`: as chat completion chunks of 12 characters, 15 ms apart, when the request asks for a
    /// stream, else as one completion.
    static func streamingServer(answering screen: String = screen) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request, connection in
            if request.path.hasSuffix("/models") {
                connection.respond(json: #"{"object":"list","data":[{"id":"m"}]}"#)
                return
            }
            let body = try GeneratedContent(json: String(decoding: request.body, as: UTF8.self))
            guard case .bool(true) = body.orderedProperties?.first(where: { $0.key == "stream" })?.value.kind else {
                let content = GeneratedContent(kind: .string(screen)).jsonString
                connection.respond(
                    json:
                        #"{"id":"c1","object":"chat.completion","model":"m","choices":[{"index":0,"message":{"role":"assistant","content":\#(content)},"finish_reason":"stop"}]}"#
                )
                return
            }
            connection.startStream(contentType: "text/event-stream")
            var rest = Substring(screen)
            while !rest.isEmpty {
                let piece = GeneratedContent(kind: .string(String(rest.prefix(12)))).jsonString
                rest = rest.dropFirst(12)
                let chunk =
                    #"{"id":"c1","object":"chat.completion.chunk","model":"m","choices":[{"index":0,"delta":{"content":\#(piece)},"finish_reason":null}]}"#
                guard connection.send("data: \(chunk)\n\n"), !connection.pause(.milliseconds(15)) else { return }
            }
            _ = connection.send(
                #"data: {"id":"c1","object":"chat.completion.chunk","model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#
                    + "\n\n")
            _ = connection.send("data: [DONE]\n\n")
            connection.endStream()
        }
    }

    static func configuration(port: Int) -> String {
        """
        version: 1
        chains:
          default: [stream]
        providers:
          stream: { type: openai, base_url: "http://127.0.0.1:\(port)/v1", api_key_env: GENUI_STREAM_TEST_KEY, model: m, timeout: 60s }
        """
    }

    /// Runs the CLI with its stdout and stderr on a pseudo-terminal of 40 rows and 80 columns; returns what the
    /// terminal received and the exit status.
    static func runOnTerminal(_ arguments: [String], environment: [String: String]) throws -> (
        output: String, status: Int32
    ) {
        let wrapper = """
            import fcntl, os, pty, struct, sys, termios
            pid, fd = pty.fork()
            if pid == 0:
                fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 80, 0, 0))
                os.execv(sys.argv[1], sys.argv[1:])
            chunks = []
            while True:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    break
                if not data:
                    break
                chunks.append(data)
            _, status = os.waitpid(pid, 0)
            sys.stdout.buffer.write(b"".join(chunks))
            sys.exit(os.waitstatus_to_exitcode(status))
            """
        let result = try runProcess(
            "/usr/bin/env", ["python3", "-c", wrapper, CLI.isolatedBinary.path] + arguments, timeout: nil,
            environment: environment, directory: environment["HOME"] ?? NSTemporaryDirectory())
        CLI.archive(arguments: arguments, stdout: Data(result.stdout.utf8), stderr: Data(result.stderr.utf8))
        return (result.stdout, result.status)
    }

    /// Runs `body` with a providers.yml whose default chain is a ``streamingServer(answering:)`` and an environment
    /// for it.
    static func withStreamingProvider(
        answering answer: String = screen, _ body: (_ config: URL, _ environment: [String: String]) throws -> Void
    ) throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let server = try streamingServer(answering: answer)
        defer { server.stop() }
        let config = URL(fileURLWithPath: home).appendingPathComponent("providers.yml")
        try configuration(port: server.port).write(to: config, atomically: true, encoding: .utf8)
        try body(
            config,
            CLI.freshEnvironment(home: home, extra: ["GENUI_STREAM_TEST_KEY": "sk-stream-test", "TERM": "xterm"]))
    }

    /// The erase sequence the preview uses: cursor up N lines to column 1, clear to the end of the screen.
    static var erase: Regex<(Substring, Substring)> { /\x{1B}\[(\d+)F\x{1B}\[J/ }

    @Test("on a terminal the screen is drawn while it streams, then erased and replaced by the final screen")
    func terminalShowsPreviews() throws {
        try Self.withStreamingProvider { config, environment in
            let arguments = ["generate", "A login form", "--config", config.path, "--color", "never"]

            let piped = try CLI.run(arguments, environment: environment)
            #expect(piped.status == 0, "\(piped.stderr)")
            #expect(!piped.stdout.contains("\u{1B}"), "a pipe gets the final screen with no terminal control")
            #expect(piped.stdout.contains("Sign in") && piped.stdout.contains("Log in"))

            let terminal = try Self.runOnTerminal(arguments, environment: environment)
            #expect(terminal.status == 0, "\(terminal.output)")
            let erasures = terminal.output.matches(of: Self.erase)
            #expect(!erasures.isEmpty, "at least one preview was drawn and erased: \(terminal.output.debugDescription)")
            // What follows the last erasure is the final screen as the pipe got it, drawn at the terminal's 80 columns
            // instead of a pipe's 64 (the terminal turns line feeds into CR LF): the same lines, the same words.
            let last = try #require(erasures.last)
            let final = terminal.output[last.range.upperBound...].replacingOccurrences(of: "\r\n", with: "\n")
            #expect(Self.words(final) == Self.words(piped.stdout), "\(final)\n---\n\(piped.stdout)")
            #expect(final.split(separator: "\n").count == piped.stdout.split(separator: "\n").count)
            #expect(final.split(separator: "\n").allSatisfy { $0.count == 80 }, "every line is as wide as the terminal")
            // Each preview is erased before the next is drawn: the line counts match what was drawn before.
            let previews = terminal.output.split(separator: Self.erase, omittingEmptySubsequences: false)
            for (index, match) in erasures.enumerated() {
                let drawn = previews[index].components(separatedBy: "\r\n").count - 1
                #expect(Int(match.output.1) == drawn, "erasure \(index) moves up \(match.output.1) of \(drawn) lines")
            }
        }
    }

    @Test("an outlined composition is drawn as each named element's value arrives, then replaced by the final screen")
    func outlinedScreenFillsIn() throws {
        try Self.withStreamingProvider(answering: Self.filledOutline) { config, environment in
            let arguments = ["generate", Self.outlinedIntent, "--config", config.path, "--color", "never"]
            let piped = try CLI.run(arguments, environment: environment)
            #expect(piped.status == 0, "\(piped.stderr)")
            #expect(["Sign", "In", "Username", "Password", "Log", "in"].allSatisfy(Self.words(piped.stdout).contains))

            let terminal = try Self.runOnTerminal(arguments, environment: environment)
            #expect(terminal.status == 0, "\(terminal.output)")
            let erasures = terminal.output.matches(of: Self.erase)
            #expect(erasures.count >= 2, "two previews or more were drawn: \(terminal.output.debugDescription)")
            let previews = terminal.output.split(separator: Self.erase, omittingEmptySubsequences: false).dropLast()
            #expect(Set(previews).count == previews.count, "each preview differs from the one before")
            #expect(previews.contains { $0.contains("you@example.com") }, "a field was drawn before the final screen")
            let last = try #require(erasures.last)
            let final = terminal.output[last.range.upperBound...].replacingOccurrences(of: "\r\n", with: "\n")
            #expect(Self.words(final) == Self.words(piped.stdout), "\(final)\n---\n\(piped.stdout)")
        }
    }

    /// The text of a rendered screen without its frame and padding.
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { " \n═║╔╗╚╝─│┌┐└┘".contains($0) }).map(String.init)
    }

    @Test("with --format json on a terminal no preview is drawn")
    func jsonOnTerminalHasNoPreview() throws {
        try Self.withStreamingProvider { config, environment in
            let terminal = try Self.runOnTerminal(
                ["generate", "A login form", "--config", config.path, "--format", "json"], environment: environment)
            #expect(terminal.status == 0, "\(terminal.output)")
            #expect(terminal.output.matches(of: Self.erase).isEmpty, "\(terminal.output.debugDescription)")
            #expect(terminal.output.contains("\"Sign in\""))
        }
    }
}
