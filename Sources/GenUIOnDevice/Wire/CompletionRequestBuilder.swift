@_spi(Reading) import GenUI
import GenUIHTTP

/// Builds llama-server request bodies from a ``GenerationRequest``: the chat messages for `/apply-template`, and the
/// `/completion` body with sampling options, the token budget and the grammar.
///
/// Sampling: greedy → `temperature` 0, `top_k` 1 and the configured fixed seed; `random(top:seed:)` → `top_k` (and
/// `seed`); `random(probabilityThreshold:seed:)` → `top_p` with `top_k` 0 (so the threshold alone decides);
/// `temperature` as given; `maximumResponseTokens` → `n_predict`. Options left `nil` keep llama-server's defaults.
/// The prompt cache is used for every request whose instructions prefix was put in the slot first (``SlotGate``);
/// without such a prefix, for every request but greedy ones (see ``isGreedy(_:)``).
struct CompletionRequestBuilder: Sendable {
    /// How the output is constrained.
    enum Constraint: Sendable, Hashable {
        /// No constraint: plain text.
        case none
        /// genui's compiled grammar.
        case grammar(GrammarCompiler.Grammar)
        /// llama.cpp's own conversion of a JSON Schema; `budget` is the compiled grammar's bound, for a fair limit.
        case jsonSchema(GeneratedContent, budget: Int)

        /// The body's field for the constraint.
        var wire: CompletionRequest.Constraint? {
            switch self {
            case .none: nil
            case .grammar(let grammar): .grammar(grammar.text)
            case .jsonSchema(let schema, _): .jsonSchema(JSONValueCoding(schema))
            }
        }
    }

    /// The token budget for plain text when the request sets no maximum.
    static let defaultTextTokens = 512

    let configuration: OnDeviceConfiguration

    /// How `request` constrains decoding under the configured grammar mode.
    func constraint(for request: GenerationRequest) throws(GenUIError) -> Constraint {
        guard let schema = request.schema else { return .none }
        let compiler = GrammarCompiler(
            limits: .init(
                defaultMaximumStringLength: configuration.defaultMaximumStringLength,
                defaultMaximumArrayCount: configuration.defaultMaximumArrayCount))
        let grammar = try compiler.compile(schema)
        switch configuration.grammarMode {
        case .compiled: return .grammar(grammar)
        case .stockJSONSchema: return .jsonSchema(schema.jsonSchema(), budget: Self.tokenBudget(for: grammar))
        }
    }

    /// Tokens that always hold a document of the grammar: a token is at least one byte, plus one for end-of-text.
    static func tokenBudget(for grammar: GrammarCompiler.Grammar) -> Int { ByteBound.sum(grammar.maximumBytes, 1) }

    /// The `n_predict` for `request` under `constraint`: the request's maximum if it sets one, else a budget in which
    /// every valid document fits, capped by the context size when it is known.
    func tokenLimit(for request: GenerationRequest, constraint: Constraint, contextSize: Int?) -> Int {
        let budget: Int
        switch constraint {
        case .none: budget = Self.defaultTextTokens
        case .grammar(let grammar): budget = Self.tokenBudget(for: grammar)
        case .jsonSchema(_, let limit): budget = limit
        }
        var limit = request.options.maximumResponseTokens ?? budget
        if let contextSize, contextSize > 0 { limit = min(limit, contextSize) }
        return max(1, limit)
    }

    /// The body of `POST /apply-template`: the system prompt (instructions plus the schema description when asked
    /// for) and the conversation.
    func templateBody(for request: GenerationRequest, marker: String = MediaPrompt.defaultMarker) -> TemplateRequest {
        // Images only as their markers: nothing is read, so nothing can fail.
        var media = MediaPrompt(marker: marker, readsImages: false)
        return (try? templateBody(for: request, media: &media)) ?? TemplateRequest(messages: [])
    }

    /// The body of `POST /apply-template`, with each image of a user message replaced by the media marker and read
    /// into `media` (``MediaPrompt``); an image that cannot be read fails the request, naming the provider.
    func templateBody(for request: GenerationRequest, media: inout MediaPrompt) throws(GenUIError) -> TemplateRequest {
        var messages: [TemplateRequest.Message] = []
        if let system = request.effectiveInstructions, !system.isEmpty {
            messages.append(.init(role: "system", content: system))
        }
        for message in request.messages {
            let content =
                message.role == .user && !message.imageSegments.isEmpty
                ? try MediaPrompt.content(of: message, provider: configuration.name, into: &media) : message.content
            messages.append(.init(role: message.role.rawValue, content: content))
        }
        return TemplateRequest(messages: messages)
    }

    /// The body of `POST /completion` for the templated `prompt`. `cachePrompt` says whether llama-server may reuse
    /// what its slot holds: `true` once the request's instructions prefix is in the slot in its canonical state
    /// (``SlotGate``), so even greedy requests decode alike; `nil` uses the cache for every request but greedy ones.
    func completionBody(
        prompt: String, request: GenerationRequest, constraint: Constraint, contextSize: Int?, stream: Bool,
        cachePrompt: Bool? = nil, media: MediaPrompt = MediaPrompt()
    ) -> CompletionRequest {
        CompletionRequest(
            prompt: prompt, tokenLimit: tokenLimit(for: request, constraint: constraint, contextSize: contextSize),
            stream: stream, cachePrompt: cachePrompt ?? !Self.isGreedy(request.options),
            sampling: sampling(request.options), repetition: configuration.repetition, constraint: constraint.wire,
            media: media.images)
    }

    /// Whether `options` ask for greedy decoding. Greedy requests reuse llama-server's prompt cache only after their
    /// prefix was established (``SlotGate``): otherwise a repeated request would evaluate its prompt in other batches
    /// than the first, whose rounding can tip a near tie between two tokens, so the same greedy request could give a
    /// different answer the second time.
    static func isGreedy(_ options: GenerationOptions) -> Bool {
        options.sampling?.isGreedy ?? false
    }

    /// The sampling fields for `options`.
    func sampling(_ options: GenerationOptions) -> CompletionRequest.Sampling {
        var fields = CompletionRequest.Sampling()
        if let sampling = options.sampling {
            if sampling.isGreedy { return CompletionRequest.Sampling(greedySeed: configuration.greedySeed) }
            fields.topK = sampling.topK
            fields.topP = sampling.probabilityThreshold
            // llama-server takes a 32-bit seed; larger seeds are folded so distinct seeds stay distinct.
            fields.seed = sampling.seed.map(Self.foldedSeed)
        }
        fields.temperature = options.temperature
        return fields
    }

    /// A 64-bit seed folded into the 31 bits llama-server keeps exactly (0xFFFFFFFF means "random" to it).
    static func foldedSeed(_ seed: UInt64) -> UInt64 {
        (seed ^ (seed >> 31) ^ (seed >> 62)) & 0x7FFF_FFFF
    }
}
