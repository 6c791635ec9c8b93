import Foundation
import GenUI
import GenUIConfig
import GenUIRouter
import GenUITestSupport
import Testing

@Suite("providers.yml loading", .tags(.unit))
struct ConfigurationLoadingTests {
    let designExample = """
        version: 1
        default_chain: default
        chains:
          default: [on-device, ollama, openai, scripted]
        providers:
          on-device: { type: llama.cpp, model: ~/.cache/genui/models/SmolLM2-135M-Instruct.Q4_1.gguf, context: 4096 }
          ollama:    { type: ollama, host: "${OLLAMA_HOST:-http://127.0.0.1:11434}", model: qwen2.5:0.5b }
          openai:    { type: openai, base_url: https://api.openai.com/v1, api_key_env: OPENAI_API_KEY, model: gpt-4o-mini }
          scripted:  { type: scripted }
        """

    @Test("parses every provider type's settings into typed values")
    func parsesDesignExample() throws {
        let loader = ConfigurationLoader(
            environment: ["OLLAMA_HOST": "http://127.0.0.1:9999"], currentDirectory: "/", homeDirectory: "/")
        let configuration = try loader.parse(designExample)
        #expect(configuration.defaultChain == "default")
        #expect(configuration.providers.map(\.type) == [.llamaCpp, .ollama, .openai, .scripted])
        guard let llama = configuration.providers[0].options(as: LlamaCppSettings.self) else {
            Issue.record("not llama.cpp")
            return
        }
        #expect(llama.context == 4096)
        #expect(!llama.model.hasPrefix("~"))
        guard let ollama = configuration.providers[1].options(as: OllamaSettings.self) else {
            Issue.record("not ollama")
            return
        }
        #expect(ollama.host == "http://127.0.0.1:9999")
        guard let openai = configuration.providers[2].options(as: OpenAISettings.self) else {
            Issue.record("not openai")
            return
        }
        #expect(openai.apiKeyEnv == "OPENAI_API_KEY")
        #expect(configuration.variablesRead == ["OLLAMA_HOST"])
    }

    @Test("a ${VAR:-default} uses the default when the variable is unset")
    func interpolationDefault() throws {
        let configuration = try ConfigurationLoader(environment: [:]).parse(designExample)
        guard let ollama = configuration.provider(named: "ollama")?.options(as: OllamaSettings.self) else {
            Issue.record("no ollama")
            return
        }
        #expect(ollama.host == "http://127.0.0.1:11434")
    }

    @Test("an unset ${VAR} without default makes that provider not configured, not the file invalid")
    func unresolvedVariable() async throws {
        let text = replacing(8, with: "    model: ${OLLAMA_MODEL}")
        let configuration = try ConfigurationLoader(environment: [:]).parse(text)
        #expect(configuration.provider(named: "local")?.unresolvedVariables == ["OLLAMA_MODEL"])
        let models = configuration.makeProviders(context: ProviderBuildContext(environment: [:]))
        #expect(await models[0].availability == .unavailable(.notConfigured(missing: "OLLAMA_MODEL")))
    }

    @Test("anthropic, gemini and llama.cpp settings parse with defaults and overrides")
    func otherTypes() throws {
        let text = """
            version: 1
            providers:
              claude: { type: anthropic, model: claude-haiku, structured_output: tool, timeout: 45s }
              gem: { type: gemini, model: gemini-2.0-flash, api_key_env: MY_GEMINI_KEY }
              local: { type: llama.cpp, model: /m.gguf, binary: /opt/llama-server, threads: 2, idle_timeout: 5m, model_size: 98 MB }
              compat: { type: openai, model: smol, base_url: "http://127.0.0.1:8080/v1", api_key_env: ~ }
            """
        let configuration = try ConfigurationLoader(environment: [:]).parse(text)
        #expect(configuration.chain(named: "default")?.providers == ["claude", "gem", "local", "compat"])
        guard let claude = configuration.providers[0].options(as: AnthropicSettings.self) else {
            Issue.record("anthropic")
            return
        }
        #expect(claude.structuredOutput == .tool)
        #expect(claude.apiKeyEnv == "ANTHROPIC_API_KEY")
        #expect(configuration.providers[0].timeout == .seconds(45))
        guard let gemini = configuration.providers[1].options(as: GeminiSettings.self) else {
            Issue.record("gemini")
            return
        }
        #expect(gemini.apiKeyEnv == "MY_GEMINI_KEY")
        guard let llama = configuration.providers[2].options(as: LlamaCppSettings.self) else {
            Issue.record("llama")
            return
        }
        #expect(llama.idleTimeout == .seconds(300))
        #expect(llama.modelSize == 98_000_000)
        #expect(llama.mmproj == nil)
        guard let compat = configuration.providers[3].options(as: OpenAISettings.self) else {
            Issue.record("openai")
            return
        }
        #expect(compat.apiKeyEnv == nil)
        #expect(configuration.warnings.first?.message.contains("no version") == nil)
    }

