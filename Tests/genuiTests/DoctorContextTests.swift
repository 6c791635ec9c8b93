import Foundation
import GenUITestSupport
import GenUITesting
import Testing

/// `genui doctor --require context=N` against a configuration whose Anthropic provider states `context: 2048`.
@Suite("genui doctor --require context=N", .tags(.integration), .serialized)
struct DoctorContextTests {
    /// An Anthropic-style endpoint that lists one model: all doctor asks (it never generates or counts here).
    private func anthropicListing() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request, connection in
            if request.path == "/v1/models" {
                connection.respond(
                    json:
                        #"{"data":[{"type":"model","id":"claude-test","display_name":"Claude Test","created_at":"2025-01-01T00:00:00Z"}],"has_more":false}"#
                )
            } else {
                connection.respond(
                    status: 404, json: #"{"type":"error","error":{"type":"not_found_error","message":"Not found"}}"#)
            }
        }
    }

    /// A temporary HOME with a providers.yml: `claude` (anthropic, `context: 2048`) then `backup` (scripted) in the
    /// default chain, and a chain of `claude` alone.
    private func setUp(_ server: LoopbackHTTPServer) throws -> (home: String, config: String) {
        let home = try CLI.temporaryDirectory()
        let config = URL(fileURLWithPath: home).appendingPathComponent("providers.yml")
        try """
        version: 1
        chains:
          default: [claude, backup]
          only-claude: [claude]
        providers:
          claude: { type: anthropic, model: claude-test, base_url: "\(server.baseURL.absoluteString)", api_key_env: GENUI_TEST_ANTHROPIC_KEY, context: 2048 }
          backup: { type: scripted }
        """.write(to: config, atomically: true, encoding: .utf8)
        return (home, config.path)
    }

    private func environment(_ home: String) -> [String: String] {
        CLI.freshEnvironment(home: home, extra: ["GENUI_TEST_ANTHROPIC_KEY": "sk-ant-doctor-\(UUID().uuidString)"])
    }

    @Test(
        "a provider with context: 2048 is skipped for a 3,000-token prompt with both numbers; the chain falls back and exits 0"
    )
    func skippedWithBothNumbers() throws {
        try CLI.requireBinary()
        let server = try anthropicListing()
        defer { server.stop() }
        let (home, config) = try setUp(server)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try CLI.run(
            ["doctor", "--config", config, "--require", "context=3000", "--locale", "en"],
            environment: environment(home))
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("chain `default` would use: backup"), "\(result.stdout)")
        let skipLine = try #require(
            result.stdout.split(separator: "\n").first { $0.contains("claude") && $0.contains("context window") },
            "\(result.stdout)")
        #expect(skipLine.contains("3000") && skipLine.contains("2048"), "\(skipLine)")
        #expect(server.requests.map(\.path) == ["/v1/models"])
    }

    @Test("--json names the skip as contextWindowTooSmall with both numbers in its message")
    func jsonSkip() throws {
        try CLI.requireBinary()
        let server = try anthropicListing()
        defer { server.stop() }
        let (home, config) = try setUp(server)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try CLI.run(
            ["doctor", "--config", config, "--require", "context=3000", "--json"], environment: environment(home))
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        try DoctorSchema.validate(object)
        let chains = try #require(object["chains"] as? [[String: Any]])
        let chain = try #require(chains.first { $0["name"] as? String == "default" })
        #expect(chain["wouldUse"] as? String == "backup")
        let skipped = try #require(chain["skipped"] as? [[String: Any]])
        let claude = try #require(skipped.first { $0["provider"] as? String == "claude" })
        #expect(claude["reason"] as? String == "contextWindowTooSmall")
        let message = try #require(claude["message"] as? String)
        #expect(message.contains("3000") && message.contains("2048"), "\(message)")
    }

    @Test("a chain of only that provider cannot serve the prompt: exit status 1, with both numbers")
    func cannotServe() throws {
        try CLI.requireBinary()
        let server = try anthropicListing()
        defer { server.stop() }
        let (home, config) = try setUp(server)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try CLI.run(
            ["doctor", "--config", config, "--chain", "only-claude", "--require", "context=3000", "--locale", "en"],
            environment: environment(home))
        #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("3000") && result.stdout.contains("2048"), "\(result.stdout)")

        let fits = try CLI.run(
            ["doctor", "--config", config, "--chain", "only-claude", "--require", "context=1000", "--locale", "en"],
            environment: environment(home))
        #expect(fits.status == 0, "\(fits.stdout)\n\(fits.stderr)")
        #expect(fits.stdout.contains("chain `only-claude` would use: claude"), "\(fits.stdout)")
    }
}
