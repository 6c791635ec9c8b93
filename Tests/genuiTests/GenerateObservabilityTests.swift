import Foundation
import GenUITestSupport
import Testing

/// `genui generate --trace`, `--log-level` and `GENUI_LOG_LEVEL`.
@Suite("genui generate: trace and logs", .tags(.integration))
struct GenerateObservabilityTests {
    @Test("--trace prints the span tree: the route, the skipped member as an event, the attempt that served")
    func traceTree() throws {
        try CLI.requireBinary()
        let home = try CLI.homeWithScriptedChain()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try CLI.run(
            ["generate", "A login form", "--trace", "--locale", "en"], environment: CLI.freshEnvironment(home: home))
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex(of: "spans of the request:"), "\(result.stderr)")
        let tree = Array(lines[(header + 1)...])
        #expect(tree.first?.hasPrefix("  genui.route default · ") == true, "\(tree)")
        #expect(tree.first?.contains("genui.route.outcome=served") == true, "\(tree)")
        #expect(
            tree.contains {
                $0.hasPrefix("    • genui.provider.skipped") && $0.contains("gen_ai.provider.name=on-device")
            }, "\(tree)")
        #expect(
            tree.contains { $0.hasPrefix("    chat scripted · ") && $0.contains("gen_ai.usage.output_tokens=") },
            "\(tree)")
        #expect(!result.stderr.contains("[GenUIRouter]"), "no log lines without a log level")
    }

    @Test("GENUI_LOG_LEVEL=debug logs each attempt to stderr; --log-level overrides it; an unknown level is refused")
    func logLevels() throws {
        try CLI.requireBinary()
        let home = try CLI.homeWithScriptedChain()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let debug = try CLI.run(
            ["generate", "A login form"],
            environment: CLI.freshEnvironment(home: home, extra: ["GENUI_LOG_LEVEL": "debug"]))
        #expect(debug.status == 0, "\(debug.stderr)")
        #expect(debug.stderr.contains("attempt served"), "\(debug.stderr)")
        #expect(debug.stderr.contains("falling back past a provider"), "\(debug.stderr)")

        let quieter = try CLI.run(
            ["generate", "A login form", "--log-level", "error"],
            environment: CLI.freshEnvironment(home: home, extra: ["GENUI_LOG_LEVEL": "debug"]))
        #expect(quieter.status == 0)
        #expect(!quieter.stderr.contains("attempt served"), "\(quieter.stderr)")

        let unknown = try CLI.run(
            ["generate", "A login form", "--log-level", "loud", "--locale", "de"],
            environment: CLI.freshEnvironment(home: home))
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("verwende eines von"), "\(unknown.stderr)")
    }
}
