import GenUI
import GenUIScreens

/// Checks that a model composes valid screens for a set of intents; reusable with any ``RoutableModel`` (the scripted
/// model here, the on-device SmolLM2 in the provider tests).
enum ScreenModelCheck {
    /// Twenty intents of the kinds users ask for.
    static let intents = [
        "A login form with username and password fields and Login and Register buttons",
        "A settings screen with toggles for notifications, dark mode and location",
        "A sign-up form with name, email and password and a Create account button",
        "A profile page showing name, email, plan and member since",
        "A league table with the top five football teams and their points",
        "An order confirmation with the order number, total and a Track order button",
        "A weather card for Rome with temperature, humidity and wind",
        "A checkout form with card number, expiry and a Pay button",
        "A list of today's tasks with a button to add a task",
        "A password reset screen with an email field and a Send link button",
        "A dashboard with revenue, active users and a warning badge for errors",
        "A contact form with name, email, message and a Send button",
        "A recipe card with ingredients and a Start cooking button",
        "A flight status screen with flight number, gate, boarding time and an On time badge",
        "A delete account confirmation with a destructive Delete button and a Cancel button",
        "A newsletter subscription with an email field and a toggle for weekly digest",
        "A leaderboard of the top players in a game with their scores",
        "A product page with price, stock status badge, and Add to cart button",
        "A privacy settings screen with toggles for analytics and personalized ads",
        "A meeting details screen with time, room, attendees list and Join button",
    ]

    /// What happened for one intent.
    struct Outcome: Sendable {
        var intent: String
        var composed: ComposedScreen?
        var failure: String?
        /// Validation issues of the composed screen (should be none).
        var issues: [ScreenIssue]
    }

    /// Composes a screen for every intent with `model` and validates each.
    static func run(
        model: any RoutableModel, intents: [String] = intents,
        options: GenerationOptions = GenerationOptions(sampling: .greedy),
        allowUnguided: Bool = false
    ) async -> [Outcome] {
        let composer = ScreenComposer(model: model, options: options, allowUnguided: allowUnguided)
        var outcomes: [Outcome] = []
        for intent in intents {
            do {
                let composed = try await composer.compose(intent)
                outcomes.append(
                    Outcome(
                        intent: intent, composed: composed, failure: nil,
                        issues: ScreenValidator().issues(in: composed.screen)))
            } catch {
                outcomes.append(Outcome(intent: intent, composed: nil, failure: "\(error)", issues: []))
            }
        }
        return outcomes
    }

    /// Composes `intent` `times` times with greedy sampling and returns the distinct screens (one when the model is
    /// deterministic).
    static func distinctGreedyScreens(model: any RoutableModel, intent: String = intents[0], times: Int = 3)
        async throws
        -> [UIScreen]
    {
        let composer = ScreenComposer(model: model, options: GenerationOptions(sampling: .greedy))
        var screens: [UIScreen] = []
        for _ in 0..<times {
            let screen = try await composer.compose(intent).screen
            if !screens.contains(screen) { screens.append(screen) }
        }
        return screens
    }

    /// A one-line-per-problem summary of outcomes that failed or did not validate.
    static func problems(_ outcomes: [Outcome]) -> [String] {
        outcomes.compactMap { outcome in
            if let failure = outcome.failure { return "\(outcome.intent): \(failure)" }
            if !outcome.issues.isEmpty {
                return "\(outcome.intent): \(outcome.issues.map(\.description).joined(separator: "; "))"
            }
            return nil
        }
    }
}
