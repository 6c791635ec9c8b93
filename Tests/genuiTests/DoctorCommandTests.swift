import Foundation
import GenUITestSupport
import Testing

/// What doctor says, in each shipped language, when the on-device runtime is missing.
struct LocalizedExpectation: Sendable, CustomTestStringConvertible {
    var locale: String
    var runtimeMissing: String
    /// The verdict on a chain none of whose members can serve.
    var cannotServe: String
    /// The scripted provider's capabilities as `doctor -v` lists them: guided generation, streaming, seeded sampling.
    var capabilities: String
    var testDescription: String { locale }
}

let localizedExpectations = [
    LocalizedExpectation(
        locale: "en", runtimeMissing: "The runtime program llama-server is not installed.",
        cannotServe: "chain `default` cannot serve: no provider is usable",
        capabilities: "guided generation, seeded sampling, streaming"),
    LocalizedExpectation(
        locale: "de", runtimeMissing: "Das Laufzeitprogramm llama-server ist nicht installiert.",
        cannotServe: "Kette `default` kann nicht antworten: kein Anbieter ist nutzbar",
        capabilities: "geführte Generierung, reproduzierbares Sampling mit Seed, Streaming"),
    LocalizedExpectation(
        locale: "fr", runtimeMissing: "Le programme d’exécution llama-server n’est pas installé.",
        cannotServe: "la chaîne `default` ne peut pas répondre : aucun fournisseur n’est utilisable",
        capabilities: "génération guidée, échantillonnage reproductible par graine, diffusion en continu"),
    LocalizedExpectation(
        locale: "es", runtimeMissing: "El programa de ejecución llama-server no está instalado.",
        cannotServe: "la cadena `default` no puede responder: ningún proveedor es utilizable",
        capabilities: "generación guiada, muestreo reproducible con semilla, transmisión en flujo"),
    LocalizedExpectation(
        locale: "ja", runtimeMissing: "実行プログラム llama-server がインストールされていません。",
        cannotServe: "チェーン `default` は応答できません：使えるプロバイダーがありません",
        capabilities: "ガイド付き生成、シード指定による再現可能なサンプリング、ストリーミング"),
    LocalizedExpectation(
        locale: "zh-Hans", runtimeMissing: "运行程序 llama-server 未安装。",
        cannotServe: "链 `default` 无法提供服务：没有可用的提供方",
        capabilities: "引导生成、基于种子的可复现采样、流式输出"),
]

@Suite("genui doctor", .tags(.integration), .serialized)
struct DoctorCommandTests {
    /// The repository's own providers.yml: the default configuration.
    var defaultConfig: String { TestEnvironment.packageRoot.appendingPathComponent("providers.yml").path }

