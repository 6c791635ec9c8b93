import GenUIScreens
import GenUITestSupport
import Testing

/// Kinds read from context for what an intent lists without a component word.
@Suite(.tags(.unit)) struct ScreenOutlineKindInferenceTests {
    func read(_ intent: String, infersKinds: Bool = true) -> [String] {
        ScreenOutline.read(from: intent, infersKinds: infersKinds).elements.map { "\($0.kind.rawValue):\($0.label)" }
    }

    @Test func aFormAsksForFieldsAndATrailingCapitalizedVerbIsAButton() {
        #expect(
            read("A job application form with name, email, CV link and Apply") == [
                "field:Name", "field:Email", "field:CV link", "button:Apply",
            ])
        #expect(
            read("A login screen with username, password and Sign in") == [
                "field:Username", "field:Password", "button:Sign in",
            ])
    }

    @Test func anOptionIsAToggleNamedWithoutTheWordOption() {
        #expect(
            read("An alarm screen with the alarm time, a snooze option and Dismiss") == [
                "fact:Alarm time", "toggle:Snooze", "button:Dismiss",
            ])
    }

    @Test func whatFollowsTurnOnOrEnableIsToggles() {
        #expect(
            read("A music settings page where I can turn on shuffle, repeat and crossfade") == [
                "toggle:Shuffle", "toggle:Repeat", "toggle:Crossfade",
            ])
        #expect(
            read("Privacy settings where I can enable location, ad tracking and crash reports") == [
                "toggle:Location", "toggle:Ad tracking", "toggle:Crash reports",
            ])
    }

    @Test func aRunOfCapitalizedLabelsWithAVerbIsActionsAndShownItemsStayFacts() {
        #expect(
            read("A timer screen showing the remaining time with Start, Pause and Reset") == [
                "fact:Remaining time", "button:Start", "button:Pause", "button:Reset",
            ])
    }

    @Test func amountsAFormWorksOutStayFactsAndASummaryShowsRatherThanAsks() {
        #expect(
            read("A checkout screen with order total, shipping address and a Pay button") == [
                "fact:Order total", "field:Shipping address", "button:Pay",
            ])
        #expect(
            read("A checkout summary with subtotal, tax and total and Confirm") == [
                "fact:Subtotal", "fact:Tax", "fact:Total", "button:Confirm",
            ])
    }

    @Test func capitalizedItemsWithoutAVerbAreNotActions() {
        #expect(
            read("A quiz question with answers A, B and C and a Next button") == [
                "fact:Answers A", "fact:B", "fact:C", "button:Next",
            ])
    }

    @Test func withoutInferenceEveryUnlabelledItemIsAFact() {
        #expect(
            read("A login screen with username, password and Sign in", infersKinds: false) == [
                "fact:Username", "fact:Password", "fact:Sign in",
            ])
    }

    @Test func theReadingGivesTheEverydayCorpusItsKinds() {
        var right = 0
        var total = 0
        for intent in ScreenIntentCorpus.everyday {
            let outline = ScreenOutline.read(from: intent.intent)
            for element in intent.elements {
                total += 1
                if outline.elements.contains(where: { Self.matches($0, element) }) { right += 1 }
            }
        }
        #expect(Double(right) / Double(total) >= 0.9, "\(right) of \(total)")
    }

    static func matches(_ outlined: OutlinedElement, _ element: NamedElement) -> Bool {
        let kind: OutlinedElement.Kind? =
            switch element.kind {
            case .field: .field
            case .button: .button
            case .toggle: .toggle
            case .figure: nil
            }
        let kindMatches = kind.map { $0 == outlined.kind } ?? (outlined.kind == .fact || outlined.kind == .message)
        return kindMatches && element.terms.contains { outlined.label.lowercased().contains($0) }
    }
}
