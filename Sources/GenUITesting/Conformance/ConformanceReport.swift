/// The result of running the conformance suite against one model.
public struct ConformanceReport: Sendable, CustomStringConvertible {
    /// One check and its verdict.
    public struct Check: Sendable {
        /// What was checked ("availability answers promptly").
        public var name: String
        /// Whether the model passed.
        public var passed: Bool
        /// What was observed.
        public var detail: String
    }

    /// The model's name.
    public var model: String
    /// Every check run, in order.
    public var checks: [Check]

    /// The checks that failed.
    public var failures: [Check] { checks.filter { !$0.passed } }

    /// Whether every check passed.
    public var passed: Bool { failures.isEmpty }

    public var description: String {
        checks.map { "\($0.passed ? "✓" : "✗") \($0.name): \($0.detail)" }.joined(separator: "\n")
    }
}
