import Foundation
import GenUITestSupport
import Testing

/// What doctor says, in each shipped language, when the on-device runtime is missing.
struct LocalizedExpectation: Sendable, CustomTestStringConvertible {
    var locale: String
    var runtimeMissing: String
    var wouldUse: String
    /// The scripted provider's capabilities as `doctor -v` lists them: guided generation, streaming, seeded sampling.
    var capabilities: String
    var testDescription: String { locale }
}

let localizedExpectations = [
    LocalizedExpectation(locale: "en", runtimeMissing: "The runtime program llama-server is not installed.",
                         wouldUse: "chain `default` would use: scripted",
                         capabilities: "guided generation, seeded sampling, streaming"),
    LocalizedExpectation(locale: "de", runtimeMissing: "Das Laufzeitprogramm llama-server ist nicht installiert.",
                         wouldUse: "Kette `default` würde verwenden: scripted",
                         capabilities: "geführte Generierung, reproduzierbares Sampling mit Seed, Streaming"),
    LocalizedExpectation(locale: "fr", runtimeMissing: "Le programme d’exécution llama-server n’est pas installé.",
                         wouldUse: "la chaîne `default` utiliserait : scripted",
                         capabilities: "génération guidée, échantillonnage reproductible par graine, diffusion en continu"),
    LocalizedExpectation(locale: "es", runtimeMissing: "El programa de ejecución llama-server no está instalado.",
                         wouldUse: "la cadena `default` usaría: scripted",
                         capabilities: "generación guiada, muestreo reproducible con semilla, transmisión en flujo"),
    LocalizedExpectation(locale: "ja", runtimeMissing: "実行プログラム llama-server がインストールされていません。",
                         wouldUse: "チェーン `default` が使うプロバイダー：scripted",
                         capabilities: "ガイド付き生成、シード指定による再現可能なサンプリング、ストリーミング"),
    LocalizedExpectation(locale: "zh-Hans", runtimeMissing: "运行程序 llama-server 未安装。",
                         wouldUse: "链 `default` 将使用：scripted",
                         capabilities: "引导生成、基于种子的可复现采样、流式输出"),
]

@Suite("genui doctor", .tags(.integration), .serialized)
struct DoctorCommandTests {
    /// The repository's own providers.yml: the default configuration.
    var defaultConfig: String { TestEnvironment.packageRoot.appendingPathComponent("providers.yml").path }

