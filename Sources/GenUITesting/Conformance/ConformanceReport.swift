/// The result of running the conformance suite against one model.
public struct ConformanceReport: Sendable, CustomStringConvertible {
    /// One check and its verdict.
    public struct Check: Sendable {
        /// What was checked ("availability answers promptly").
        public var name: String
        /// Whether the model passed. A skipped check counts as passed.
        public var passed: Bool
        /// What was observed, or why the check was skipped.
        public var detail: String
        /// Whether the check did not apply to this model (for example, tool checks for a model that does not claim
        /// tool calling): nothing was sent for it.
        public var skipped: Bool

        /// Creates a check's verdict.
        public init(name: String, passed: Bool, detail: String, skipped: Bool = false) {
            self.name = name
            self.passed = passed
            self.detail = detail
            self.skipped = skipped
        }
    }

    /// The model's name.
    public var model: String
    /// Every check run (or skipped), in order.
    public var checks: [Check]

    /// The checks that failed.
    public var failures: [Check] { checks.filter { !$0.passed } }

    /// The checks that did not apply to this model.
    public var skipped: [Check] { checks.filter(\.skipped) }

    /// Whether every check passed.
    public var passed: Bool { failures.isEmpty }

    public var description: String {
        checks.map { "\($0.skipped ? "–" : $0.passed ? "✓" : "✗") \($0.name): \($0.detail)" }.joined(separator: "\n")
    }
}
