extension SystemLanguageModel {
    /// Foundation Models' `SystemLanguageModel.Availability`: the model can serve, or cannot for one of Foundation
    /// Models' three reasons.
    ///
    /// It is Foundation Models' type case for case, so the code apps write for it compiles unchanged: a `switch`
    /// over the three reasons is exhaustive, and `.unavailable(.deviceNotEligible)` is a value that can be compared
    /// and stored, as well as a pattern. genui knows more than three reasons (``GenUI/UnavailableReason`` has a case,
    /// with its details, for each thing that can keep a model from serving); that detail is in
    /// ``SystemLanguageModel/availabilityReport`` (its ``AvailabilityReport/availability`` and each member's), and
    /// ``init(_:)`` says how each of genui's reasons reads here.
    public enum Availability: Sendable, Hashable {
        /// The model can serve requests.
        case available
        /// The model cannot serve requests, for the given reason.
        case unavailable(UnavailableReason)

        /// Foundation Models' `SystemLanguageModel.Availability.UnavailableReason`: the three reasons an app is
        /// told.
        public enum UnavailableReason: String, Sendable, Hashable, CaseIterable {
            /// The feature is turned off or not set up: someone has to turn it on. genui's
            /// ``GenUI/UnavailableReason/disabled``, and a configuration that is missing something or credentials that
            /// were refused.
            case appleIntelligenceNotEnabled
            /// This device cannot run the model. genui's ``GenUI/UnavailableReason/deviceNotEligible(detail:)`` and a
            /// runtime that stopped on an illegal instruction.
            case deviceNotEligible
            /// The model is not ready yet: downloading, loading, not installed, out of room to download, or a server
            /// that is not answering. Trying again later may succeed.
            case modelNotReady
        }
    }
}

extension SystemLanguageModel.Availability {
    /// Foundation Models' reading of genui's availability `availability` (see
    /// ``SystemLanguageModel/Availability/UnavailableReason/init(_:)``).
    public init(_ availability: GenUI.Availability) {
        switch availability {
        case .available: self = .available
        case .unavailable(let reason): self = .unavailable(UnavailableReason(reason))
        }
    }
}

extension SystemLanguageModel.Availability.UnavailableReason {
    /// The reason Foundation Models gives for genui's reason `reason`.
    ///
    /// | Foundation Models             | genui                                                               |
    /// |-------------------------------|---------------------------------------------------------------------|
    /// | `deviceNotEligible`           | `deviceNotEligible`; `runtimeFailed` on an illegal instruction      |
    /// | `appleIntelligenceNotEnabled` | `disabled`; `notConfigured` and `unauthorized` (someone must act)   |
    /// | `modelNotReady`               | `modelNotReady`, `lowStorage`, `modelNotInstalled`; and, as "try later", `runtimeMissing`, `unreachable`, `rateLimited`, `invalidModel` and any other `runtimeFailed` |
    ///
    /// The first three rows' genui reasons are the ones ``GenUI/UnavailableReason/foundationModelsReason`` names;
    /// the others have no name in Foundation Models, and read as the reason whose advice fits them.
    public init(_ reason: GenUI.UnavailableReason) {
        if let name = reason.foundationModelsReason {
            self = name
            return
        }
        switch reason {
        case .notConfigured, .unauthorized: self = .appleIntelligenceNotEnabled
        default: self = .modelNotReady
        }
    }

    /// `true` when genui's `reason` is one Foundation Models reports under this name (see
    /// ``GenUI/UnavailableReason/foundationModelsReason``), so that `case .appleIntelligenceNotEnabled:` matches
    /// genui's reasons too.
    public static func ~= (pattern: Self, reason: GenUI.UnavailableReason) -> Bool {
        reason.foundationModelsReason == pattern
    }
}
