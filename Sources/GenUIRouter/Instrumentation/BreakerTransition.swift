/// A change of a provider's circuit breaker that a success or failure caused, for logs and metrics.
enum BreakerTransition: Sendable, Equatable {
    /// The circuit opened (or a failed probe reopened it) for `coolDown`.
    case opened(coolDown: Duration)
    /// A successful probe closed the circuit.
    case closed
}
