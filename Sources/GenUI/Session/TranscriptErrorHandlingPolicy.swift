/// What a session does with its transcript when a request fails (Foundation Models 27's
/// `TranscriptErrorHandlingPolicy`).
///
/// ``revertTranscript`` puts the transcript back as it was just before the request: the prompt and anything the
/// model produced are gone, as if the request had not been made. ``preserveTranscript`` keeps what the request added:
/// the prompt, the rounds of tool calls that finished (with their outputs and the reasoning before them) and, for a
/// streamed request, the text the model had written when it failed, as a last response entry that may be partial.
///
/// A session without a policy (``LanguageModelSession/transcriptErrorHandlingPolicy`` `nil`, and no profile that
/// sets one) reverts. A request that fails before the model is asked (a prompt action that throws, options the
/// session rejects, a second request while one runs) leaves the transcript as it was under either policy.
public struct TranscriptErrorHandlingPolicy: Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Hashable {
        case preserve, revert
    }

    private let kind: Kind

    /// Keeps the transcript as the failed request left it; its last entry may be partially generated.
    public static let preserveTranscript = TranscriptErrorHandlingPolicy(kind: .preserve)

    /// Puts the transcript back as it was just before the failed request.
    public static let revertTranscript = TranscriptErrorHandlingPolicy(kind: .revert)

    /// `preserveTranscript` or `revertTranscript`.
    public var description: String { kind == .preserve ? "preserveTranscript" : "revertTranscript" }

    /// `true` for ``preserveTranscript``.
    var preserves: Bool { kind == .preserve }
}

extension LanguageModelSession {
    /// What the session does with its transcript when a request fails (Foundation Models 27); `nil` (the default)
    /// leaves it to the profile's ``DynamicProfile/transcriptErrorHandlingPolicy(_:)``, and without one the
    /// transcript is reverted. See ``TranscriptErrorHandlingPolicy``.
    public var transcriptErrorHandlingPolicy: TranscriptErrorHandlingPolicy? {
        get { state.withLock { $0.transcriptErrorHandlingPolicy } }
        set { state.withLock { $0.transcriptErrorHandlingPolicy = newValue } }
    }
}
