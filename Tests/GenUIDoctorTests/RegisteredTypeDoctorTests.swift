import Foundation
import GenUI
import GenUIConfig
import GenUIDoctor
import GenUITestSupport
import Testing

/// A Foundation Models 27 model an app might ship, written against the FM 27 provider API only: it answers every
/// prompt with the greeting it was configured with.
struct GreeterModel: LanguageModel {
    typealias Executor = GreeterExecutor

    let greeting: String
    var capabilities: LanguageModelCapabilities { LanguageModelCapabilities([]) }
    var executorConfiguration: GreeterExecutor.Configuration { .init() }
}

/// The greeter's executor: one text event per turn.
struct GreeterExecutor: LanguageModelExecutor {
    struct Configuration: Hashable, Sendable {}

    init(configuration: Configuration) {}

    func respond(
        to request: LanguageModelExecutorGenerationRequest, model: GreeterModel,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        await channel.send(.response(action: .appendText(model.greeting, tokenCount: 1)))
    }
}

/// The settings of `type: greeter`.
struct GreeterOptions: ProviderOptions {
    var greeting: String
    var modelName: String? { "greeter" }
    var displayPairs: [(String, String)] { [("greeting", greeting)] }
}

extension ProviderDefinition {
    /// `type: greeter`, registered as an app registers a third-party model type.
    static let greeter = ProviderDefinition(type: "greeter", keys: ["greeting"]) { fields -> GreeterOptions? in
        fields.string("greeting", required: true).map(GreeterOptions.init)
    } build: { options, _, _ in
        GreeterModel(greeting: options.greeting)
    }
}

@Suite("The doctor of an app that registers its own provider type", .tags(.unit))
struct RegisteredTypeDoctorTests {
    let text = """
        version: 1
        chains:
          default: [off, hello, backup]
        providers:
          off: { type: greeter, greeting: "never", enabled: false }
          hello: { type: greeter, greeting: "hi there" }
          backup: { type: scripted }
        """

    @Test("the registered type is checked, shown and chosen like a built-in one; its chain serves through it")
    func doctorShowsTheRegisteredType() async throws {
        var registry = ProviderRegistry.standard
        registry.register(.greeter)
        let configuration = try ConfigurationLoader(environment: [:], registry: registry).parse(text)
        let report = try await Doctor(
            configuration: configuration, registry: registry, environment: [:], language: .english
        ).check(timeout: .seconds(30))

        #expect(report.canServe)
        let json = try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any]
        let providers = try #require(json?["providers"] as? [[String: Any]])
        let hello = try #require(providers.first { $0["name"] as? String == "hello" })
        #expect(hello["type"] as? String == "greeter")
        // Available, but it declares no guided generation: the caveat a built-in provider without it gets.
        #expect(hello["status"] as? String == "caveat")
        #expect(hello["missingCapabilities"] as? [String] == ["guided-generation"])
        #expect(hello["model"] as? String == "greeter")
        let off = try #require(providers.first { $0["name"] as? String == "off" })
        #expect(off["status"] as? String == "unavailable")
        let chains = try #require(json?["chains"] as? [[String: Any]])
        #expect(chains.first?["wouldUse"] as? String == "hello")
        #expect(report.text.contains("hello"))
        #expect(report.text.contains("greeter"))
        #expect(report.text.contains("available, but without guided generation"))
        #expect(report.text.contains("chain `default` would use: hello"))

        let chain = try #require(
            configuration.makeChain(registry: registry, context: ProviderBuildContext(environment: [:])))
        let response = try await LanguageModelSession(model: chain).respond(to: "hello?")
        #expect(response.content == "hi there")
        #expect(response.metadata.provider == "hello")
    }

    @Test("without the registration the file is refused: greeter is an unknown type, located at its line")
    func unregisteredTypeIsUnknown() throws {
        #expect(throws: ConfigurationError.self) { try ConfigurationLoader(environment: [:]).parse(text) }
        do {
            _ = try ConfigurationLoader(environment: [:]).parse(text)
        } catch let error as ConfigurationError {
            let issue = try #require(error.issues.first)
            #expect(issue.keyPath == "providers.off.type")
            #expect(issue.location.line == 5)
        }
    }
}
