extension SystemLanguageModel {
    /// What the model is specialized for: Foundation Models' `SystemLanguageModel.UseCase`.
    ///
    /// Apple's framework answers each use case with a differently adapted model. genui's providers are general
    /// models, so a use case other than ``general`` reaches them as instructions: ``SystemLanguageModel`` puts the
    /// use case's ``instructions`` before the session's own in every request it sends.
    public struct UseCase: Sendable, Hashable, CustomStringConvertible {
        /// The use case's name, as ``description`` shows it: `general` or `contentTagging`.
        let name: String
        /// What the model is told before the session's instructions; `nil` for none.
        public let instructions: String?

        /// The general-purpose model: requests are sent as the session wrote them.
        public static let general = UseCase(name: "general", instructions: nil)

        /// Content tagging: the model answers with tags — one to a few lowercase words each — naming the topics,
        /// emotions, actions and objects of the input, using the same tag for words that mean the same.
        public static let contentTagging = UseCase(
            name: "contentTagging",
            instructions: """
                You tag content. Answer only with tags for the input: each tag is one to a few lowercase words \
                naming a topic, an emotion, an action or an object the input contains. Use the same tag for words \
                that mean the same thing ("hi", "hello" and "yo" are all "greet"). Follow any further instructions \
                about which tags to give and how many.
                """)

        /// The use case's name: `general` or `contentTagging`.
        public var description: String { name }

        /// `request` with this use case's instructions before its own; unchanged for ``general``.
        func apply(to request: GenerationRequest) -> GenerationRequest {
            guard let instructions else { return request }
            var request = request
            if let own = request.instructions, !own.isEmpty {
                request.instructions = instructions + "\n\n" + own
            } else {
                request.instructions = instructions
            }
            return request
        }
    }

    /// Which content the model refuses: Foundation Models' `SystemLanguageModel.Guardrails`.
    ///
    /// genui records the choice (``SystemLanguageModel/guardrails``) and does not enforce it: it runs no content
    /// filter of its own. A provider's own safety system still applies under either value — Gemini's blocks, for
    /// one, fail with ``GenUIError/guardrailViolation(_:)`` — and no provider is told to relax it for
    /// ``permissiveContentTransformations``.
    public struct Guardrails: Sendable, Hashable, CustomStringConvertible {
        /// The guardrails' name, as ``description`` shows it.
        let name: String

        /// Apple's default: unsafe content in prompts and answers is blocked. genui adds no filter of its own.
        public static let `default` = Guardrails(name: "default")

        /// Apple's permissive mode for transforming text that may be unsafe (summarizing a news article). genui
        /// records it; providers' own filters are not relaxed.
        public static let permissiveContentTransformations = Guardrails(name: "permissiveContentTransformations")

        /// The guardrails' name: `default` or `permissiveContentTransformations`.
        public var description: String { name }
    }
}
