import GenUI

/// How a ``ProviderChain`` routes: its outcome table, time limits, breaker and opt-in behaviours.
public struct ChainOptions: Sendable, Hashable {
    /// What each class of failure does.
    public var policy: OutcomePolicy
    /// The longest one attempt at one provider may take.
    public var attemptTimeout: Duration
    /// The longest the whole request may take, across all providers and retries.
    public var deadline: Duration
    /// The longest the chain waits for its providers' availability checks (they run concurrently).
    public var availabilityTimeout: Duration
    /// How long an availability check result is reused.
    public var availabilityTTL: Duration
    /// When failing providers are set aside.
    public var breaker: CircuitBreakerSettings
    /// Let providers without guided generation serve schema requests: the schema goes into the prompt and the
    /// output is decoded defensively (`DefensiveDecoder`); the trace records `guided: false` and the repairs.
    public var allowUnguided: Bool
    /// Let a streamed response start over on the next provider after output began; the caller sees
    /// `GenerationEvent.restarted(provider:reason:)` and must discard what it received.
    public var restartStreamAfterOutput: Bool
    /// The tokens kept for the answer in the context check when the request sets no `maximumResponseTokens`: 512,
    /// the on-device provider's default budget for plain text. A provider whose context cannot hold the request's
    /// tokens plus this is skipped before anything is sent (`contextWindowTooSmall`).
    public var responseTokenReserve: Int
    /// The farthest a request may travel (`boundary:` in `providers.yml`): members that run beyond it
    /// (``ChainMember/location``) are skipped as `outsideBoundary`; `nil` (the default) lets requests go anywhere.
    /// A request can narrow it further with the prompt metadata key `ProviderLocation.metadataKey`, never widen it.
    public var boundary: ProviderLocation? = nil
    /// What the chain does for a member whose context window is too small for the conversation: by default it sends
    /// that member the latest turns that fit (``ConversationFitting/keepingLatestTurns``; the route says what was left
    /// out); ``ConversationFitting/disabled`` skips the member (`contextWindowTooSmall`).
    public var conversationFitting: ConversationFitting = .keepingLatestTurns

    /// Creates options; every parameter has a default.
    public init(
        policy: OutcomePolicy = .standard, attemptTimeout: Duration = .seconds(60), deadline: Duration = .seconds(120),
        availabilityTimeout: Duration = .seconds(2), availabilityTTL: Duration = .seconds(2),
        breaker: CircuitBreakerSettings = CircuitBreakerSettings(), allowUnguided: Bool = false,
        restartStreamAfterOutput: Bool = false, responseTokenReserve: Int = 512
    ) {
        self.responseTokenReserve = max(0, responseTokenReserve)
        self.policy = policy
        self.attemptTimeout = attemptTimeout
        self.deadline = deadline
        self.availabilityTimeout = availabilityTimeout
        self.availabilityTTL = availabilityTTL
        self.breaker = breaker
        self.allowUnguided = allowUnguided
        self.restartStreamAfterOutput = restartStreamAfterOutput
    }
}
