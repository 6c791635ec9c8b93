/// A model's complete answer, with what it cost and how it was produced.
public struct GenerationResponse: Sendable {
    /// The output: parsed and validated when the request had a schema, a string otherwise.
    public var content: GeneratedContent
    /// The raw text the model produced.
    public var text: String
    /// Who produced it, at what cost, and how it was routed.
    public var metadata: ResponseMetadata
    /// The calls the model asked for instead of answering (its ``FinishReason`` is then ``FinishReason/toolCalls``);
    /// empty for an answer. ``content`` and ``text`` are then whatever text came with the calls.
    public var toolCalls: [Transcript.ToolCall]

    /// Creates a response.
    public init(
        content: GeneratedContent, text: String, metadata: ResponseMetadata,
        toolCalls: [Transcript.ToolCall] = []
    ) {
        self.content = content
        self.text = text
        self.metadata = metadata
        self.toolCalls = toolCalls
    }
}

/// Who produced a response, what it cost, and how it was routed.
public struct ResponseMetadata: Sendable, Hashable {
    /// The provider that produced the response.
    public var provider: String
    /// The backend's model identifier, when known.
    public var model: String?
    /// Token counts, when the backend reports them.
    public var usage: TokenUsage
    /// Speeds and durations, when the backend reports them.
    public var timings: GenerationTimings?
    /// Whether decoding was constrained to the schema (`false` for plain text or unguided, repaired output).
    public var guided: Bool
    /// Repairs applied to unguided output before it validated, in English for developers.
    public var repairs: [String]
    /// The same repairs as codes with their arguments, for wording them in the user's language (empty when the
    /// repairs came from elsewhere than genui's decoder).
    public var repairDetails: [DecodingDetail] = []
    /// Why the model stopped, when the backend says.
    public var finishReason: FinishReason?
    /// The route through a chain, when the response came through one.
    public var trace: RouteTrace?
    /// The tool calls a session ran before this answer, round by round (empty without tools).
    public var toolCalls: [ToolCallRecord] = []
    /// The endpoint that served, when the provider has several (a fleet), and why it was picked.
    public var endpoint: EndpointSelection? = nil
    /// The transcript entries a Foundation Models 27 executor produced for this turn (``ExecutorModel``): its
    /// reasoning, data and the response with its metadata, which a session keeps in the transcript. For genui's own
    /// providers, the reasoning their backend showed, when the turn was not driven through a channel.
    public var executorEntries: [Transcript.Entry] = []
    /// The schema the content was already validated against, by the provider that decoded it
    /// (``OutputDecoding/decodeGuided(_:schema:provider:)``); the chain, the session and the screen composer validate
    /// the content only against another schema, so guided output is validated once.
    public var validatedSchema: GenerationSchema? = nil

    /// Creates metadata.
    public init(
        provider: String, model: String? = nil, usage: TokenUsage = TokenUsage(), timings: GenerationTimings? = nil,
        guided: Bool = false, repairs: [String] = [], finishReason: FinishReason? = nil, trace: RouteTrace? = nil
    ) {
        self.provider = provider
        self.model = model
        self.usage = usage
        self.timings = timings
        self.guided = guided
        self.repairs = repairs
        self.finishReason = finishReason
        self.trace = trace
    }
}

/// Why generation stopped.
public enum FinishReason: String, Sendable, Hashable, Codable {
    /// The model finished its answer.
    case stop
    /// The token limit was reached.
    case length
    /// The model called a tool.
    case toolCalls
    /// A content filter stopped the output.
    case contentFilter
}

/// Token counts of one response.
///
/// The counts come from a server, which may send any integer: each is clamped to 0 through ``maximumTokenCount`` when
/// it is set (a negative count is 0), so sums of counts stay far from `Int.max`, and the sums genui makes saturate
/// anyway (docs/security.md, "Numbers from outside").
public struct TokenUsage: Sendable, Hashable, Codable {
    /// The largest count kept: 10¹² tokens, far beyond any real response, and small enough that millions of them
    /// add up without reaching `Int.max`.
    public static let maximumTokenCount = 1_000_000_000_000

