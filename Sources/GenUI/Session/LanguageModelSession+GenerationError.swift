import Foundation

extension LanguageModelSession {
    /// An error that may occur while generating a response: Foundation Models 26's
    /// `LanguageModelSession.GenerationError`, with its case shapes.
    ///
    /// Foundation Models deprecates it in 27: an app built for 27 receives ``LanguageModelError`` and
    /// ``LanguageModelSession/Error`` instead, and so does every app on genui, which is Foundation Models 27. The
    /// type is here so that code written for 26 — `catch` clauses binding its payloads, `switch`es over its cases,
    /// values built for tests — compiles unchanged; such a `catch` clause does not match what a genui session
    /// throws, as on Apple's platforms when the app is built with the 27 SDK. docs/core.md shows how to match both.
    public enum GenerationError: Swift.Error, LocalizedError, Sendable {
        /// The transcript and the answer do not fit in the model's context window.
        case exceededContextWindowSize(Context)
        /// The assets the session needs are unavailable.
        case assetsUnavailable(Context)
        /// A safety system blocked the prompt or the output.
        case guardrailViolation(Context)
        /// The model cannot enforce a generation guide the schema uses.
        case unsupportedGuide(Context)
        /// The model does not support the language or locale of the request.
        case unsupportedLanguageOrLocale(Context)
        /// The session failed to decode a valid generable value from the model's output.
        case decodingFailure(Context)
        /// The session is being rate limited.
        case rateLimited(Context)
        /// A second request was made while the session was still responding.
        case concurrentRequests(Context)
        /// The model refused to answer; `Refusal` can ask it why.
        case refusal(Refusal, Context)

        /// The context in which an error occurred.
        public struct Context: Sendable, CustomDebugStringConvertible {
            /// A description to help developers diagnose the failure; not for end users.
            public let debugDescription: String
            /// The errors this one came from.
            public let underlyingErrors: [any Swift.Error & Sendable]

            /// Creates a context.
            public init(debugDescription: String, underlyingErrors: [any Swift.Error & Sendable] = []) {
                self.debugDescription = debugDescription
                self.underlyingErrors = underlyingErrors
            }
        }

        /// A refusal produced by a language model, which can ask the model why it refused.
        public struct Refusal: Sendable {
            /// The entries leading up to the refusal.
            let transcriptEntries: [Transcript.Entry]

            /// Creates a refusal for the transcript entries the model declined to respond to.
            public init(transcriptEntries: [Transcript.Entry]) {
                self.transcriptEntries = transcriptEntries
            }

            /// The model's explanation for why it refused: a second request to the default model, continuing the
            /// refused entries.
            public var explanation: LanguageModelSession.Response<String> {
                get async throws { try await explaining.respond() }
            }

            /// The model's explanation for why it refused, streamed.
            public var explanationStream: LanguageModelSession.ResponseStream<String> { explaining.stream() }

            private var explaining: RefusalExplanation {
                .asking(SystemLanguageModel.default, after: transcriptEntries)
            }
        }

        /// The context of any case.
        var context: Context {
            switch self {
            case .exceededContextWindowSize(let context), .assetsUnavailable(let context),
                .guardrailViolation(let context), .unsupportedGuide(let context),
                .unsupportedLanguageOrLocale(let context), .decodingFailure(let context), .rateLimited(let context),
                .concurrentRequests(let context), .refusal(_, let context):
                context
            }
        }

        /// The context's developer-facing description (English).
        public var errorDescription: String? { context.debugDescription }
    }
}