    @Test("chain options and policy overrides reach the chain")
    func chainOptions() throws {
        let text = replacing(
            4,
            with: """
                  default:
                    providers: [local, scripted]
                    fallback_on_refusal: true
                    allow_unguided: true
                    deadline: 9s
                    policy: { serverError: stop }
                    breaker: { failures: 5, of_last: 8, cooldown: 10s }
                """)
        let configuration = try ConfigurationLoader(environment: [:]).parse(text)
        let options = try #require(configuration.chain(named: "default")?.options)
        #expect(options.policy.rule(for: .refusal).action == .next)
        #expect(options.policy.rule(for: .serverError).action == .stop)
        #expect(options.allowUnguided)
        #expect(options.deadline == .seconds(9))
        #expect(options.breaker.failureThreshold == 5)
        #expect(options.breaker.sampleSize == 8)
        #expect(options.breaker.coolDown == .seconds(10))
    }

    @Test("lookup order: --config, GENUI_CONFIG, ./providers.yml, ~/.config/genui/providers.yml, built-in")
    func lookupOrder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("genui-lookup-\(UUID().uuidString)")
            .path
        let work = root + "/work"
        let home = root + "/home"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home + "/.config/genui", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        func file(_ chain: String) -> String { "version: 1\nproviders:\n  \(chain): { type: scripted }\n" }