    /// Tokens in the prompt, at most ``maximumTokenCount``.
    public var promptTokens: Int? {
        didSet { promptTokens = Self.clamped(promptTokens) }
    }
    /// Tokens generated, at most ``maximumTokenCount``.
    public var completionTokens: Int? {
        didSet { completionTokens = Self.clamped(completionTokens) }
    }
    /// Of the prompt's tokens, those the backend read from its cache (OpenAI's `cached_tokens`, Anthropic's
    /// `cache_read_input_tokens`, Gemini's `cachedContentTokenCount`), at most ``maximumTokenCount``.
    public var cachedPromptTokens: Int? {
        didSet { cachedPromptTokens = Self.clamped(cachedPromptTokens) }
    }
    /// Of the generated tokens, those the model spent reasoning (OpenAI's `reasoning_tokens`, Gemini's
    /// `thoughtsTokenCount`), at most ``maximumTokenCount``.
    public var reasoningTokens: Int? {
        didSet { reasoningTokens = Self.clamped(reasoningTokens) }
    }

    /// Creates counts, each clamped to 0 through ``maximumTokenCount``.
    public init(
        promptTokens: Int? = nil, completionTokens: Int? = nil, cachedPromptTokens: Int? = nil,
        reasoningTokens: Int? = nil
    ) {
        self.promptTokens = Self.clamped(promptTokens)
        self.completionTokens = Self.clamped(completionTokens)
        self.cachedPromptTokens = Self.clamped(cachedPromptTokens)
        self.reasoningTokens = Self.clamped(reasoningTokens)
    }

    /// Reads counts, clamped like ``init(promptTokens:completionTokens:cachedPromptTokens:reasoningTokens:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            promptTokens: try container.decodeIfPresent(Int.self, forKey: .promptTokens),
            completionTokens: try container.decodeIfPresent(Int.self, forKey: .completionTokens),
            cachedPromptTokens: try container.decodeIfPresent(Int.self, forKey: .cachedPromptTokens),
            reasoningTokens: try container.decodeIfPresent(Int.self, forKey: .reasoningTokens))
    }

    private enum CodingKeys: String, CodingKey {
        case promptTokens, completionTokens, cachedPromptTokens, reasoningTokens
    }

    /// `count` within `0...maximumTokenCount`.
    static func clamped(_ count: Int?) -> Int? {
        count.map { Swift.min(Swift.max($0, 0), maximumTokenCount) }
    }
}

/// How fast a backend processed a request, as it reported.
public struct GenerationTimings: Sendable, Hashable, Codable {
    /// Prompt processing speed, tokens per second.
    public var promptTokensPerSecond: Double?
    /// Generation speed, tokens per second.
    public var generationTokensPerSecond: Double?
    /// Wall time of the whole request, seconds.
    public var totalSeconds: Double?
    /// Time the backend reports it spent processing the prompt, seconds (local backends).
    public var promptSeconds: Double?
    /// Time the backend reports it spent generating, seconds (local backends).
    public var generationSeconds: Double?

    /// Creates timings.
    public init(
        promptTokensPerSecond: Double? = nil, generationTokensPerSecond: Double? = nil, totalSeconds: Double? = nil,
        promptSeconds: Double? = nil, generationSeconds: Double? = nil
    ) {
        self.promptTokensPerSecond = promptTokensPerSecond
        self.generationTokensPerSecond = generationTokensPerSecond
        self.totalSeconds = totalSeconds
        self.promptSeconds = promptSeconds
        self.generationSeconds = generationSeconds
    }
}

/// One event of a streamed response.
public enum GenerationEvent: Sendable {
    /// More output text.
    case delta(String)
    /// The chain restarted the response on another provider after output had begun (opt-in); the text so far is
    /// void and output starts over.
    case restarted(provider: String, reason: String)
    /// The response is complete; carries the validated content and metadata.
    case completed(GenerationResponse)
}
