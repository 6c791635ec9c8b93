import Foundation
import GenUI
import GenUITesting
import Testing

/// Every line genui prints comes from the message catalog: run with `--locale en-XA`, whose every catalog text is
/// accented and bracketed `⟦…⟧`, no line may keep an ASCII letter except in the user's own data and the names of
/// providers, models, files, settings and commands.
///
/// How to keep it green (docs/diagnostics.md): print through the catalog (`diagnostics.text`), pass data as
/// placeholder values, and when a new command or flag prints, add it to ``runs``.
@Suite("pseudo-locale: every printed line comes from the catalog")
struct PseudoLocaleTests {
    /// Words that are names, not text: providers, types, models, chains, variables, capabilities, settings, commands.
    static let names: Set<String> = Set([
        "genui", "doctor", "generate", "render", "config", "check", "init", "trust",
        "on-device", "openai", "scripted", "slow", "llama.cpp", "llama-server", "m", "model.gguf", "default", "fast",
        "GENUI_UNSET_TEST_KEY", "GENUI_SLOW_TEST_KEY", "GENUI_LLAMA_SERVER", "guided-generation", "seeded-sampling",
        "streaming", "type", "model", "binary", "base_url", "api_key_env", "timeout", "seed", "providers", "chains",
        "nosuch", "bogus", "disabled", "rateLimited", "unauthorized", "runtimeMissing", "on-devcie", "timeuot",
        "providers.yml", "screen.json", "missing.json", "existing.yml", "dangling.yml",
        "ollama", "anthropic", "gemini", "enabled", "requires", "capabilities", "context", "threads", "idle_timeout",
        "model_size", "version", "title", "hang", "crash",
    ]).union(UnavailableReason.allCodes + LanguageModelError.allCodes)

