import Foundation
import GenUITestSupport
import Testing

@Suite("genui generate", .tags(.integration))
struct GenerateCommandTests {
    /// A chain in which nothing can serve: the runtime is missing and the cloud key is unset.
    static let brokenChain = """
        version: 1
        chains:
          default: [on-device, openai]
        providers:
          on-device: { type: llama.cpp, model: /nonexistent/model.gguf, binary: /nonexistent/llama-server }
          openai:    { type: openai, base_url: "http://127.0.0.1:9/v1", api_key_env: GENUI_UNSET_TEST_KEY, model: m }
        """

    @Test(
        "when no provider can serve, the error and each provider's reason are printed in the user's language",
        arguments: [
            ("en", "could not compose the screen", "genui doctor"),
            ("de", "Der Bildschirm konnte nicht erstellt werden", "genui doctor"),
            ("ja", "画面を構成できませんでした", "genui doctor"),
        ])
    func noProviderExplained(locale: String, failure: String, hint: String) throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let config = URL(fileURLWithPath: home).appendingPathComponent("providers.yml")
        try Self.brokenChain.write(to: config, atomically: true, encoding: .utf8)
        let result = try CLI.run(
            ["generate", "A login form", "--config", config.path, "--locale", locale],
            environment: CLI.freshEnvironment(home: home))
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty, "nothing but the screen goes to stdout")
        #expect(result.stderr.contains(failure), "\(result.stderr)")
        #expect(result.stderr.contains("on-device") && result.stderr.contains("openai"), "\(result.stderr)")
        #expect(result.stderr.contains("/nonexistent/llama-server"), "the runtime reason names the missing binary")
        #expect(result.stderr.contains("GENUI_UNSET_TEST_KEY"), "the cloud reason names the unset variable")
        #expect(result.stderr.contains(hint))
    }

    @Test("a chain that is not in the configuration is a clear error naming the known chains")
    func unknownChain() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let config = URL(fileURLWithPath: home).appendingPathComponent("providers.yml")
        try Self.brokenChain.write(to: config, atomically: true, encoding: .utf8)
        let result = try CLI.run(
            ["generate", "A login form", "--config", config.path, "--chain", "fast"],
            environment: CLI.freshEnvironment(home: home))
        #expect(result.status != 0)
        #expect(result.stderr.contains("no chain named 'fast'"), "\(result.stderr)")
        #expect(result.stderr.contains("default"))
    }
}
