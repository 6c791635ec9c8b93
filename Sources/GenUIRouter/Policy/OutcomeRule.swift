import GenUI

/// What the chain does after one class of failure: the row of the outcome table for that class.
public struct OutcomeRule: Sendable, Hashable {
    /// Where routing goes next.
    public enum Action: String, Sendable, Hashable, CaseIterable, Codable {
        /// Report the error; try no other provider.
        case stop
        /// Move on to the next provider of the chain.
        case next
        /// Move on only to providers whose context window is known to be larger; unknown windows are tried too.
        case nextWithLargerContext = "next-larger-context"
    }

    /// How the failure affects the provider's circuit breaker.
    public enum CoolDown: String, Sendable, Hashable, Codable {
        /// It does not count against the provider.
        case none
        /// It counts as one failure; enough failures in the window open the circuit.
        case countFailure = "count"
        /// It opens the circuit at once, for the provider's Retry-After when it gave one, else the standard cooldown.
        case immediately
        /// It opens the circuit at once for the long cooldown (credentials rarely fix themselves).
        case long
    }

    /// Where routing goes next.
    public var action: Action
    /// Retry the same provider once when it asked to wait no longer than this (rate limits only).
    public var retrySameWhenRetryAfterAtMost: Duration?
    /// How the failure affects the circuit breaker.
    public var coolDown: CoolDown

    /// Creates a rule.
    public init(action: Action, retrySameWhenRetryAfterAtMost: Duration? = nil, coolDown: CoolDown = .none) {
        self.action = action
        self.retrySameWhenRetryAfterAtMost = retrySameWhenRetryAfterAtMost
        self.coolDown = coolDown
    }
}
