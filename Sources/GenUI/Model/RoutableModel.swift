/// A model genui can route to: every genui provider and chain, and any Foundation Models 27 model through
/// ``ExecutorModel``.
///
/// It is a Foundation Models 27 ``LanguageModel`` (its executor, ``RoutableModelExecutor``, drives it), plus what
/// genui needs to route: whether it can serve now and why not (``availability``, cheap: no completions, no
/// downloads), what it can do now (``supportedCapabilities``), its context size and token counts, and generation from
/// a ``GenerationRequest``. It throws ``GenUIError`` attributed to itself, and `CancellationError` when the
/// calling task is cancelled.
public protocol RoutableModel: AvailabilityReporting, ContextSizeReporting, TokenCountReporting, ModelNaming {
    /// ``RoutableModelExecutor``, which drives the model through ``streamResponse(to:)``.
    associatedtype Executor = RoutableModelExecutor<Self>

    /// A stable name: the provider's name in `providers.yml`, or the chain's.
    var name: String { get }

    /// Whether the model can serve requests now, and why not. Checking is cheap: it never generates, downloads or
    /// starts a server.
    var availability: Availability { get async }

    /// What the model can do now. Providers may discover this from their backend and cache it; Foundation Models 27's
    /// ``LanguageModel/capabilities`` is the synchronous declaration.
    var supportedCapabilities: Set<LanguageModelCapability> { get async }

    /// Generates a complete response.
    func respond(to request: GenerationRequest) async throws -> GenerationResponse

    /// Generates a response as a stream of events, ending with ``GenerationEvent/completed(_:)``.
    func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error>

    /// Gets ready to respond (start a server, load a model) so the first request is fast.
    func prewarm(promptPrefix: String?) async

    /// The model's context size in tokens: what one request — instructions, schema, conversation and the answer —
    /// may use in all (Foundation Models 26.4's `contextSize`). Cheap after the first read: providers learn it from
    /// their configuration or their backend once and keep it.
    ///
    /// Throws when it cannot be known: the model is unavailable, or neither its backend nor its configuration says
    /// (``GenUIError/unavailable(_:_:)`` with ``UnavailableReason/notConfigured(missing:)``). A synchronous
    /// `var contextSize: Int` satisfies this requirement, as Foundation Models' `SystemLanguageModel` declares it.
    var contextSize: Int { get async throws }

    /// The number of tokens `request` occupies in this model's context before the answer: instructions (with the
    /// schema when it is described in the prompt) and conversation, as the backend formats them (Foundation Models
    /// 26.4's `tokenCount(for:)`, here for a whole request).
    ///
    /// Providers whose backend can count ask it (llama-server's `/tokenize`, Anthropic's and Gemini's count-tokens
    /// endpoints); others answer ``TokenEstimate``, the default. Counting never
    /// generates. Throws when the backend was asked and failed.
    func tokenCount(for request: GenerationRequest) async throws -> Int

    /// The model this one will ask its backend for (the configuration's `model:`, or the model file's name), for
    /// tracing: a chain's attempt span is named `chat {requestedModelName}` and carries it as `gen_ai.request.model`.
    /// `nil` (the default) when it is not known before a response names it.
    var requestedModelName: String? { get }
}

extension RoutableModel where Executor == RoutableModelExecutor<Self> {
    /// The configuration of ``RoutableModelExecutor``, which holds nothing: the executor works through the model.
    public var executorConfiguration: RoutableModelExecutor<Self>.Configuration { .init() }
}

extension RoutableModel {

    /// Guided generation and tool calling, which every genui provider offers when its backend allows; a model that
    /// knows more (or less) declares its own. Sessions and chains check ``supportedCapabilities``, which asks the
    /// backend.
    public var capabilities: LanguageModelCapabilities {
        LanguageModelCapabilities([.guidedGeneration, .toolCalling])
    }
}

extension RoutableModel {
    /// Streams by generating the whole response, then delivering its text as one delta (none when it has no text,
    /// as a turn of tool calls) and the completion.
    public func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        .turn { emit in
            let response = try await respond(to: request)
            if !response.text.isEmpty { await emit(.delta(response.text)) }
            return response
        }
    }

    /// Not known: the attempt span takes the model the response names.
    public var requestedModelName: String? { nil }

    /// Does nothing: a model with nothing to warm up.
    public func prewarm(promptPrefix: String?) async {}

    /// Unknown: throws ``GenUIError/unavailable(_:_:)`` with ``UnavailableReason/notConfigured(missing:)``
    /// (`contextSize`). A model that knows its window overrides this.
    public var contextSize: Int {
        get async throws {
            throw GenUIError.unknownContextSize(of: name)
        }
    }

    /// The estimate, ``TokenEstimate``: a model that can count overrides this.
    public func tokenCount(for request: GenerationRequest) async throws -> Int {
        TokenEstimate.tokens(in: request)
    }

    /// The tokens of one prompt on its own, as Foundation Models' `tokenCount(for:)` of a prompt.
    public func tokenCount(for prompt: String) async throws -> Int {
        try await tokenCount(for: GenerationRequest(prompt: prompt))
    }

    /// The tokens a schema's description occupies in the instructions, as Foundation Models'
    /// `tokenCount(for:)` of a `GenerationSchema` (the instructions with the schema, less those without).
    public func tokenCount(for schema: GenerationSchema) async throws -> Int {
        let with = try await tokenCount(for: GenerationRequest(instructions: nil, messages: [], schema: schema))
        let without = try await tokenCount(for: GenerationRequest(instructions: nil, messages: []))
        return max(0, with - without)
    }

    /// Checks the model's availability and capabilities against `required`: `nil` when it can serve such a request,
    /// otherwise the error the request would fail with.
    public func eligibility(for required: Set<LanguageModelCapability>) async -> GenUIError? {
        if case .unavailable(let reason) = await availability {
            return .unavailable(
                reason, .init(provider: name, debugDescription: "\(name) is unavailable (\(reason.code))"))
        }
        let missing = required.subtracting(await supportedCapabilities)
        if let first = missing.sorted().first {
            return .unsupportedCapability(
                first,
                .init(
                    provider: name,
                    debugDescription: "\(name) lacks \(missing.sorted().map(\.rawValue).joined(separator: ", "))"))
        }
        return nil
    }
}

extension GenUIError {
    /// The error of a model that does not know its context size: ``unavailable(_:_:)`` with
    /// ``UnavailableReason/notConfigured(missing:)`` (`contextSize`), attributed to `provider`.
    public static func unknownContextSize(of provider: String) -> GenUIError {
        .unavailable(
            .notConfigured(missing: "contextSize"),
            .init(provider: provider, debugDescription: "\(provider) does not report its context size"))
    }
}
