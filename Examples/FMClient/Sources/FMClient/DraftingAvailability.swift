import FoundationModels  // on Linux, genui's FoundationModels product; on Apple platforms, Apple's framework

// The on-device drafting article's availability handling: each of the three reasons its own message (an exhaustive
// switch, as Foundation Models' enum allows), the button gated on a synchronous isAvailable, and the current state
// compared as a value.

struct DraftingAvailability {
    var model = SystemLanguageModel.default

    /// Gates the "Draft" button.
    var isAvailable: Bool { model.isAvailable }

    /// Whether the only thing missing is time: the model is on its way.
    var isWaitingForModel: Bool { model.availability == .unavailable(.modelNotReady) }

    var message: String? {
        switch model.availability {
        case .available:
            return nil
        case .unavailable(let reason):
            return Self.message(for: reason)
        }
    }

    static func message(for reason: SystemLanguageModel.Availability.UnavailableReason) -> String {
        switch reason {
        case .deviceNotEligible:
            return "This device can't draft routines."
        case .appleIntelligenceNotEnabled:
            return "Turn on Apple Intelligence in Settings > Apple Intelligence & Siri."
        case .modelNotReady:
            return "Try again once the model has finished downloading."
        }
    }
}
