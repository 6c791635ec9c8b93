extension LanguageModelSession {
    /// Token counts of a response or of a whole session (Foundation Models 27's `LanguageModelSession.Usage`).
    public struct Usage: Sendable, Hashable {
        /// Tokens read: the same counts an executor reports (``LanguageModelExecutorGenerationChannel/Usage/Input``).
        public typealias Input = LanguageModelExecutorGenerationChannel.Usage.Input
        /// Tokens generated: the same counts an executor reports
        /// (``LanguageModelExecutorGenerationChannel/Usage/Output``).
        public typealias Output = LanguageModelExecutorGenerationChannel.Usage.Output

        /// The input side.
        public var input: Input
        /// The output side.
        public var output: Output
        /// What the provider attached to its counts.
        public var metadata: [String: GeneratedContent]

        /// Creates counts.
        public init(
            input: Input = Input(totalTokenCount: 0, cachedTokenCount: 0),
            output: Output = Output(totalTokenCount: 0, reasoningTokenCount: 0),
            metadata: [String: any ConvertibleToGeneratedContent] = [:]
        ) {
            self.input = input
            self.output = output
            self.metadata = metadata.generatedContent
        }

        /// Input and output tokens together; `Int.max` when they add up to more (counts an executor reports are
        /// not bounded, so the sum saturates instead of trapping).
        public var totalTokenCount: Int { input.totalTokenCount.addingSaturated(output.totalTokenCount) }

        /// The counts a response's metadata reports (missing counts are 0).
        init(_ usage: TokenUsage) {
            self.init(
                input: Input(totalTokenCount: usage.promptTokens ?? 0, cachedTokenCount: usage.cachedPromptTokens ?? 0),
                output: Output(
                    totalTokenCount: usage.completionTokens ?? 0, reasoningTokenCount: usage.reasoningTokens ?? 0))
        }

        /// The sum of two counts, each saturating at `Int.max` (a session's running total never traps, whatever its
        /// answers reported).
        static func + (lhs: Usage, rhs: Usage) -> Usage {
            var sum = lhs
            sum.input.totalTokenCount = lhs.input.totalTokenCount.addingSaturated(rhs.input.totalTokenCount)
            sum.input.cachedTokenCount = lhs.input.cachedTokenCount.addingSaturated(rhs.input.cachedTokenCount)
            sum.output.totalTokenCount = lhs.output.totalTokenCount.addingSaturated(rhs.output.totalTokenCount)
            sum.output.reasoningTokenCount = lhs.output.reasoningTokenCount.addingSaturated(
                rhs.output.reasoningTokenCount)
            return sum
        }
    }
}

extension LanguageModelSession.Response {
    /// The tokens this response used, as its provider reported them (Foundation Models 27).
    public var usage: LanguageModelSession.Usage { LanguageModelSession.Usage(metadata.usage) }
}
