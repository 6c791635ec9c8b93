import GenUI

extension RouteTrace {
    /// `provider:outcome:reason` for every step, for compact expectations.
    public var summary: [String] { steps.map { "\($0.provider):\($0.outcome.rawValue):\($0.reason)" } }
}
