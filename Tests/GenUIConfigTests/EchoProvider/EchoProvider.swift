import GenUI
import GenUIConfig
import GenUIDiagnostics

/// The settings of `type: echo`, as its definition reads them from providers.yml.
struct EchoOptions: ProviderOptions {
    /// What goes before the prompt in every answer.
    var prefix: String
    /// The context window in tokens, when the file states one.
    var context: Int?

    var modelName: String? { "echo" }
    var contextWindow: Int? { context }
    var displayPairs: [(String, String)] { [("prefix", prefix)] + (context.map { [("context", "\($0)")] } ?? []) }
}

/// A provider that answers every prompt with the prompt itself, after a prefix.
struct EchoProvider: RoutableModel, ProviderFactsReporting {
    let name: String
    let options: EchoOptions

    var availability: Availability { .available }

    var supportedCapabilities: Set<LanguageModelCapability> { [.streaming] }

    func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        let text = options.prefix + request.prompt
        return GenerationResponse(
            content: GeneratedContent(kind: .string(text)), text: text,
            metadata: ResponseMetadata(provider: name, model: "echo"))
    }

    /// What `genui doctor -v` shows under the provider.
    func facts() async -> [ProviderFact] {
        [ProviderFact(kind: "note", text: "answers every prompt after \"\(options.prefix)\"")]
    }
}

extension ProviderDefinition {
    /// `type: echo`: its keys, how they are read and checked, and how the provider is built.
    static let echo = ProviderDefinition(type: "echo", keys: ["prefix", "context"]) { fields -> EchoOptions? in
        // Read every key before returning, so that one run reports every problem in the file.
        let prefix = fields.string("prefix", required: true)
        let context = fields.integer("context", in: 128...1_000_000)
        if prefix == "" { fields.reject("prefix", .verbatim("prefix must not be empty")) }
        guard let prefix, !prefix.isEmpty else { return nil }
        return EchoOptions(prefix: prefix, context: context)
    } build: { options, settings, _ in
        EchoProvider(name: settings.name, options: options)
    }
}

extension ProviderRegistry {
    /// The built-in provider types and `type: echo`.
    static var withEcho: ProviderRegistry {
        var registry = ProviderRegistry.standard
        registry.register(.echo)
        return registry
    }
}