    @Test("on a fresh machine, doctor explains the missing on-device runtime and that scripted would serve", arguments: localizedExpectations)
    func freshMachine(_ expected: LocalizedExpectation) throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try CLI.run(
            ["doctor", "--config", defaultConfig, "--locale", expected.locale],
            environment: CLI.freshEnvironment(home: home))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(expected.runtimeMissing), "\(result.stdout)")
        #expect(result.stdout.contains(expected.wouldUse), "\(result.stdout)")
        #expect(result.stdout.contains("✗  on-device"))
        #expect(result.stdout.contains("✓  scripted"))
    }

    @Test("doctor -v names capabilities in the user's language, never by their identifiers", arguments: localizedExpectations)
    func localizedCapabilities(_ expected: LocalizedExpectation) throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try CLI.run(
            ["doctor", "--config", defaultConfig, "-v", "--require", "streaming", "--locale", expected.locale],
            environment: CLI.freshEnvironment(home: home))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(expected.capabilities), "\(result.stdout)")
        for identifier in ["guided-generation", "seeded-sampling", "streaming"] where expected.locale != "en" || identifier != "streaming" {
            #expect(!result.stdout.contains(identifier), "\(identifier) printed as an identifier: \(result.stdout)")
        }
    }

    @Test("the language also comes from LANG when --locale is absent")
    func languageFromEnvironment() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try CLI.run(
            ["doctor", "--config", defaultConfig], environment: CLI.freshEnvironment(home: home, extra: ["LANG": "de_DE.UTF-8"]))
        #expect(result.stdout.contains("Kette `default` würde verwenden: scripted"))
    }

    @Test("--json follows the documented schema genui.doctor/1")
    func jsonSchema() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        // The default configuration, with the cloud endpoint moved to a closed loopback port: with a key set, doctor
        // checks the endpoint, and tests talk to loopback only.
        let config = URL(fileURLWithPath: home).appendingPathComponent("providers.yml")
        let text = try String(contentsOfFile: defaultConfig, encoding: .utf8)
            .replacingOccurrences(of: "https://api.openai.com/v1", with: "http://127.0.0.1:9/v1")
        try text.write(to: config, atomically: true, encoding: .utf8)
        let result = try CLI.run(
            ["doctor", "--config", config.path, "--json"],
            environment: CLI.freshEnvironment(home: home, extra: ["OPENAI_API_KEY": "sk-do-not-print-me"]))
        #expect(result.status == 0)
        #expect(!result.stdout.contains("sk-do-not-print-me"))
        #expect(!result.stdout.contains("\u{1B}["))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        try DoctorSchema.validate(object)
        let providers = try #require(object["providers"] as? [[String: Any]])
        #expect(providers.map { $0["name"] as? String } == ["on-device", "ollama", "openai", "scripted"])
        let onDevice = providers[0]
        #expect(onDevice["status"] as? String == "unavailable")
        #expect((onDevice["reason"] as? [String: Any])?["reason"] as? String == "runtimeMissing")
        let openai = providers[2]
        #expect((openai["secret"] as? [String: Any])?["isSet"] as? Bool == true)
        let chains = try #require(object["chains"] as? [[String: Any]])
        #expect(chains.first?["wouldUse"] as? String == "scripted")
        #expect(object["exitCode"] as? Int == 0)
    }

    @Test("--json on an invalid configuration reports located errors and exits 2")
    func jsonConfigError() throws {
        try CLI.requireBinary()
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/providers.yml"
        try "version: 1\nproviders:\n  a: { type: olama }\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try CLI.run(["doctor", "--config", path, "--json"], environment: CLI.freshEnvironment(home: directory))
        #expect(result.status == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        try DoctorSchema.validate(object)
        let errors = try #require((object["configuration"] as? [String: Any])?["errors"] as? [[String: Any]])
        #expect(errors.first?["line"] as? Int == 3)
        #expect(errors.first?["column"] as? Int == 14)
        #expect(errors.first?["suggestion"] as? String == "ollama")
        #expect(result.stderr.contains("\(path):3:14: error: providers.a.type"))
    }

    @Test("exit 1 when the chain cannot serve, and --simulate goes through the same routing")
    func cannotServe() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = CLI.freshEnvironment(home: home)
        let result = try CLI.run(["doctor", "--config", defaultConfig, "--simulate", "scripted=disabled"], environment: environment)
        #expect(result.status == 1)
        #expect(result.stdout.contains("chain `default` cannot serve"))
        #expect(result.stdout.contains("scripted is skipped: The provider is turned off."))

        let failing = try CLI.run(["doctor", "--config", defaultConfig, "--simulate", "scripted=serverError", "--json"], environment: environment)
        #expect(failing.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(failing.stdout.utf8)) as? [String: Any])
        let chain = try #require((object["chains"] as? [[String: Any]])?.first)
        #expect(chain["canServe"] as? Bool == false)
        let steps = try #require((chain["trace"] as? [String: Any])?["steps"] as? [[String: Any]])
        #expect(steps.last?["reason"] as? String == "serverError")
        #expect(steps.last?["action"] as? String == "nextProvider")
        let passedOver = try #require(chain["skipped"] as? [[String: Any]])
        #expect(passedOver.last?["outcome"] as? String == "failed")

        let text = try CLI.run(["doctor", "--config", defaultConfig, "--simulate", "scripted=serverError"], environment: environment)
        #expect(text.stdout.contains("scripted was tried and failed: "), "\(text.stdout)")
        #expect(!text.stdout.contains("scripted is skipped"))
    }

    @Test("a provider whose check never answers is shown pending and doctor still finishes; a crashed check has its own mark")
    func pendingAndCrashed() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try CLI.run(
            ["doctor", "--config", defaultConfig, "--timeout", "0.5", "--simulate", "ollama=hang", "openai=crash"],
            environment: CLI.freshEnvironment(home: home))
        #expect(result.status == 0)
        #expect(result.stdout.contains("…  ollama"))
        #expect(result.stdout.contains("‼  openai"))
        #expect(result.stdout.contains("the check itself failed"))
        #expect(result.stdout.contains("chain `default` would use: scripted"))

        let strict = try CLI.run(
            ["doctor", "--config", defaultConfig, "--timeout", "0.5", "--simulate", "ollama=hang", "--strict"],
            environment: CLI.freshEnvironment(home: home))
        #expect(strict.status == 1)
    }

    @Test("--require, --chain and -v")
    func options() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = CLI.freshEnvironment(home: home)
        let verbose = try CLI.run(
            ["doctor", "--config", defaultConfig, "-v", "--require", "guided-generation", "--chain", "default"],
            environment: environment)
        #expect(verbose.status == 0)
        #expect(verbose.stdout.contains("required capabilities: guided generation"))
        #expect(verbose.stdout.contains("looked for a configuration at: \(defaultConfig) (found)"))
        #expect(verbose.stdout.contains("llama-server not found on PATH"))
        #expect(verbose.stdout.contains("environment variables read: OLLAMA_HOST"))

        let unknown = try CLI.run(["doctor", "--config", defaultConfig, "--chain", "nope"], environment: environment)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no chain named 'nope'"))
    }

    @Test("--require tool-calling passes over a provider that cannot call tools, and says so")
    func requireToolCalling() throws {
        try CLI.requireBinary()
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try CLI.run(
            ["doctor", "--require", "tool-calling", "--locale", "en"], environment: CLI.freshEnvironment(home: directory),
            directory: directory)
        #expect(result.stdout.contains("required capabilities: tool calling"), "\(result.stdout)")
        #expect(result.stdout.contains("lacks tool calling"), "the scripted provider cannot call tools: \(result.stdout)")
        #expect(!result.stdout.contains("would use: scripted"), "\(result.stdout)")
    }

    @Test("without any configuration file the built-in default is used")
    func builtInDefault() throws {
        try CLI.requireBinary()
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try CLI.run(["doctor", "-v"], environment: CLI.freshEnvironment(home: directory), directory: directory)
        #expect(result.status == 0)
        #expect(result.stdout.contains("<built-in default>"))
        #expect(result.stdout.contains("chain `default` would use: scripted"))
    }

    @Test("output has no colour when NO_COLOR is set or stdout is not a terminal")
    func noColour() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try CLI.run(
            ["doctor", "--config", defaultConfig], environment: CLI.freshEnvironment(home: home, extra: ["NO_COLOR": "1", "TERM": "xterm"]))
        #expect(!result.stdout.contains("\u{1B}["))
    }
}
