/// A deterministic model that is always available and needs no model file, server or network.
///
/// It answers structured requests with content synthesized from the schema, its guides and the prompt's words
/// (see ``ContentSynthesizer``), and plain requests with a sentence built from the prompt. The same request and
/// seed always give the same answer. It is the last resort of a chain, and the workhorse of tests. Its executor,
/// ``ScriptedExecutor``, streams the answer in pieces of a few characters.
public struct ScriptedLanguageModel: RoutableModel {
    /// The executor that writes the answers.
    public typealias Executor = ScriptedExecutor

    public let name: String
    /// The seed used when a request's sampling mode gives none.
    public let defaultSeed: UInt64

    /// Creates a scripted model.
    public init(name: String = "scripted", seed: UInt64 = 0) {
        self.name = name
        self.defaultSeed = seed
    }

    public var availability: Availability { .available }

    public var supportedCapabilities: Set<LanguageModelCapability> { [.guidedGeneration, .streaming, .seededSampling] }

    /// Guided generation: the scripted model calls no tools.
    public var capabilities: LanguageModelCapabilities { LanguageModelCapabilities([.guidedGeneration]) }

    /// The answer to `request`, whole.
    func answer(to request: GenerationRequest) throws -> GenerationResponse {
        try Task.checkCancellation()
        do {
            try request.options.validate()
        } catch {
            throw error.attributed(to: name)
        }
        let seed = request.options.sampling?.seed ?? defaultSeed
        let content: GeneratedContent
        let text: String
        if let schema = request.schema {
            var synthesizer = ContentSynthesizer(schema: schema, prompt: request.prompt, seed: seed)
            do {
                content = try synthesizer.content()
            } catch {
                throw error.attributed(to: name)
            }
            text = content.jsonString
        } else {
            text = Self.reply(to: request.prompt, seed: seed)
            content = GeneratedContent(kind: .string(text))
        }
        let words = text.split(separator: " ").count
        return GenerationResponse(
            content: content, text: text,
            metadata: ResponseMetadata(
                provider: name, model: "scripted",
                usage: TokenUsage(promptTokens: request.prompt.split(separator: " ").count, completionTokens: words),
                guided: request.schema != nil, finishReason: .stop))
    }

    /// Characters per streamed delta.
    static let chunkSize = 12

    /// A plain-text reply that echoes the prompt's content words.
    static func reply(to prompt: String, seed: UInt64) -> String {
        let words = ContentSynthesizer.contentWords(of: prompt)
        guard !words.isEmpty else { return "This is a scripted reply." }
        var rng = SeededGenerator(seed: seed, text: prompt)
        let openings = ["Here is a scripted reply about", "A scripted answer on", "Scripted notes on"]
        let opening = openings[Int.random(in: 0..<openings.count, using: &rng)]
        return "\(opening) \(words.prefix(6).joined(separator: ", "))."
    }
}
