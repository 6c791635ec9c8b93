import Foundation
import GenUITestSupport
import GenUITesting
import Testing

/// Hostile values through the real CLI: secrets spliced into fleet URLs, control characters in JSON output,
/// numbers no option can take, and URLs that only look like loopback.
@Suite("hostile URLs, JSON output and numeric options through the CLI", .tags(.integration), .serialized)
struct HostileArgumentsTests {
    /// An OpenAI-compatible server whose models answer and whose completions fail, so a chain falls back.
    static func failingServer() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request, connection in
            if request.path.hasSuffix("/models") {
                connection.respond(json: #"{"object":"list","data":[{"id":"m"}]}"#)
            } else {
                connection.respond(status: 500, json: #"{"error":{"message":"busy","type":"server_error"}}"#)
            }
        }
    }

    @Test(
        "a secret spliced into a fleet endpoint's path never appears in config check, doctor -v, --json, generate -v or debug logs"
    )
    func fleetEndpointSecretsStayMasked() throws {
        try CLI.requireBinary()
        let first = try Self.failingServer()
        let second = try Self.failingServer()
        defer {
            first.stop()
            second.stop()
        }
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let secret = "gwpath-secret-5f1c9a7e3b"
        let config = home + "/providers.yml"
        try """
        version: 1
        chains:
          default: [fleet, scripted]
        providers:
          fleet:
            type: openai
            model: m
            api_key_env: GW_KEY
            strategy: least-busy
            endpoints:
              - "http://127.0.0.1:\(first.port)/${GW_PATH}/v1"
              - { url: "http://127.0.0.1:\(second.port)/${GW_PATH}/v1?key=${GW_PATH}", weight: 2 }
          scripted: { type: scripted }

        """.write(toFile: config, atomically: true, encoding: .utf8)
        let environment = CLI.freshEnvironment(
            home: home, extra: ["GW_PATH": secret, "GW_KEY": "gw-key-3e8a", "NO_COLOR": "1"])
        let runs = try [
            ["config", "check", "--config", config], ["doctor", "-v", "--config", config],
            ["doctor", "--json", "--config", config],
            ["generate", "-v", "--log-level", "debug", "--config", config, "A login form"],
        ].map { try CLI.run($0, environment: environment) }
        for (index, run) in runs.enumerated() {
            let output = run.stdout + run.stderr
            #expect(!output.contains(secret), "run \(index) printed the secret:\n\(output)")
        }
        // The display form names the variable instead, and the debug log shows the path that way.
        #expect(runs[1].stdout.contains("/${GW_PATH}/v1"), "\(runs[1].stdout)")
        #expect(runs[3].stderr.contains("/${GW_PATH}/v1/chat/completions"), "\(runs[3].stderr)")
        // Requests do use the real path (so the checks above could fail).
        let paths = (first.requests + second.requests).map(\.path)
        #expect(paths.contains("/\(secret)/v1/chat/completions"), "\(paths)")
    }

    @Test(
        "render --from a2ui --format json to stdout stays valid JSON when text holds U+202E, U+009B, DEL and bidi marks"
    )
    func jsonOutputKeepsJSONEscapes() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let hostile = "a\u{202E}b\u{9B}c\u{7F}d\u{200F}e\u{1B}[2Jf"
        let escaped = #"a\u202eb\u009bc\u007fd\u200fe\u001b[2Jf"#
        let file = home + "/surface.jsonl"
        try """
        {"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
        {"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"\(escaped)"}]}}

        """.write(toFile: file, atomically: true, encoding: .utf8)
        let environment = CLI.freshEnvironment(home: home)

        let json = try CLI.run(["render", "--from", "a2ui", file, "--format", "json"], environment: environment)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(TerminalInjectionTests.terminalControls(in: json.stdout).isEmpty, "\(json.stdout)")
        #expect(!json.stdout.contains(#"\u{"#), "terminal escapes are not JSON: \(json.stdout)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let surfaces = try #require(object["surfaces"] as? [[String: Any]])
        let root = try #require(surfaces.first?["root"] as? [String: Any])
        #expect((root["properties"] as? [String: Any])?["text"] as? String == hostile, "the value survives exactly")

        // Text output still shows them escaped the terminal way.
        let text = try CLI.run(["render", "--from", "a2ui", file], environment: environment)
        #expect(TerminalInjectionTests.terminalControls(in: text.stdout).isEmpty, "\(text.stdout)")
        #expect(text.stdout.contains(#"\u{202E}"#) && text.stdout.contains(#"\u{200F}"#), "\(text.stdout)")
    }

    @Test("doctor --timeout refuses 1e300, inf, nan, a negative and zero with a usage error instead of trapping")
    func doctorTimeoutIsValidated() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = CLI.freshEnvironment(home: home)
        for value in ["1e300", "inf", "nan", "-1", "0", "3601"] {
            let result = try CLI.run(["doctor", "--timeout=\(value)"], environment: environment)
            #expect(result.status == 64, "--timeout=\(value): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("--timeout is"), "\(result.stderr)")
            #expect(result.stderr.contains("from 0.05 to 3600"), "\(result.stderr)")
        }
        let german = try CLI.run(["doctor", "--timeout=nan", "--locale", "de"], environment: environment)
        #expect(german.stderr.contains("Sekunden"), "\(german.stderr)")
        let fine = try CLI.run(["doctor", "--timeout=0.5"], environment: environment)
        #expect(fine.status != 64, "\(fine.stderr)")
    }

    @Test("http URLs that only begin like loopback are insecure, and a fleet naming one is refused before any request")
    func loopbackLookalikesAreRefused() throws {
        try CLI.requireBinary()
        let server = try Self.failingServer()
        defer { server.stop() }
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = CLI.freshEnvironment(home: home, extra: ["GW_KEY": "gw-key-0c7d1e"])
        // `127.0.0.1@127.1` begins like loopback, but its host is 127.1 (which resolvers send to 127.0.0.1, and the
        // request rule refuses): before, the configuration accepted it and a least-busy fleet read /slots there with
        // the key. `localhost.evil.example` is never contacted: the check refuses it without a lookup.
        for url in [
            "http://127.0.0.1@127.1:\(server.port)/v1", "http://localhost.evil.example/v1",
            "http://127.0.0.1.evil.example/v1",
        ] {
            let config = home + "/providers.yml"
            try """
            version: 1
            providers:
              fleet:
                type: openai
                model: m
                api_key_env: GW_KEY
                strategy: least-busy
                endpoints: ["\(url)"]

            """.write(toFile: config, atomically: true, encoding: .utf8)
            let check = try CLI.run(["config", "check", "--config", config], environment: environment)
            #expect(check.status == 2, "\(url): \(check.stdout)\(check.stderr)")
            #expect(check.stderr.contains("http"), "\(check.stderr)")
            let generate = try CLI.run(["generate", "--config", config, "A login form"], environment: environment)
            #expect(generate.status != 0)
        }
        #expect(server.requests.isEmpty, "a refused URL was contacted: \(server.requests.map(\.path))")
    }
}
