import Foundation
import GenUI
import GenUIConfig
import GenUIRouter
import GenUITestSupport
import Testing

/// The settings of `type: fm-script`: a reply the scripted Foundation Models 27 model gives.
struct ScriptOptions: ProviderOptions {
    var reply: String
    var modelName: String? { "script" }
    var contextWindow: Int? { nil }
    var displayPairs: [(String, String)] { [("reply", reply)] }
}

extension ProviderDefinition {
    /// `type: fm-script`: a Foundation Models 27 model (not a genui provider) registered like any provider type.
    static let fmScript = ProviderDefinition(type: "fm-script", keys: ["reply"]) { fields -> ScriptOptions? in
        fields.string("reply", required: true).map(ScriptOptions.init)
    } build: { options, _, _ in
        EventScriptModel(script: EventScript([[.response(action: .appendText(options.reply, tokenCount: 1))]]))
    }
}

@Suite("A Foundation Models 27 model registered as a provider type", .tags(.unit))
struct RegisteredExecutorModelTests {
    @Test("providers.yml names it, the chain falls back to it past a disabled provider, and it serves under its name")
    func routesThroughTheChain() async throws {
        var registry = ProviderRegistry.standard
        registry.register(.fmScript)
        let configuration = try ConfigurationLoader(environment: [:], registry: registry).parse(
            """
            version: 1
            chains:
              default: [off, package]
            providers:
              off: { type: scripted, enabled: false }
              package: { type: fm-script, reply: "from the package" }
            """)
        let settings = try #require(configuration.providers.last)
        #expect(settings.type == ProviderType("fm-script"))
        let chain = try #require(
            configuration.makeChain(registry: registry, context: ProviderBuildContext(environment: [:])))
        let response = try await LanguageModelSession(model: chain).respond(to: "hello")
        #expect(response.content == "from the package")
        #expect(response.metadata.provider == "package")
        #expect(response.metadata.trace?.servedBy == "package")
        #expect(response.metadata.trace?.steps.first?.provider == "off")
    }
}
