import Foundation

/// A failure that may occur while generating a response with any language model: Foundation Models 27's
/// `LanguageModelError`.
///
/// A Foundation Models 27 executor throws these from `respond(to:model:streamingInto:)`, and a
/// ``LanguageModelSession`` throws them to its caller: a session over a third-party model passes its error on
/// unchanged, and a session over one of genui's models turns genui's error into the matching case here, keeping
/// genui's own error (its provider and route trace) in the payload's ``metadata`` under ``genUIErrorKey``
/// (``GenUIError/init(unwrapping:)`` reads it back).
///
/// ```swift
/// do {
///     let answer = try await session.respond(to: "Summarize the trip")
/// } catch let error as LanguageModelError {
///     if case .rateLimited(let limit) = error { retry(after: limit.resetDate) }
/// }
/// ```
public enum LanguageModelError: Error, LocalizedError, CustomDebugStringConvertible, Sendable {
    /// The session's transcript exceeded the model's context size.
    case contextSizeExceeded(ContextSizeExceeded)
    /// The model, or the service behind it, is rate limiting requests.
    case rateLimited(RateLimited)
    /// A safety system blocked the prompt or the output.
    case guardrailViolation(GuardrailViolation)
    /// The model refused to answer.
    case refusal(Refusal)
    /// The request needs a capability the model does not declare.
    case unsupportedCapability(UnsupportedCapability)
    /// The transcript holds content the model cannot read (a data entry or attachment of a type it does not support).
    case unsupportedTranscriptContent(UnsupportedTranscriptContent)
    /// The model cannot enforce a generation guide the schema uses.
    case unsupportedGenerationGuide(UnsupportedGenerationGuide)
    /// The model does not support the language or locale of the request.
    case unsupportedLanguageOrLocale(UnsupportedLanguageOrLocale)
    /// The request ran past its deadline.
    case timeout(Timeout)

    /// The key under which a session keeps genui's own error in a payload's `metadata`.
    public static let genUIErrorKey = "genui.error"

    /// The developer-facing description of the payload.
    public var debugDescription: String { payload.debugDescription }

    /// The payload's additional information, keyed by name.
    public var metadata: [String: any Sendable] { payload.metadata }

    /// The payload's developer-facing description (English; `Diagnostics.describe(_:)` in GenUIDiagnostics words
    /// the failure in the user's language).
    public var errorDescription: String? { payload.debugDescription }

    private var payload: any LanguageModelErrorPayload {
        switch self {
        case .contextSizeExceeded(let payload): payload
        case .rateLimited(let payload): payload
        case .guardrailViolation(let payload): payload
        case .refusal(let payload): payload
        case .unsupportedCapability(let payload): payload
        case .unsupportedTranscriptContent(let payload): payload
        case .unsupportedGenerationGuide(let payload): payload
        case .unsupportedLanguageOrLocale(let payload): payload
        case .timeout(let payload): payload
        }
    }
}

/// What every ``LanguageModelError`` payload carries.
protocol LanguageModelErrorPayload: Sendable {
    var debugDescription: String { get }
    var metadata: [String: any Sendable] { get }
}
