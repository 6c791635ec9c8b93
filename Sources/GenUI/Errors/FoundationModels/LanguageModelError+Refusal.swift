extension LanguageModelError {
    /// Information about a model refusal: the model chose not to respond to a prompt.
    public struct Refusal: Sendable, CustomDebugStringConvertible, LanguageModelErrorPayload {
        /// The model's own words on why it refused, as the executor reported them.
        let explanationText: String
        /// A description to help developers diagnose the failure; not for end users.
        public var debugDescription: String
        /// Additional information about the failure, keyed by name.
        public var metadata: [String: any Sendable]

        /// Creates the information; `explanation` is the model's reason, as the service gave it.
        public init(explanation: String, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.explanationText = explanation
            self.debugDescription = debugDescription
            self.metadata = metadata
        }

        /// The model's explanation for why it refused, as a response.
        public var explanation: LanguageModelSession.Response<String> {
            get async throws { try await RefusalExplanation.answering(explanationText).respond() }
        }

        /// The model's explanation for why it refused, streamed.
        public var explanationStream: LanguageModelSession.ResponseStream<String> {
            RefusalExplanation.answering(explanationText).stream()
        }
    }
}
