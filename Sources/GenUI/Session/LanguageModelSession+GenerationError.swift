extension LanguageModelSession {
    /// Foundation Models 26's `LanguageModelSession.GenerationError`: in genui, every generation error is a
    /// ``LanguageModelError``, so this is that type.
    ///
    /// `catch let error as LanguageModelSession.GenerationError` catches every error a session throws, and
    /// Foundation Models 26's case names work as patterns:
    ///
    /// | Foundation Models 26            | genui                                                              |
    /// |---------------------------------|--------------------------------------------------------------------|
    /// | `exceededContextWindowSize`     | ``LanguageModelError/contextSizeExceeded(_:)`` (pattern)           |
    /// | `assetsUnavailable`             | ``LanguageModelError/unavailable(_:_:)``, ``LanguageModelError/noProviderAvailable(_:)`` (pattern) |
    /// | `unsupportedGuide`              | ``LanguageModelError/unsupportedGenerationGuide(_:)`` (pattern)    |
    /// | `guardrailViolation`            | the same case                                                      |
    /// | `unsupportedLanguageOrLocale`   | the same case                                                      |
    /// | `concurrentRequests`            | the same case                                                      |
    /// | `decodingFailure`               | the same name; genui's also carries the path and details           |
    /// | `rateLimited`                   | the same name; genui's also carries `retryAfter`                   |
    /// | `refusal(Refusal, Context)`     | `refusal(Context)`: no `Refusal`, no explanation to ask the model for |
    ///
    /// `Context` is ``LanguageModelError/Context``, which has Foundation Models' `debugDescription` and
    /// `init(debugDescription:)`. What differs: the three names marked "pattern" match without binding the context
    /// (`case .exceededContextWindowSize:` compiles, `case .exceededContextWindowSize(let context):` does not — use
    /// `error.context`); `decodingFailure(let context)` and `rateLimited(let context)` bind a tuple of genui's
    /// values, and `refusal(let refusal, let context)` does not compile. genui's other cases (`timedOut`,
    /// `transport`, `unauthorized`, …) reach a `default` clause.
    public typealias GenerationError = LanguageModelError
}

extension LanguageModelError {
    /// A Foundation Models 26 `GenerationError` case name that genui spells differently, usable as a pattern
    /// against a ``LanguageModelError`` (in a `switch`) or any error (in a `catch` clause).
    public enum FoundationModelsCase: String, Sendable, Hashable, CaseIterable {
        /// The prompt and the answer do not fit in the context: ``LanguageModelError/contextSizeExceeded(_:)``.
        case exceededContextWindowSize
        /// The model cannot serve: ``LanguageModelError/unavailable(_:_:)``, or
        /// ``LanguageModelError/noProviderAvailable(_:)`` when no member of a chain could.
        case assetsUnavailable
        /// The backend cannot enforce a generation guide: ``LanguageModelError/unsupportedGenerationGuide(_:)``.
        case unsupportedGuide

        /// `true` when `error` is one of the genui cases this name stands for.
        public static func ~= (pattern: FoundationModelsCase, error: LanguageModelError) -> Bool {
            switch (pattern, error) {
            case (.exceededContextWindowSize, .contextSizeExceeded),
                (.assetsUnavailable, .unavailable), (.assetsUnavailable, .noProviderAvailable),
                (.unsupportedGuide, .unsupportedGenerationGuide):
                true
            default:
                false
            }
        }

        /// `true` when `error` is a ``LanguageModelError`` this name stands for: lets
        /// `catch LanguageModelSession.GenerationError.exceededContextWindowSize { … }` compile and match.
        public static func ~= (pattern: FoundationModelsCase, error: any Error) -> Bool {
            guard let error = error as? LanguageModelError else { return false }
            return pattern ~= error
        }
    }

    /// Foundation Models 26's `exceededContextWindowSize`, as a pattern: matches ``contextSizeExceeded(_:)``.
    public static var exceededContextWindowSize: FoundationModelsCase { .exceededContextWindowSize }

    /// Foundation Models 26's `assetsUnavailable`, as a pattern: matches ``unavailable(_:_:)`` and
    /// ``noProviderAvailable(_:)``.
    public static var assetsUnavailable: FoundationModelsCase { .assetsUnavailable }

    /// Foundation Models 26's `unsupportedGuide`, as a pattern: matches ``unsupportedGenerationGuide(_:)``.
    public static var unsupportedGuide: FoundationModelsCase { .unsupportedGuide }
}
