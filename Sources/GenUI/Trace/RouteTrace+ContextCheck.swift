extension RouteTrace {
    /// How a chain checked, before sending, that a request fits a provider's context window.
    public struct ContextCheck: Sendable, Hashable, Codable {
        /// How the request's tokens were known.
        public enum Method: String, Sendable, Hashable, Codable {
            /// The provider's backend counted them (llama-server's `/tokenize`, a count-tokens endpoint).
            case counted
            /// The provider cannot count; genui's estimate (``TokenEstimate``) was used.
            case estimated
            /// The provider tried to count and failed (see ``ContextCheck/countingFailure``); the estimate was used.
            case estimatedAfterCountingFailed
        }

        /// The request's tokens: instructions, schema and conversation.
        public var tokenCount: Int
        /// The tokens kept for the answer: the request's `maximumResponseTokens`, else the chain's reserve.
        public var responseTokens: Int
        /// The provider's context size.
        public var contextSize: Int
        /// How ``tokenCount`` was known.
        public var method: Method
        /// Why counting failed, when it did (developer-facing, never secret).
        public var countingFailure: String?

        /// Creates a check.
        public init(
            tokenCount: Int, responseTokens: Int, contextSize: Int, method: Method, countingFailure: String? = nil
        ) {
            self.tokenCount = tokenCount
            self.responseTokens = responseTokens
            self.contextSize = contextSize
            self.method = method
            self.countingFailure = countingFailure
        }

        /// The tokens the request needs in all: its own and the answer's.
        public var neededTokens: Int {
            let (sum, overflow) = tokenCount.addingReportingOverflow(responseTokens)
            return overflow ? Int.max : sum
        }

        /// Whether the request and its answer fit the context.
        public var fits: Bool { neededTokens <= contextSize }
    }
}
