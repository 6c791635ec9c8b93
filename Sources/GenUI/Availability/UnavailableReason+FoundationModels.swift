// Foundation Models' names for why a model is unavailable, and how genui's reasons map onto them.
extension UnavailableReason {
    /// One of Foundation Models' three unavailable reasons, usable as a pattern against an ``UnavailableReason``.
    ///
    /// Foundation Models' `SystemLanguageModel.Availability.UnavailableReason` has three cases. genui's
    /// ``UnavailableReason`` has a case for every reason a model can be unusable, so each of Foundation Models' names
    /// stands for one or more of genui's:
    ///
    /// | Foundation Models             | genui                                                      |
    /// |-------------------------------|------------------------------------------------------------|
    /// | `deviceNotEligible`           | ``UnavailableReason/deviceNotEligible(detail:)``, ``UnavailableReason/runtimeFailed(binary:failure:)`` for an illegal instruction |
    /// | `appleIntelligenceNotEnabled` | ``UnavailableReason/disabled``                             |
    /// | `modelNotReady`               | ``UnavailableReason/modelNotReady(progress:detail:)``, ``UnavailableReason/lowStorage(requiredBytes:availableBytes:volume:)``, ``UnavailableReason/modelNotInstalled(name:)`` |
    /// | (none)                        | `notConfigured`, `runtimeMissing`, `unreachable`, `unauthorized`, `rateLimited`, `invalidModel`, other `runtimeFailed` |
    ///
    /// Foundation Models reports a model it is still downloading, or cannot download for want of space, as
    /// `modelNotReady`; genui says which of the three it is.
    ///
    /// In a `switch` over an ``UnavailableReason``, Foundation Models' code compiles unchanged:
    ///
    /// ```swift
    /// switch reason {
    /// case .deviceNotEligible: …            // genui's own case, its detail not bound
    /// case .appleIntelligenceNotEnabled: …  // this type's pattern: matches `.disabled`
    /// case .modelNotReady: …                // genui's own case: download or load in progress
    /// default: …                            // everything else
    /// }
    /// ```
    ///
    /// `case .deviceNotEligible` and `case .modelNotReady` are genui's own cases (Swift matches a case without binding
    /// its values), so `case .modelNotReady` there matches only a download or load in progress: `lowStorage` and
    /// `modelNotInstalled` go to `default`. ``UnavailableReason/foundationModelsReason`` applies the whole mapping
    /// above: `switch reason.foundationModelsReason { case .modelNotReady?: … }`.
    public enum FoundationModelsReason: String, Sendable, Hashable, CaseIterable {
        /// The device cannot run the model: genui's ``UnavailableReason/deviceNotEligible(detail:)``.
        case deviceNotEligible
        /// The model is turned off: genui's ``UnavailableReason/disabled``.
        case appleIntelligenceNotEnabled
        /// The model is not on the device yet: genui's ``UnavailableReason/modelNotReady(progress:detail:)``,
        /// ``UnavailableReason/lowStorage(requiredBytes:availableBytes:volume:)`` and
        /// ``UnavailableReason/modelNotInstalled(name:)``.
        case modelNotReady

        /// `true` when `reason` is one Foundation Models reports under this name (see ``UnavailableReason``'s
        /// ``UnavailableReason/foundationModelsReason``).
        public static func ~= (pattern: FoundationModelsReason, reason: UnavailableReason) -> Bool {
            reason.foundationModelsReason == pattern
        }
    }

    /// The name Foundation Models gives this reason, or `nil` for the reasons it has no name for (a provider that
    /// is not configured, a server that is not answering, credentials that were refused, a rate limit, a missing
    /// runtime, a broken model file).
    public var foundationModelsReason: FoundationModelsReason? {
        switch self {
        case .deviceNotEligible: .deviceNotEligible
        case .disabled: .appleIntelligenceNotEnabled
        case .modelNotReady, .lowStorage, .modelNotInstalled: .modelNotReady
        case .runtimeFailed(_, .illegalInstruction): .deviceNotEligible
        case .notConfigured, .runtimeMissing, .unreachable, .unauthorized, .rateLimited, .invalidModel, .runtimeFailed:
            nil
        }
    }

    /// Foundation Models' `appleIntelligenceNotEnabled`, as a pattern: matches ``disabled``.
    ///
    /// Lets `case SystemLanguageModel.Availability.UnavailableReason.appleIntelligenceNotEnabled:` and
    /// `case .appleIntelligenceNotEnabled:` compile in a `switch` over a reason, as they do with Foundation Models.
    public static var appleIntelligenceNotEnabled: FoundationModelsReason { .appleIntelligenceNotEnabled }
}