    /// Writes, into `home`, the default configuration's chain with the scripted provider behind it, and returns its
    /// path: for the tests of doctor's own options and output, which need a chain that serves on a machine with no
    /// runtime, no daemon and no key. The shipped and built-in chains have no scripted member (`freshMachine` and
    /// `builtInDefault` check that).
    static func scriptedChain(in home: String, openAIBaseURL: String = "https://api.openai.com/v1") throws -> String {
        let path = home + "/scripted-providers.yml"
        try """
        version: 1
        default_chain: default
        chains:
          default: [on-device, ollama, openai, scripted]
        providers:
          on-device: { type: llama.cpp, model: ~/.cache/genui/models/SmolLM2-135M-Instruct.Q4_1.gguf, context: 4096 }
          ollama:    { type: ollama, host: "${OLLAMA_HOST:-http://127.0.0.1:11434}", model: qwen2.5:0.5b }
          openai:    { type: openai, base_url: \(openAIBaseURL), api_key_env: OPENAI_API_KEY, model: gpt-4o-mini }
          scripted:  { type: scripted }

        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(
        "on a fresh machine, doctor explains the missing on-device runtime and that the default chain cannot serve",
        arguments: localizedExpectations)
    func freshMachine(_ expected: LocalizedExpectation) throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try CLI.run(
            ["doctor", "--config", defaultConfig, "--locale", expected.locale],
            environment: CLI.freshEnvironment(home: home))
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains(expected.runtimeMissing), "\(result.stdout)")
        #expect(result.stdout.contains(expected.cannotServe), "\(result.stdout)")
        #expect(result.stdout.contains("✗  on-device"))
        #expect(!result.stdout.contains("scripted"), "the shipped chain has no scripted member: \(result.stdout)")
    }

    @Test(
        "doctor -v names capabilities in the user's language, never by their identifiers",
        arguments: localizedExpectations)
    func localizedCapabilities(_ expected: LocalizedExpectation) throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try CLI.run(
            [
                "doctor", "--config", try Self.scriptedChain(in: home), "-v", "--require", "streaming", "--locale",
                expected.locale,
            ],
            environment: CLI.freshEnvironment(home: home))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(expected.capabilities), "\(result.stdout)")
        for identifier in ["guided-generation", "seeded-sampling", "streaming"]
        where expected.locale != "en" || identifier != "streaming" {
            #expect(!result.stdout.contains(identifier), "\(identifier) printed as an identifier: \(result.stdout)")
        }
    }

    @Test("the language also comes from LANG when --locale is absent")
    func languageFromEnvironment() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try CLI.run(
            ["doctor", "--config", try Self.scriptedChain(in: home)],
            environment: CLI.freshEnvironment(home: home, extra: ["LANG": "de_DE.UTF-8"]))
        #expect(result.stdout.contains("Kette `default` würde verwenden: scripted"), "\(result.stdout)")
    }

    @Test("--json follows the documented schema genui.doctor/1")
    func jsonSchema() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        // The default chain with scripted behind it, and the cloud endpoint moved to a closed loopback port: with a
        // key set, doctor checks the endpoint, and tests talk to loopback only.
        let config = try Self.scriptedChain(in: home, openAIBaseURL: "http://127.0.0.1:9/v1")
        let result = try CLI.run(
            ["doctor", "--config", config, "--json"],
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
        let result = try CLI.run(
            ["doctor", "--config", path, "--json"], environment: CLI.freshEnvironment(home: directory))
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
        let config = try Self.scriptedChain(in: home)
        let result = try CLI.run(
            ["doctor", "--config", config, "--simulate", "scripted=disabled"], environment: environment)
        #expect(result.status == 1)
        #expect(result.stdout.contains("chain `default` cannot serve"))
        #expect(result.stdout.contains("scripted is skipped: The provider is turned off."))

        let failing = try CLI.run(
            ["doctor", "--config", config, "--simulate", "scripted=serverError", "--json"], environment: environment)
        #expect(failing.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(failing.stdout.utf8)) as? [String: Any])
        let chain = try #require((object["chains"] as? [[String: Any]])?.first)
        #expect(chain["canServe"] as? Bool == false)
        let steps = try #require((chain["trace"] as? [String: Any])?["steps"] as? [[String: Any]])
        #expect(steps.last?["reason"] as? String == "serverError")
        #expect(steps.last?["action"] as? String == "nextProvider")
        let passedOver = try #require(chain["skipped"] as? [[String: Any]])
        #expect(passedOver.last?["outcome"] as? String == "failed")

        let text = try CLI.run(
            ["doctor", "--config", config, "--simulate", "scripted=serverError"], environment: environment)
        #expect(text.stdout.contains("scripted was tried and failed: "), "\(text.stdout)")
        #expect(!text.stdout.contains("scripted is skipped"))
    }

    @Test(
        "a provider whose check never answers is shown pending and doctor still finishes; a crashed check has its own mark"
    )
    func pendingAndCrashed() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let config = try Self.scriptedChain(in: home)
        let result = try CLI.run(
            ["doctor", "--config", config, "--timeout", "0.5", "--simulate", "ollama=hang", "openai=crash"],
            environment: CLI.freshEnvironment(home: home))
        #expect(result.status == 0)
        #expect(result.stdout.contains("…  ollama"))
        #expect(result.stdout.contains("‼  openai"))
        #expect(result.stdout.contains("the check itself failed"))
        #expect(result.stdout.contains("chain `default` would use: scripted"))

        let strict = try CLI.run(
            ["doctor", "--config", config, "--timeout", "0.5", "--simulate", "ollama=hang", "--strict"],
            environment: CLI.freshEnvironment(home: home))
        #expect(strict.status == 1)
    }

    @Test("--require, --chain and -v")
    func options() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = CLI.freshEnvironment(home: home)
        let config = try Self.scriptedChain(in: home)
        let verbose = try CLI.run(
            ["doctor", "--config", config, "-v", "--require", "guided-generation", "--chain", "default"],
            environment: environment)
        #expect(verbose.status == 0)
        #expect(verbose.stdout.contains("required capabilities: guided generation"))
        #expect(verbose.stdout.contains("looked for a configuration at: \(config) (found)"))
        #expect(verbose.stdout.contains("llama-server not found on PATH"))
        #expect(verbose.stdout.contains("environment variables read: OLLAMA_HOST"))

        let unknown = try CLI.run(["doctor", "--config", config, "--chain", "nope"], environment: environment)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no chain named 'nope'"))
    }

    @Test("--require tool-calling passes over a provider that cannot call tools, and says so")
    func requireToolCalling() throws {
        try CLI.requireBinary()
        // The user's providers.yml: the built-in chain with the scripted provider behind it.
        let directory = try CLI.homeWithScriptedChain()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try CLI.run(
            ["doctor", "--require", "tool-calling", "--locale", "en"],
            environment: CLI.freshEnvironment(home: directory),
            directory: directory)
        #expect(result.stdout.contains("required capabilities: tool calling"), "\(result.stdout)")
        #expect(
            result.stdout.contains("lacks tool calling"), "the scripted provider cannot call tools: \(result.stdout)")
        #expect(!result.stdout.contains("would use: scripted"), "\(result.stdout)")
    }

    @Test("without any configuration file the built-in default is used")
    func builtInDefault() throws {
        try CLI.requireBinary()
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try CLI.run(
            ["doctor", "-v"], environment: CLI.freshEnvironment(home: directory), directory: directory)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("<built-in default>"))
        #expect(result.stdout.contains("The runtime program llama-server is not installed."), "\(result.stdout)")
        #expect(result.stdout.contains("chain `default` cannot serve: no provider is usable"), "\(result.stdout)")
        #expect(!result.stdout.contains("would use"), "\(result.stdout)")
        #expect(!result.stdout.contains("scripted"), "nothing names a scripted provider: \(result.stdout)")
        #expect(result.stdout.contains("using the built-in default (the on-device model alone)"), "\(result.stdout)")

        let json = try CLI.run(
            ["doctor", "--json"], environment: CLI.freshEnvironment(home: directory), directory: directory)
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["configuration"] as? [String: Any])?["origin"] as? String == "built-in")
        let providers = try #require(object["providers"] as? [[String: Any]])
        #expect(
            providers.map { $0["name"] as? String } == ["on-device"],
            "the built-in configuration defines no scripted provider")
        let chain = try #require((object["chains"] as? [[String: Any]])?.first)
        #expect(chain["providers"] as? [String] == ["on-device"])
        #expect(chain["canServe"] as? Bool == false)
        #expect(chain["wouldUse"] == nil)
        #expect(object["exitCode"] as? Int == 1)
    }

    @Test("output has no colour when NO_COLOR is set or stdout is not a terminal")
    func noColour() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try CLI.run(
            ["doctor", "--config", defaultConfig],
            environment: CLI.freshEnvironment(home: home, extra: ["NO_COLOR": "1", "TERM": "xterm"]))
        #expect(!result.stdout.contains("\u{1B}["))
    }
}
