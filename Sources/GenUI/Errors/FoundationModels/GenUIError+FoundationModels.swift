import Foundation

extension GenUIError {
    /// Finds genui's error in `error`: the error itself, or the one a ``LanguageModelError`` thrown by a session
    /// carries in its metadata. `nil` for any other error (a tool's, a third-party model's, cancellation).
    public init?(unwrapping error: any Error) {
        switch error {
        case let error as GenUIError:
            self = error
        case let error as LanguageModelError:
            guard let carried = error.metadata[LanguageModelError.genUIErrorKey] as? GenUIError else { return nil }
            self = carried
        case .assetsUnavailable(let payload) as SystemLanguageModel.Error:
            guard let carried = payload.genUIError else { return nil }
            self = carried
        case let error as LanguageModelSession.GenerationError:
            guard let carried = error.context.underlyingErrors.lazy.compactMap({ $0 as? GenUIError }).first else {
                return nil
            }
            self = carried
        default:
            return nil
        }
    }

    /// The error a session throws for this one, as Foundation Models does for an app built with its 27 SDK (see
    /// the type's discussion): the third-party model's own ``LanguageModelError`` when this error wraps one, the
    /// matching ``LanguageModelError`` or ``LanguageModelSession/Error`` case when Foundation Models has one, or this
    /// error. With the package trait `FoundationModels26Errors`, what Foundation Models throws for an app built with
    /// its 26 SDK instead: ``LanguageModelSession/GenerationError``.
    func thrownBySession(after entries: @autoclosure () -> [Transcript.Entry]) -> any Error {
        if let original = context.underlying(LanguageModelError.self) { return original }
        #if FoundationModels26Errors
            return generationError(after: entries()) ?? self
        #else
            return languageModelError ?? self
        #endif
    }

    /// The Foundation Models 27 error for this one, when Foundation Models has a case for it: a ``LanguageModelError``,
    /// a ``LanguageModelSession/Error``, or ``SystemLanguageModel/Error`` when the model cannot serve.
    var languageModelError: (any Error)? {
        let metadata: [String: any Sendable] = [LanguageModelError.genUIErrorKey: self]
        let description = context.debugDescription
        switch self {
        case .contextSizeExceeded(let contextSize, let tokenCount, _):
            return LanguageModelError.contextSizeExceeded(
                .init(
                    contextSize: contextSize ?? 0, tokenCount: tokenCount ?? 0, debugDescription: description,
                    metadata: metadata))
        case .rateLimited(let retryAfter, _):
            let resetDate = retryAfter.map { Date.now.addingTimeInterval($0.seconds) }
            return LanguageModelError.rateLimited(
                .init(resetDate: resetDate, debugDescription: description, metadata: metadata))
        case .refusal:
            return LanguageModelError.refusal(
                .init(explanation: description, debugDescription: description, metadata: metadata))
        case .guardrailViolation:
            return LanguageModelError.guardrailViolation(.init(debugDescription: description, metadata: metadata))
        case .unsupportedCapability(let capability, _):
            return LanguageModelError.unsupportedCapability(
                .init(capability: capability, debugDescription: description, metadata: metadata))
        case .unsupportedGenerationGuide:
            return LanguageModelError.unsupportedGenerationGuide(
                .init(debugDescription: description, metadata: metadata))
        case .unsupportedLanguageOrLocale:
            let language = Locale.current.language.languageCode ?? .unavailable
            return LanguageModelError.unsupportedLanguageOrLocale(
                .init(languageCode: language, debugDescription: description, metadata: metadata))
        case .timedOut:
            return LanguageModelError.timeout(.init(debugDescription: description, metadata: metadata))
        case .concurrentRequests:
            return LanguageModelSession.Error.concurrentRequests
        case .unavailable, .noProviderAvailable:
            return SystemLanguageModel.Error.assetsUnavailable(.init(self))
        case .decodingFailure, .invalidRequest, .transport, .unauthorized, .serverError, .responseTooLarge,
            .invalidToolCall, .toolRoundLimitReached:
            return nil
        }
    }

    /// The Foundation Models 26 error for this one, when Foundation Models 26 has a case for it; `entries` are the
    /// transcript a refusal's explanation continues.
    func generationError(after entries: [Transcript.Entry]) -> LanguageModelSession.GenerationError? {
        let context = LanguageModelSession.GenerationError.Context(
            debugDescription: self.context.debugDescription, underlyingErrors: [self])
        switch self {
        case .contextSizeExceeded: return .exceededContextWindowSize(context)
        case .unavailable, .noProviderAvailable: return .assetsUnavailable(context)
        case .guardrailViolation: return .guardrailViolation(context)
        case .unsupportedGenerationGuide: return .unsupportedGuide(context)
        case .unsupportedLanguageOrLocale: return .unsupportedLanguageOrLocale(context)
        case .decodingFailure: return .decodingFailure(context)
        case .rateLimited: return .rateLimited(context)
        case .concurrentRequests: return .concurrentRequests(context)
        case .refusal: return .refusal(.init(transcriptEntries: entries), context)
        case .unsupportedCapability, .timedOut, .invalidRequest, .transport, .unauthorized, .serverError,
            .responseTooLarge, .invalidToolCall, .toolRoundLimitReached:
            return nil
        }
    }
}

extension GenUIError {
    /// genui's error for a failure a Foundation Models 27 model reported, so a chain can route on it (a rate limit or
    /// a timeout moves on to the next provider; a refusal does not). It carries `error`, which a session throws
    /// unchanged; `provider` is the model's name in genui.
    public init(_ error: LanguageModelError, provider: String? = nil) {
        let context = Context(provider: provider, debugDescription: error.debugDescription, underlyingErrors: [error])
        switch error {
        case .contextSizeExceeded(let info):
            self = .contextSizeExceeded(contextSize: info.contextSize, tokenCount: info.tokenCount, context)
        case .rateLimited(let info):
            let retryAfter = info.resetDate.map { Duration.seconds(max(0, $0.timeIntervalSinceNow)) }
            self = .rateLimited(retryAfter: retryAfter, context)
        case .guardrailViolation: self = .guardrailViolation(context)
        case .refusal: self = .refusal(context)
        case .unsupportedCapability(let info): self = .unsupportedCapability(info.capability, context)
        case .unsupportedTranscriptContent: self = .invalidRequest(context)
        case .unsupportedGenerationGuide: self = .unsupportedGenerationGuide(context)
        case .unsupportedLanguageOrLocale: self = .unsupportedLanguageOrLocale(context)
        case .timeout: self = .timedOut(context)
        }
    }
}
