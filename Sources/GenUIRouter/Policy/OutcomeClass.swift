import GenUI

/// The kinds of outcome the chain's policy distinguishes. Every error a provider can throw falls into exactly one.
public enum OutcomeClass: String, Sendable, Hashable, CaseIterable, Codable {
    /// The caller's task was cancelled.
    case cancelled
    /// The request itself is invalid (bad options, malformed schema, a second request on a busy session).
    case invalidRequest
    /// The model declined, or a safety system blocked the prompt or the output.
    case refusal
    /// The provider rejected the credentials (HTTP 401/403).
    case unauthorized
    /// The provider asked us to wait (HTTP 429/529, overloaded).
    case rateLimited
    /// The server failed (HTTP 5xx, an error reported mid-stream, a response past the size limits).
    case serverError
    /// The network failed: connection refused, DNS, TLS, a dropped connection.
    case transport
    /// The attempt ran past its time limit.
    case timeout
    /// The output could not be decoded into the requested shape.
    case invalidOutput
    /// The prompt and the requested output do not fit the model's context window.
    case contextSizeExceeded
    /// The provider found late that it lacks something the request needs (a capability, a guide, a language).
    case unsupported
    /// The provider reported itself unavailable when asked to generate.
    case unavailable
    /// Anything else, including errors that are not `GenUIError`s.
    case other

    /// Classifies an error thrown by a provider.
    public init(classifying error: any Error) {
        if error is CancellationError {
            self = .cancelled
            return
        }
        if error is DeadlineExceeded {
            self = .timeout
            return
        }
        guard let error = error as? GenUIError else {
            self = .other
            return
        }
        switch error {
        case .invalidRequest, .concurrentRequests: self = .invalidRequest
        case .refusal, .guardrailViolation: self = .refusal
        case .unauthorized: self = .unauthorized
        case .rateLimited: self = .rateLimited
        case .serverError, .responseTooLarge: self = .serverError
        case .transport: self = .transport
        case .timedOut: self = .timeout
        case .decodingFailure, .invalidToolCall: self = .invalidOutput
        case .contextSizeExceeded: self = .contextSizeExceeded
        case .unsupportedCapability, .unsupportedGenerationGuide, .unsupportedLanguageOrLocale: self = .unsupported
        case .unavailable: self = .unavailable
        case .noProviderAvailable, .toolRoundLimitReached: self = .other
        }
    }
}
