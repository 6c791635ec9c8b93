extension SystemLanguageModel {
    /// Foundation Models' `SystemLanguageModel.Availability`: genui's ``GenUI/Availability``.
    public typealias Availability = GenUI.Availability
}

extension Availability {
    /// Foundation Models' `SystemLanguageModel.Availability.UnavailableReason`: genui's ``GenUI/UnavailableReason``,
    /// which has more cases (see ``UnavailableReason/FoundationModelsReason`` for the mapping).
    public typealias UnavailableReason = GenUI.UnavailableReason
}
