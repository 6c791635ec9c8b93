/// The route one request took: for each provider considered, what was decided and why.
///
/// Every response that came through a chain and every final error carries one. Diagnostics render it for `-v` and
/// `genui doctor`; `--json` prints it as is (it never contains secrets).
public struct RouteTrace: Sendable, Hashable, Codable {
    /// The chain that routed the request, when it had a name.
    public var chain: String?
    /// One step per provider considered (more than one per provider when it was retried), in order.
    public var steps: [Step]
    /// The tool calls the session ran before the request this trace routed, round by round (empty without tools).
    public var toolCalls: [ToolCallRecord]

    /// Creates a trace.
    public init(chain: String? = nil, steps: [Step] = [], toolCalls: [ToolCallRecord] = []) {
        self.chain = chain
        self.steps = steps
        self.toolCalls = toolCalls
    }

    private enum CodingKeys: String, CodingKey { case chain, steps, toolCalls }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        chain = try container.decodeIfPresent(String.self, forKey: .chain)
        steps = try container.decode([Step].self, forKey: .steps)
        toolCalls = try container.decodeIfPresent([ToolCallRecord].self, forKey: .toolCalls) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(chain, forKey: .chain)
        try container.encode(steps, forKey: .steps)
        if !toolCalls.isEmpty { try container.encode(toolCalls, forKey: .toolCalls) }
    }

    /// The provider that served the request, if one did.
    public var servedBy: String? { steps.last(where: { $0.outcome == .served })?.provider }

    /// What happened at one provider.
    public enum Outcome: String, Sendable, Hashable, Codable {
        /// The provider was not tried (unavailable, lacking a capability, cooling down).
        case skipped
        /// The provider was tried and failed.
        case failed
        /// The provider produced the response.
        case served
    }

    /// What the chain did after a failure.
    public enum Action: String, Sendable, Hashable, Codable {
        /// Tried the same provider again.
        case retrySameProvider
        /// Moved on to the next provider.
        case nextProvider
        /// Stopped routing and reported the error.
        case stop
    }

    /// One decision about one provider.
    public struct Step: Sendable, Hashable, Codable {
        /// The provider's name in the chain.
        public var provider: String
        /// Skipped, failed or served.
        public var outcome: Outcome
        /// A stable code for why: an ``UnavailableReason/code``, an error code, `missingCapability`, `coolingDown`,
        /// `served`.
        public var reason: String
        /// The availability reason, when the provider was skipped as unavailable.
        public var unavailableReason: UnavailableReason?
        /// The capabilities the provider lacked, when it was skipped for them.
        public var missingCapabilities: [LanguageModelCapability]
        /// A short developer-facing detail (an error's description). Never contains secrets.
        public var detail: String?
        /// What the chain did next, for failures.
        public var action: Action?
        /// Time spent on this provider, in seconds.
        public var durationSeconds: Double
        /// Whether the output was schema-constrained during decoding; `nil` when no output was produced.
        public var guided: Bool?
        /// How many times the provider was retried before this step's result.
        public var retries: Int
        /// Repairs applied to unguided output (fence stripped, number clamped, ...).
        public var repairs: [String]
        /// The context check, when the chain counted the request's tokens for this provider (a
        /// `contextWindowTooSmall` skip carries the numbers that decided it).
        public var contextCheck: ContextCheck?
        /// What the error of a failed attempt carried besides its code, when its wording needs it (a network
        /// failure's kind, an HTTP status).
        public var failure: Failure?
        /// The endpoint that served, when the provider has several (a fleet), and why it was picked.
        public var endpoint: EndpointSelection? = nil
        /// The tokens the serving attempt used, as its provider reported them — the prompt's (with those read from
        /// the cache) and the answer's (with those spent reasoning); `nil` for other steps and when nothing was
        /// reported.
        public var usage: TokenUsage? = nil
        /// For a member skipped because it runs beyond the request's boundary (`outsideBoundary`): where it runs
        /// (`nil` when it does not say, which counts as a cloud) and the boundary the request had to keep within.
        public var location: ProviderLocation? = nil
        /// The boundary the request had to keep within, for an `outsideBoundary` skip.
        public var boundary: ProviderLocation? = nil
        /// How the conversation was shortened to fit this provider's context window, when it was (the provider was
        /// then tried with the shortened conversation instead of being skipped).
        public var contextFit: ContextFit? = nil

        /// Creates a step.
        public init(
            provider: String, outcome: Outcome, reason: String, unavailableReason: UnavailableReason? = nil,
            missingCapabilities: [LanguageModelCapability] = [], detail: String? = nil, action: Action? = nil,
            durationSeconds: Double = 0, guided: Bool? = nil, retries: Int = 0, repairs: [String] = [],
            contextCheck: ContextCheck? = nil, failure: Failure? = nil
        ) {
            self.provider = provider
            self.outcome = outcome
            self.reason = reason
            self.unavailableReason = unavailableReason
            self.missingCapabilities = missingCapabilities
            self.detail = detail
            self.action = action
            self.durationSeconds = durationSeconds
            self.guided = guided
            self.retries = retries
            self.repairs = repairs
            self.contextCheck = contextCheck
            self.failure = failure
        }
    }
}
