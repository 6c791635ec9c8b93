import GenUI
import GenUIConfig
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Testing

@Suite("ProviderRegistry", .tags(.unit))
struct ProviderRegistryTests {
    struct BrokenSetup: Error, CustomStringConvertible {
        var description: String { "no such socket" }
    }

    let text = """
        version: 1
        chains:
          default: [local, backup]
        providers:
          local: { type: ollama, model: qwen2.5:0.5b, requires: [vision], timeout: 2s, num_ctx: 8192 }
          backup: { type: scripted }
        """

    @Test("a registered builder replaces a type's adapter and receives the typed settings")
    func customBuilder() async throws {
        var registry = ProviderRegistry.standard
        registry.register(.ollama) { settings, _ in
            guard let ollama = settings.options(as: OllamaSettings.self) else { throw BrokenSetup() }
            #expect(ollama.numCtx == 8192)
            return FailingLanguageModel(name: settings.name, capabilities: [.guidedGeneration, .streaming, .vision])
        }
        let configuration = try ConfigurationLoader(environment: [:]).parse(text)
        let chain = try #require(
            configuration.makeChain(registry: registry, context: ProviderBuildContext(environment: [:])))
        #expect(chain.members[0].contextWindow == 8192)
        #expect(chain.members[0].attemptTimeout == .seconds(2))
        #expect(chain.members[0].requiredCapabilities == [.vision])
        let response = try await chain.respond(to: GenerationRequest(prompt: "hi"))
        #expect(response.metadata.provider == "local")
    }

    @Test("a provider lacking a capability it `requires` is skipped")
    func requiresSkips() async throws {
        var registry = ProviderRegistry.standard
        registry.register(.ollama) { settings, _ in FailingLanguageModel(name: settings.name) }
        let configuration = try ConfigurationLoader(environment: [:]).parse(text)
        let chain = try #require(
            configuration.makeChain(registry: registry, context: ProviderBuildContext(environment: [:])))
        let response = try await chain.respond(to: GenerationRequest(prompt: "hi"))
        #expect(response.metadata.trace?.summary == ["local:skipped:missingCapability", "backup:served:served"])
    }

    @Test("a builder that throws leaves the provider not configured, with the reason, and the rest usable")
    func throwingBuilder() async throws {
        var registry = ProviderRegistry.standard
        registry.register(.ollama) { _, _ in throw BrokenSetup() }
        let configuration = try ConfigurationLoader(environment: [:]).parse(text)
        let models = configuration.makeProviders(registry: registry, context: ProviderBuildContext(environment: [:]))
        let availability = await models[0].availability
        guard case .unavailable(.notConfigured(let missing)) = availability else {
            Issue.record("expected notConfigured, got \(availability)")
            return
        }
        #expect(missing.contains("no such socket"))
        #expect(await models[1].availability == .available)
    }

    @Test("built providers report the most specific reason: missing runtime, unset key, refused endpoint")
    func builtProvidersReportReasons() async throws {
        let configuration = try ConfigurationLoader(environment: [:]).parse(
            """
            version: 1
            providers:
              a: { type: llama.cpp, model: /nonexistent/m.gguf, binary: /nonexistent/llama-server }
              b: { type: anthropic, model: claude }
              c: { type: gemini, model: g, api_key_env: G_KEY, base_url: "http://127.0.0.1:9/v1beta" }
            """)
        let models = configuration.makeProviders(context: ProviderBuildContext(environment: ["G_KEY": "x"]))
        #expect(await models[0].availability == .unavailable(.runtimeMissing(binary: "/nonexistent/llama-server")))
        #expect(await models[1].availability == .unavailable(.notConfigured(missing: "ANTHROPIC_API_KEY")))
        #expect(await models[2].availability.unavailableReason?.code == "unreachable")
    }
}
