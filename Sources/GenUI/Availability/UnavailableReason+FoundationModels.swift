// Foundation Models' names for why a model is unavailable, and how genui's reasons map onto them.
extension UnavailableReason {
    /// Foundation Models' three unavailable reasons, as a pattern against an ``UnavailableReason``:
    /// ``SystemLanguageModel/Availability/UnavailableReason``.
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
    /// `modelNotReady`; genui says which of the three it is. ``SystemLanguageModel/availability`` has Foundation
    /// Models' own type, where every reason reads as one of the three
    /// (``SystemLanguageModel/Availability/UnavailableReason/init(_:)``).
    ///
    /// In a `switch` over genui's ``UnavailableReason``, Foundation Models' names compile too:
    ///
    /// ```swift
    /// switch reason {
    /// case .deviceNotEligible: …            // genui's own case, its detail not bound
    /// case .appleIntelligenceNotEnabled: …  // Foundation Models' name as a pattern: matches `.disabled`
    /// case .modelNotReady: …                // genui's own case: download or load in progress
    /// default: …                            // everything else
    /// }
    /// ```
    ///
    /// `case .deviceNotEligible` and `case .modelNotReady` are genui's own cases (Swift matches a case without binding
    /// its values), so `case .modelNotReady` there matches only a download or load in progress: `lowStorage` and
    /// `modelNotInstalled` go to `default`. ``UnavailableReason/foundationModelsReason`` applies the whole mapping
    /// above: `switch reason.foundationModelsReason { case .modelNotReady?: … }`.
    public typealias FoundationModelsReason = SystemLanguageModel.Availability.UnavailableReason

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