        let builtIn = try ConfigurationLoader(environment: [:], currentDirectory: work, homeDirectory: home).load()
        #expect(builtIn.source.origin == .builtIn)
        #expect(builtIn.chain(named: "default")?.providers == ["on-device"])
        #expect(
            builtIn.providers.map(\.name) == ["on-device"], "the built-in configuration defines no scripted provider")
        #expect(
            builtIn.source.searched.map(\.path) == [work + "/providers.yml", home + "/.config/genui/providers.yml"])

        try ConfigurationWriter.write(file("user"), to: home + "/.config/genui/providers.yml")
        let user = try ConfigurationLoader(environment: [:], currentDirectory: work, homeDirectory: home).load()
        #expect(user.source.origin == .userDirectory)

        try ConfigurationWriter.write(file("cwd"), to: work + "/providers.yml")
        // ./providers.yml is used once the user trusts it (ConfigurationTrustTests covers the untrusted case).
        let cwdBytes = Array(try String(contentsOfFile: work + "/providers.yml", encoding: .utf8).utf8)
        try TrustStore(homeDirectory: home).trust(path: work + "/providers.yml", sha256: SHA256.hexDigest(of: cwdBytes))
        let cwd = try ConfigurationLoader(environment: [:], currentDirectory: work, homeDirectory: home).load()
        #expect(cwd.providers.first?.name == "cwd")

        try ConfigurationWriter.write(file("env"), to: root + "/env.yml")
        let env = try ConfigurationLoader(
            environment: ["GENUI_CONFIG": root + "/env.yml"], currentDirectory: work, homeDirectory: home
        ).load()
        #expect(env.providers.first?.name == "env")

        try ConfigurationWriter.write(file("flag"), to: root + "/flag.yml")
        let flag = try ConfigurationLoader(
            environment: ["GENUI_CONFIG": root + "/env.yml"], currentDirectory: work, homeDirectory: home
        )
        .load(explicitPath: root + "/flag.yml")
        #expect(flag.providers.first?.name == "flag")
        #expect(flag.source.origin == .commandLine)

        #expect(throws: ConfigurationError.self) {
            try ConfigurationLoader(environment: [:], currentDirectory: work, homeDirectory: home).load(
                explicitPath: root + "/missing.yml")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test("display pairs show the name of a secret's variable, never its value")
    func masking() throws {
        let configuration = try ConfigurationLoader(environment: [:]).parse(designExample)
        let openai = try #require(configuration.provider(named: "openai"))
        let pairs = openai.displayPairs(environment: ["OPENAI_API_KEY": "sk-very-secret-value"])
        let rendered = pairs.map { "\($0.0)=\($0.1)" }.joined(separator: " ")
        #expect(rendered.contains("OPENAI_API_KEY (set, ****)"))
        #expect(!rendered.contains("sk-very-secret-value"))
    }

    @Test("enabled: false and GENUI_DISABLE make a provider disabled")
    func disabling() async throws {
        let text = inserting(after: 8, "    enabled: false")
        let configuration = try ConfigurationLoader(environment: [:]).parse(text)
        let models = configuration.makeProviders(
            context: ProviderBuildContext(environment: ["GENUI_DISABLE": "scripted"]))
        #expect(await models[0].availability == .unavailable(.disabled))
        #expect(await models[1].availability == .unavailable(.disabled))
    }

    @Test(
        "a provider that cannot be built reports the most specific reason, searching llama-server as the provider does")
    func unbuiltProviderExplainsItself() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("genui-pending-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = folder.appendingPathComponent("llama-server-custom")
        try "#!/bin/sh\n".write(to: program, atomically: true, encoding: .utf8)
        chmod(program.path, 0o755)
        let model = folder.appendingPathComponent("m.gguf").path
        try "GGUF".write(toFile: model, atomically: true, encoding: .utf8)
        let text = """
            version: 1
            providers:
              named: { type: llama.cpp, binary: llama-server-custom, model: \(model) }
              absent: { type: llama.cpp, binary: llama-server-absent, model: \(model) }
            """
        let configuration = try ConfigurationLoader(environment: [:]).parse(text)
        let context = ProviderBuildContext(environment: ["PATH": "/nonexistent:\(folder.path)"])
        // An empty registry: no provider module is built in.
        let unbuilt = configuration.makeProviders(registry: ProviderRegistry(), context: context)
        #expect(
            await unbuilt[0].availability == .unavailable(.notConfigured(missing: "a provider module for llama.cpp")))
        // The type is registered but its provider cannot be built: the type's own checks say why.
        var failing = ProviderRegistry.standard
        failing.register(.llamaCpp) { _, _ in throw BuildFailure() }
        let models = configuration.makeProviders(registry: failing, context: context)
        #expect(
            await models[0].availability
                == .unavailable(.notConfigured(missing: "a working llama.cpp setup: no module")))
        #expect(await models[1].availability == .unavailable(.runtimeMissing(binary: "llama-server-absent")))
        let facts = await (models[0].base as? PendingProviderModel)?.facts() ?? []
        #expect(facts.contains { $0.text == "llama-server: \(program.path) (found via configuration)" })
    }

    @Test("a built chain routes past unavailable providers to the scripted provider")
    func builtChainRoutes() async throws {
        let configuration = try ConfigurationLoader(environment: [:]).parse(designExample)
        // GENUI_LLAMA_SERVER pins the runtime to a path that does not exist, so no project-local install is found.
        let environment = ["PATH": "/nonexistent", "GENUI_LLAMA_SERVER": "/nonexistent/llama-server"]
        let chain = try #require(configuration.makeChain(context: ProviderBuildContext(environment: environment)))
        let response = try await chain.respond(to: GenerationRequest(prompt: "hello"))
        #expect(response.metadata.provider == "scripted")
        let trace = try #require(response.metadata.trace)
        #expect(trace.steps.first?.unavailableReason == .runtimeMissing(binary: "/nonexistent/llama-server"))
        #expect(trace.steps[2].unavailableReason == .notConfigured(missing: "OPENAI_API_KEY"))
        #expect(chain.members.first?.contextWindow == 4096)
    }
}

/// A builder's failure, as a provider module that cannot set itself up reports it.
private struct BuildFailure: Error, CustomStringConvertible {
    var description: String { "no module" }
}
