import Foundation
import GenUITestSupport
import GenUITesting
import Testing

/// What `genui generate` advises after a failure: each line once, and only advice that fits what happened.
@Suite("genui generate advice", .tags(.integration))
struct GenerateAdviceTests {
    /// An OpenAI-compatible server that lists its model (so the provider is available) and never answers a
    /// completion within the test's timeout.
    static func silentServer() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request, connection in
            if request.path.hasSuffix("/models") {
                connection.respond(json: #"{"object":"list","data":[{"id":"m"}]}"#)
            } else {
                _ = connection.stall(for: .seconds(30))
            }
        }
    }

    /// A configuration whose only provider is the silent server, with a one-second timeout.
    static func slowConfiguration(port: Int, home: String) throws -> String {
        let path = URL(fileURLWithPath: home).appendingPathComponent("providers.yml").path
        try """
        version: 1
        chains:
          default: [slow]
        providers:
          slow: { type: openai, base_url: "http://127.0.0.1:\(port)/v1", api_key_env: GENUI_SLOW_TEST_KEY, model: m, timeout: 1s }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test(
        "an available provider that times out is told with its timeout and the setting to raise, and doctor is not suggested"
    )
    func timeoutAdvice() throws {
        try CLI.requireBinary()
        let server = try Self.silentServer()
        defer { server.stop() }
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let config = try Self.slowConfiguration(port: server.port, home: home)
        let result = try CLI.run(
            ["generate", "A login form", "--config", config],
            environment: CLI.freshEnvironment(home: home, extra: ["GENUI_SLOW_TEST_KEY": "test-key", "NO_COLOR": "1"]))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("slow was available, but its attempt timed out after 1 s"), "\(result.stderr)")
        #expect(result.stderr.contains("providers.slow.timeout"), "\(result.stderr)")
        #expect(Self.occurrences(of: "timed out after 1 s", in: result.stderr) == 1, "\(result.stderr)")
        #expect(
            !result.stderr.contains("genui doctor"), "doctor would show the provider as available: \(result.stderr)")
    }

    @Test(
        "when every provider is passed over as unavailable, doctor is suggested exactly once", arguments: ["en", "de"])
    func doctorSuggestedOnce(locale: String) throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let config = URL(fileURLWithPath: home).appendingPathComponent("providers.yml")
        try GenerateCommandTests.brokenChain.write(to: config, atomically: true, encoding: .utf8)
        let result = try CLI.run(
            ["generate", "A login form", "--config", config.path, "--locale", locale],
            environment: CLI.freshEnvironment(home: home))
        #expect(result.status == 1)
        #expect(Self.occurrences(of: "genui doctor", in: result.stderr) == 1, "\(result.stderr)")
    }

    @Test(
        "the HTML page's lang is the user's language",
        arguments: [("de", "de"), ("ja", "ja"), ("zh-Hans", "zh-Hans"), ("xx", "en")])
    func htmlLanguage(locale: String, expected: String) throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let config = URL(fileURLWithPath: home).appendingPathComponent("providers.yml")
        try "version: 1\nchains:\n  default: [scripted]\nproviders:\n  scripted: { type: scripted }\n"
            .write(to: config, atomically: true, encoding: .utf8)
        let result = try CLI.run(
            ["generate", "A login form", "--config", config.path, "--format", "html", "--locale", locale],
            environment: CLI.freshEnvironment(home: home))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("<html lang=\"\(expected)\">"), "\(result.stdout.prefix(200))")
    }
}
