import Foundation
import GenUI
import GenUITestSupport
import GenUITesting
import Testing

/// `genui generate` at `GENUI_LOG_LEVEL=debug` with network providers that hold (planted) API keys and servers that
/// echo them back: the providers' own lines reach stderr, and no key does. `scripts/run-tests` plants its fake keys
/// in these variables and scans the archived stderr as well.
@Suite("genui generate: provider log lines hold no key", .tags(.integration))
struct GenerateLogSecretsTests {
    @Test(
        "debug logs of a request that fails on an OpenAI-compatible and an Anthropic server echoing the keys, then falls back, show each HTTP request and no key"
    )
    func debugLogsHoldNoKey() throws {
        try CLI.requireBinary()
        let environment = ProcessInfo.processInfo.environment
        let openAIKey = environment["GENUI_TEST_OPENAI_KEY"] ?? "sk-genui-log-\(UUID().uuidString)"
        let anthropicKey = environment["GENUI_TEST_ANTHROPIC_KEY"] ?? "sk-ant-genui-log-\(UUID().uuidString)"
        let server = try LoopbackHTTPServer { request, connection in
            let echoed = JSONWriter.quote(
                "rejected \(request.headers.map { "\($0.key)=\($0.value)" }.joined(separator: " "))")
            switch request.path {
            case "/openai/v1/models":
                connection.respond(json: #"{"object":"list","data":[{"id":"m","object":"model","owned_by":"test"}]}"#)
            case "/anthropic/v1/models":
                connection.respond(json: #"{"data":[{"type":"model","id":"claude-test"}],"has_more":false}"#)
            case "/anthropic/v1/messages":
                connection.respond(
                    status: 500, json: #"{"type":"error","error":{"type":"api_error","message":\#(echoed)}}"#,
                    headers: ["X-Echo": anthropicKey])
            default:
                connection.respond(
                    status: 500, json: #"{"error":{"message":\#(echoed),"type":\#(echoed)}}"#,
                    headers: ["X-Echo": openAIKey])
            }
        }
        defer { server.stop() }
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let config = URL(fileURLWithPath: home).appendingPathComponent("providers.yml")
        let base = server.baseURL.absoluteString
        try """
        version: 1
        chains:
          default: [remote, claude, backup]
        providers:
          remote: { type: openai, model: m, base_url: "\(base)/openai/v1", api_key_env: GENUI_TEST_OPENAI_KEY }
          claude: { type: anthropic, model: claude-test, base_url: "\(base)/anthropic", api_key_env: GENUI_TEST_ANTHROPIC_KEY }
          backup: { type: scripted }
        """.write(to: config, atomically: true, encoding: .utf8)

        let result = try CLI.run(
            ["generate", "A login form", "--config", config.path, "--locale", "en"],
            environment: CLI.freshEnvironment(
                home: home,
                extra: [
                    "GENUI_LOG_LEVEL": "debug", "GENUI_TEST_OPENAI_KEY": openAIKey,
                    "GENUI_TEST_ANTHROPIC_KEY": anthropicKey,
                ]))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests.contains { $0.header("authorization") == "Bearer \(openAIKey)" }, "the key was sent")
        #expect(server.requests.contains { $0.header("x-api-key") == anthropicKey }, "the key was sent")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.contains { $0.contains("http request finished") && $0.contains("/openai/v1/chat/completions") },
            "\(result.stderr)")
        #expect(
            lines.contains { $0.contains("http request finished") && $0.contains("/anthropic/v1/messages") },
            "\(result.stderr)")
        #expect(lines.contains { $0.contains("genui.provider=claude") }, "\(result.stderr)")
        for key in [openAIKey, anthropicKey] {
            #expect(!result.stderr.contains(key) && !result.stdout.contains(key))
            #expect(!result.stderr.contains(String(key.suffix(12))))
        }
    }
}
