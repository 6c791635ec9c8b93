import Foundation

extension LanguageModelSession {
    /// A failure caused by using a session incorrectly (Foundation Models 27's `LanguageModelSession.Error`).
    public enum Error: Swift.Error, LocalizedError, Hashable, Sendable {
        /// The session received a request while it was still responding to another; wait for the first to finish,
        /// or use another session.
        case concurrentRequests
        /// The transcript was changed while a request was in progress.
        case transcriptMutationWhileResponding

        /// A developer-facing description (English).
        public var errorDescription: String? {
            switch self {
            case .concurrentRequests:
                "this session is already responding; wait for the current request to finish or use another session"
            case .transcriptMutationWhileResponding:
                "the transcript was changed while a request was in progress"
            }
        }
    }
}
