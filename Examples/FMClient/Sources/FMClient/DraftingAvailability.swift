import FoundationModels  // on Linux, genui's FoundationModels product; on Apple platforms, Apple's framework

// The on-device drafting article's availability handling: each reason its own message, the button gated on a
// synchronous isAvailable, and a mapping by the reason's description for reasons a future release may rename.

struct DraftingAvailability {
    var model = SystemLanguageModel.default

    /// Gates the "Draft" button.
    var isAvailable: Bool { model.isAvailable }

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
        default:
            return messageMatchingDescription(for: reason)
        }
    }

    static func messageMatchingDescription(for reason: SystemLanguageModel.Availability.UnavailableReason) -> String {
        let description = String(describing: reason)
        if description.contains("deviceNotEligible") {
            return "This device can't draft routines."
        } else if description.lowercased().contains("storage") {
            return "Free some space: the model needs room to download."
        } else if description.contains("modelNotReady") {
            return "Try again once the model has finished downloading."
        }
        return "Drafting is unavailable right now (\(description))."
    }
}
