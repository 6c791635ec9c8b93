import Foundation
import GenUITestSupport
import Testing

@Suite("genui config check", .tags(.integration))
struct ConfigCheckCommandTests {
    @Test("prints the resolved chains with secrets masked")
    func masked() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let config = TestEnvironment.packageRoot.appendingPathComponent("providers.yml").path
        let result = try CLI.run(
            ["config", "check", "--config", config],
            environment: CLI.freshEnvironment(
                home: home, extra: ["OPENAI_API_KEY": "sk-live-secret", "OLLAMA_HOST": "http://127.0.0.1:7777"]))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("chain `default`: on-device → ollama → openai\n"), "\(result.stdout)")
        #expect(
            !result.stdout.contains("scripted"), "the shipped configuration has no scripted provider: \(result.stdout)")
        #expect(result.stdout.contains("api_key_env: OPENAI_API_KEY (set, ****)"))
        #expect(result.stdout.contains("host: http://127.0.0.1:7777"))
        #expect(!result.stdout.contains("sk-live-secret"))
        #expect(!result.stderr.contains("sk-live-secret"))
    }

    @Test("an invalid file exits 2 with file:line:column and a suggestion")
    func invalid() throws {
        try CLI.requireBinary()
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/providers.yml"
        try
            "version: 1\nchains:\n  default: [scripted, onn-device]\nproviders:\n  scripted: { type: scripted }\n  on-device: { type: llama.cpp, model: /m.gguf }\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        // ./providers.yml is used once trusted (TrustCommandTests covers the untrusted case).
        let trust = try CLI.run(
            ["config", "trust"], environment: CLI.freshEnvironment(home: directory), directory: directory)
        #expect(trust.status == 0, "\(trust.stderr)")
        let result = try CLI.run(
            ["config", "check"], environment: CLI.freshEnvironment(home: directory), directory: directory)
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(path):3:23: error: chains.default[1]"))
        #expect(result.stderr.contains("did you mean 'on-device'?"))
    }
}