    /// The lines of `output` that keep an ASCII letter outside the names, the user's data and paths.
    static func untransformed(_ output: String, data: [String]) -> [String] {
        output.split(separator: "\n").map(String.init).filter { line in
            var rest = line
            // The user's own data (the intent, the screen's texts) and paths, longest first.
            for item in data.sorted(by: { $0.count > $1.count }) { rest = rest.replacingOccurrences(of: item, with: " ") }
            let words = rest.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber || "_-.:/$[]{}@".contains($0))) })
            return words.contains { word in
                let word = String(word).trimmingCharacters(in: CharacterSet(charactersIn: ".:[]{}"))
                guard word.contains(where: { $0.isASCII && $0.isLetter }) else { return false }
                if names.contains(word) || word.hasPrefix("/") || word.hasPrefix("http") || word.hasPrefix("$") { return false }
                // Key paths and option names: `providers.slow.timeout`, `chains.default[1]`, `--simulate`.
                if word.hasPrefix("providers.") || word.hasPrefix("chains.") || word.hasPrefix("sections") || word.hasPrefix("-") {
                    return false
                }
                return true
            }
        }
    }

    struct Run {
        var arguments: [String]
        var extraEnvironment: [String: String] = [:]
        /// Whether stdout holds the user's content (a rendered screen), which is data.
        var stdoutIsContent = false
    }

    static let validConfiguration = """
        version: 1
        chains:
          default: [on-device, openai, scripted]
        providers:
          on-device: { type: llama.cpp, model: /nonexistent/model.gguf, binary: /nonexistent/llama-server }
          openai:    { type: openai, base_url: "http://127.0.0.1:9/v1", api_key_env: GENUI_UNSET_TEST_KEY, model: m, timeout: 5s }
          scripted:  { type: scripted }
        """

    static let invalidConfiguration = """
        chains:
          default: [on-devcie, scripted]
        providers:
          on-device: { type: llama.cpp, model: /nonexistent/model.gguf, timeuot: 5s }
          scripted: { type: scripted, seed: "x" }
          openai: { type: openai, model: m, api_key_env: sk-abcdefghijklmnopqrstuvwxyz }
          bogus: { type: nosuch }
        """

    static let brokenChain = """
        version: 1
        chains:
          default: [on-device, openai]
        providers:
          on-device: { type: llama.cpp, model: /nonexistent/model.gguf, binary: /nonexistent/llama-server }
          openai:    { type: openai, base_url: "http://127.0.0.1:9/v1", api_key_env: GENUI_UNSET_TEST_KEY, model: m }
        """

    @Test("doctor, config, generate and render print no line that bypasses the catalog")
    func everyLineIsFromTheCatalog() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        func write(_ name: String, _ text: String) throws -> String {
            let path = URL(fileURLWithPath: home).appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let valid = try write("providers.yml", Self.validConfiguration)
        let invalid = try write("invalid.yml", Self.invalidConfiguration)
        let broken = try write("broken.yml", Self.brokenChain)
        let scripted = try write("scripted.yml", "version: 1\nchains:\n  default: [scripted]\nproviders:\n  scripted: { type: scripted }\n")
        let existing = try write("existing.yml", "x")
        let dangling = URL(fileURLWithPath: home).appendingPathComponent("dangling.yml").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: home + "/nowhere/none.yml")

        let server = try GenerateAdviceTests.silentServer()
        defer { server.stop() }
        try FileManager.default.createDirectory(atPath: home + "/slow", withIntermediateDirectories: true)
        let slow = try GenerateAdviceTests.slowConfiguration(port: server.port, home: home + "/slow")

        // A saved screen with a blank title and two sections of the same title: render's validation issues.
        let generated = try CLI.run(
            ["generate", "A login form", "--config", scripted, "--format", "json"], environment: CLI.freshEnvironment(home: home))
        var document = try #require(try JSONSerialization.jsonObject(with: Data(generated.stdout.utf8)) as? [String: Any])
        document["title"] = "   "
        if var sections = document["sections"] as? [[String: Any]], sections.count >= 2 {
            sections[1]["title"] = sections[0]["title"]
            document["sections"] = sections
        }
        let screen = try write("screen.json", String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self))
        let screenTexts = Self.texts(in: document)

        let runs: [Run] = [
            Run(arguments: ["doctor", "--config", valid]),
            Run(arguments: ["doctor", "--config", valid, "-v"]),
            Run(arguments: ["doctor", "--config", valid, "--simulate", "scripted=disabled", "openai=rateLimited", "on-device=unauthorized"]),
            Run(arguments: ["doctor", "--config", valid, "--simulate", "scripted=deviceNotEligible", "openai=modelNotReady", "on-device=invalidModel"]),
            Run(arguments: ["doctor", "--config", valid, "--chain", "fast"]),
            Run(arguments: ["doctor", "--config", valid, "--simulate", "nosuch"]),
            Run(arguments: ["doctor", "--config", valid, "--simulate", "nosuch=disabled"]),
            Run(arguments: ["doctor", "--config", valid, "--simulate", "scripted=bogus"]),
            Run(arguments: ["doctor", "--config", invalid]),
            Run(arguments: ["doctor", "--config", home + "/missing.yml"]),
            Run(arguments: ["config", "check", "--config", valid]),
            Run(arguments: ["config", "check", "--config", invalid]),
            Run(arguments: ["config", "init", "--out", existing]),
            Run(arguments: ["config", "init", "--out", dangling, "--force"]),
            Run(arguments: ["generate", "A login form", "--config", scripted], stdoutIsContent: true),
            Run(arguments: ["generate", "A login form", "--config", scripted, "-v"], stdoutIsContent: true),
            Run(arguments: ["generate", "A login form", "--config", broken]),
            Run(arguments: ["generate", "A login form", "--config", broken, "-v"]),
            Run(arguments: ["generate", "A login form", "--config", slow], extraEnvironment: ["GENUI_SLOW_TEST_KEY": "k"]),
            Run(arguments: ["generate", "A login form", "--config", valid, "--chain", "fast"]),
            Run(arguments: ["generate", "A login form", "--config", invalid]),
            Run(arguments: ["generate", "A login form", "--config", scripted, "--temperature", "3"]),
            Run(arguments: ["generate", "   ", "--config", scripted]),
            Run(arguments: ["render", home + "/missing.json"]),
            Run(arguments: ["render", screen]),
        ]
        let data = ["A login form", home, "127.0.0.1:\(server.port)"] + screenTexts
        for run in runs {
            let result = try CLI.run(
                run.arguments + ["--locale", "en-XA"],
                environment: CLI.freshEnvironment(home: home, extra: ["NO_COLOR": "1"].merging(run.extraEnvironment) { $1 }))
            let printed = (run.stdoutIsContent ? "" : result.stdout) + result.stderr
            if !run.stdoutIsContent {
                #expect(!printed.isEmpty, "genui \(run.arguments.joined(separator: " ")) printed nothing")
            }
            let offending = Self.untransformed(printed, data: data)
            #expect(offending.isEmpty, "genui \(run.arguments.joined(separator: " ")):\n\(offending.joined(separator: "\n"))")
        }
    }

    @Test("the pseudo-locale marks an untranslated line, and leaves placeholders and names as they are")
    func detectorWorks() {
        #expect(Self.untransformed("genui: could not compose the screen", data: []) == ["genui: could not compose the screen"])
        #expect(Self.untransformed("genui: ⟦çóúĺđ ñóţ çóḿþóšé⟧ on-device /tmp/x", data: []).isEmpty)
        #expect(Self.untransformed("⟦ḿóđéĺ A login form⟧", data: ["A login form"]).isEmpty)
    }

    /// Every string in a screen document (the content, which is the user's data).
    static func texts(in value: Any) -> [String] {
        switch value {
        case let text as String: text.count > 1 ? [text] : []
        case let array as [Any]: array.flatMap(texts)
        case let object as [String: Any]: object.values.flatMap(texts)
        default: []
        }
    }
}
