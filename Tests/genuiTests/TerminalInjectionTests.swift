import Foundation
import GenUITestSupport
import GenUITesting
import Testing

/// A hostile server's text reaches the terminal only made safe: doctor, doctor -v, generate -v and errors.
@Suite("Terminal escape injection through the CLI", .tags(.integration), .serialized)
struct TerminalInjectionTests {
    /// OSC 52 (writes the clipboard), a CSI screen clear, the 8-bit CSI, BEL and a right-to-left override, as JSON
    /// string escapes (the server sends them; genui decodes them into the real characters).
    static let hostileJSON = #"\u001b]52;c;SGVsbG8=\u0007\u001b[2J\u009b31m\u202eevil"#

    /// What the hostile text looks like once made safe.
    static let visibleMarker = #"\u{1B}]52;c;SGVsbG8="#

    static let screen =
        #"{"title":"Login","sections":[{"title":"Account","components":[{"type":"heading","text":"Welcome"},{"type":"button","label":"Log in","style":"primary"}]}]}"#

    /// Whether `text` holds anything a terminal acts on: C0 controls but tab and line feed, DEL, C1, bidi controls.
    static func terminalControls(in text: String) -> [String] {
        text.unicodeScalars.compactMap { scalar in
            switch scalar.value {
            case 0x09, 0x0A: nil
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: "U+" + String(scalar.value, radix: 16)
            default: nil
            }
        }
    }

    /// An OpenAI-compatible server: `/models` answers 503 with the hostile text as its error message when
    /// `loading`; completions answer with the hostile text as the model's name (or, when `failing`, as an error).
    static func hostileServer(loading: Bool, failing: Bool = false) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request, connection in
            if request.path.hasSuffix("/models") {
                if loading {
                    connection.respond(status: 503, json: #"{"error":{"message":"loading \#(hostileJSON)"}}"#)
                } else {
                    connection.respond(json: #"{"object":"list","data":[{"id":"m"}]}"#)
                }
            } else if failing {
                connection.respond(
                    status: 400, json: #"{"error":{"message":"bad \#(hostileJSON)","type":"invalid_request_error"}}"#)
            } else {
                let content = screen.replacingOccurrences(of: "\"", with: "\\\"")
                connection.respond(
                    json: #"""
                        {"id":"c1","object":"chat.completion","model":"m\#(hostileJSON)","choices":[{"index":0,"message":{"role":"assistant","content":"\#(content)"},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":4,"total_tokens":7}}
                        """#)
            }
        }
    }

    struct Setup {
        let home: String
        let config: String
        let environment: [String: String]
    }

    static func setUp(server: LoopbackHTTPServer) throws -> Setup {
        let home = try CLI.temporaryDirectory()
        let config = URL(fileURLWithPath: home).appendingPathComponent("providers.yml").path
        try """
        version: 1
        chains:
          default: [hostile]
        providers:
          hostile: { type: openai, base_url: "http://127.0.0.1:\(server.port)/v1", api_key_env: GENUI_HOSTILE_TEST_KEY, model: m }
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let environment = CLI.freshEnvironment(
            home: home, extra: ["NO_COLOR": "1", "GENUI_HOSTILE_TEST_KEY": "test-key"])
        return Setup(home: home, config: config, environment: environment)
    }

    @Test(
        "doctor and doctor -v show a 503 message holding OSC 52 and CSI escaped, with no control character",
        arguments: [false, true])
    func doctorShowsServerTextSafely(verbose: Bool) throws {
        try CLI.requireBinary()
        let server = try Self.hostileServer(loading: true)
        defer { server.stop() }
        let setup = try Self.setUp(server: server)
        defer { try? FileManager.default.removeItem(atPath: setup.home) }
        let result = try CLI.run(
            ["doctor", "--config", setup.config] + (verbose ? ["-v"] : []), environment: setup.environment)
        let output = result.stdout + result.stderr
        #expect(Self.terminalControls(in: output).isEmpty, "\(Self.terminalControls(in: output))\n\(output)")
        #expect(output.contains(Self.visibleMarker), "the server's message is shown, escaped: \(output)")
    }

    @Test("doctor --json carries the server's text with ESC as \\u001b and no raw control character")
    func doctorJSONEscapes() throws {
        try CLI.requireBinary()
        let server = try Self.hostileServer(loading: true)
        defer { server.stop() }
        let setup = try Self.setUp(server: server)
        defer { try? FileManager.default.removeItem(atPath: setup.home) }
        let result = try CLI.run(["doctor", "--config", setup.config, "--json"], environment: setup.environment)
        #expect(Self.terminalControls(in: result.stdout + result.stderr).isEmpty, "\(result.stdout)")
        #expect(
            result.stdout.contains(#"\u001b]52;c;SGVsbG8="#) || result.stdout.contains(#"\\u{1B}]52;c;SGVsbG8="#),
            "\(result.stdout)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        #expect(json is [String: Any])
    }

    @Test("generate -v shows a model name holding OSC 52 and CSI escaped, with no control character")
    func generateVerboseShowsModelNameSafely() throws {
        try CLI.requireBinary()
        let server = try Self.hostileServer(loading: false)
        defer { server.stop() }
        let setup = try Self.setUp(server: server)
        defer { try? FileManager.default.removeItem(atPath: setup.home) }
        let result = try CLI.run(
            ["generate", "A login form", "--config", setup.config, "-v"], environment: setup.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let output = result.stdout + result.stderr
        #expect(Self.terminalControls(in: output).isEmpty, "\(Self.terminalControls(in: output))\n\(output)")
        #expect(result.stderr.contains("model m" + Self.visibleMarker), "\(result.stderr)")
    }

    @Test("generate -v with a server error holding OSC 52 prints the error and route with no control character")
    func generateErrorShownSafely() throws {
        try CLI.requireBinary()
        let server = try Self.hostileServer(loading: false, failing: true)
        defer { server.stop() }
        let setup = try Self.setUp(server: server)
        defer { try? FileManager.default.removeItem(atPath: setup.home) }
        let result = try CLI.run(
            ["generate", "A login form", "--config", setup.config, "-v"], environment: setup.environment)
        #expect(result.status != 0)
        let output = result.stdout + result.stderr
        #expect(Self.terminalControls(in: output).isEmpty, "\(Self.terminalControls(in: output))\n\(output)")
        #expect(output.contains(Self.visibleMarker), "the server's message is shown, escaped: \(output)")
    }
}
