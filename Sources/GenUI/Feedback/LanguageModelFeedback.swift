/// Feedback on a model's response, in a consistent shape: Foundation Models' `LanguageModelFeedback`. A session
/// turns it into an attachment with ``LanguageModelSession/logFeedbackAttachment(sentiment:issues:desiredOutput:)``.
public struct LanguageModelFeedback: Sendable {
    /// How the response was received.
    public enum Sentiment: String, Sendable, Hashable, CaseIterable, Codable {
        /// A positive sentiment.
        case positive
        /// A negative sentiment.
        case negative
        /// A neutral sentiment.
        case neutral
    }

    /// An issue with the model's response.
    public struct Issue: Sendable, Hashable, Codable {
        /// Categories of issues with a response.
        public enum Category: String, Sendable, Hashable, CaseIterable, Codable {
            /// The response does not follow the instructions.
            case didNotFollowInstructions
            /// The response is wrong.
            case incorrect
            /// The response shows bias or repeats a stereotype.
            case stereotypeOrBias
            /// The response has suggestive or sexual material.
            case suggestiveOrSexual
            /// The response says more than it needs to.
            case tooVerbose
            /// A guardrail stopped a request it should not have.
            case triggeredGuardrailUnexpectedly
            /// The response does not help.
            case unhelpful
            /// The response has vulgar or offensive material.
            case vulgarOrOffensive
        }

        /// The issue's category.
        public var category: Category
        /// What went wrong, in your words.
        public var explanation: String?

        /// An issue of `category`, with an optional explanation.
        public init(category: Category, explanation: String? = nil) {
            self.category = category
            self.explanation = explanation
        }
    }
}
