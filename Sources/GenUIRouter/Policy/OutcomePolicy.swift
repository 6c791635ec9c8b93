import GenUI

/// The chain's outcome table: for every class of failure, whether to retry the same provider, move on, or stop.
///
/// The defaults (``standard``) follow one principle: move on when another provider could avoid the failure, stop
/// when none could (the request is invalid, the caller cancelled) or when moving on would be a policy decision the
/// operator has to make (routing around a safety refusal). The table is per chain; `providers.yml` overrides rows
/// with `policy: { serverError: stop }` and `fallback_on_refusal: true`.
///
/// | class | default |
/// |---|---|
/// | cancelled | stop |
/// | invalidRequest | stop |
/// | refusal | stop (opt-in: next) |
/// | unauthorized | next, cool down (long) |
/// | rateLimited | retry once if Retry-After ≤ 1 s, else next and cool down for Retry-After |
/// | serverError | next, counts toward the breaker |
/// | transport | next, cool down |
/// | timeout | next, counts toward the breaker |
/// | invalidOutput | next, counts toward the breaker |
/// | contextSizeExceeded | next, only to a provider with a larger window |
/// | unsupported | next |
/// | unavailable | next, counts toward the breaker |
/// | other | next, counts toward the breaker |
public struct OutcomePolicy: Sendable, Hashable {
    /// The rows of the table.
    public private(set) var rules: [OutcomeClass: OutcomeRule]

    /// Creates a policy from rows; classes without a row use the standard row.
    public init(rules: [OutcomeClass: OutcomeRule] = [:]) {
        self.rules = Self.standardRules.merging(rules) { _, override in override }
    }

    /// The default table.
    public static let standard = OutcomePolicy()

    /// The rule for a class of outcome.
    public func rule(for outcome: OutcomeClass) -> OutcomeRule {
        rules[outcome] ?? OutcomeRule(action: .next, coolDown: .countFailure)
    }

    /// Replaces the action of one row, keeping its retry and cooldown settings. Cancellation always stops.
    public mutating func setAction(_ action: OutcomeRule.Action, for outcome: OutcomeClass) {
        guard outcome != .cancelled else { return }
        var rule = rule(for: outcome)
        rule.action = action
        rules[outcome] = rule
    }

    /// The same policy with safety refusals routed to the next provider instead of stopping.
    public func fallingBackOnRefusal(_ enabled: Bool = true) -> OutcomePolicy {
        var copy = self
        copy.setAction(enabled ? .next : .stop, for: .refusal)
        return copy
    }

    static let standardRules: [OutcomeClass: OutcomeRule] = [
        .cancelled: OutcomeRule(action: .stop),
        .invalidRequest: OutcomeRule(action: .stop),
        .refusal: OutcomeRule(action: .stop),
        .unauthorized: OutcomeRule(action: .next, coolDown: .long),
        .rateLimited: OutcomeRule(action: .next, retrySameWhenRetryAfterAtMost: .seconds(1), coolDown: .immediately),
        .serverError: OutcomeRule(action: .next, coolDown: .countFailure),
        .transport: OutcomeRule(action: .next, coolDown: .immediately),
        .timeout: OutcomeRule(action: .next, coolDown: .countFailure),
        .invalidOutput: OutcomeRule(action: .next, coolDown: .countFailure),
        .contextSizeExceeded: OutcomeRule(action: .nextWithLargerContext),
        .unsupported: OutcomeRule(action: .next),
        .unavailable: OutcomeRule(action: .next, coolDown: .countFailure),
        .other: OutcomeRule(action: .next, coolDown: .countFailure),
    ]
}
