import GenUIScreens
import GenUITestSupport
import Testing

/// Reading what an intent names: lists before and after component words, facts after "with" and "showing",
/// messages after "saying".
@Suite(.tags(.unit)) struct ScreenOutlineReadingTests {
    func read(_ intent: String) -> [String] {
        ScreenOutline.read(from: intent).elements.map { "\($0.kind.rawValue):\($0.label)" }
    }

    @Test func listsBeforePluralComponentWordsAreEachNamed() {
        #expect(
            read("A login form with username and password fields and Login and Register buttons") == [
                "field:Username", "field:Password", "button:Login", "button:Register",
            ])
    }

    @Test func aSingularComponentWordTakesOnlyTheLastItemAndTheRestAreFacts() {
        #expect(
            read("A bank account overview with the balance and a Transfer button") == [
                "fact:Balance", "button:Transfer",
            ])
        #expect(
            read("A tip calculator with a bill amount field, the tip and a Calculate button") == [
                "field:Bill amount", "fact:Tip", "button:Calculate",
            ])
    }

    @Test func anOuterListsCommaAndEndsAComponentList() {
        #expect(
            read("A trip booking screen with destination and date fields, the price, and Book and Cancel buttons") == [
                "field:Destination", "field:Date", "fact:Price", "button:Book", "button:Cancel",
            ])
    }

    @Test func listsAfterComponentWordsAndForAreNamed() {
        #expect(
            read("A notification settings screen with toggles for email, push and SMS") == [
                "toggle:Email", "toggle:Push", "toggle:SMS",
            ])
    }

    @Test func listsAfterShowingAreFactsInTheirOrder() {
        #expect(
            read("A fitness tracker showing steps, calories and heart rate") == [
                "fact:Steps", "fact:Calories", "fact:Heart rate",
            ])
    }

    @Test func whatFollowsSayingIsOneMessage() {
        #expect(
            read("An error screen saying the server is unreachable with a Retry button") == [
                "message:The server is unreachable", "button:Retry",
            ])
    }

    @Test func quotedLabelsAreRead() {
        #expect(
            read(#"A welcome screen with a "Sign up" button and “Remember me” and 'Stay signed in' toggles"#) == [
                "button:Sign up", "toggle:Remember me", "toggle:Stay signed in",
            ])
    }

    @Test func bareCountsAndRepeatsAreDropped() {
        #expect(read("A settings screen with two toggles") == [])
        #expect(
            read("A search screen with a search field and a Search button and a search field") == [
                "field:Search", "button:Search",
            ])
    }

    @Test func anIntentThatNamesNothingGivesAnEmptyOutline() {
        #expect(ScreenOutline.read(from: "A login form").isEmpty)
        #expect(ScreenOutline.read(from: "ログイン画面").isEmpty)
        #expect(ScreenOutline.read(from: "").isEmpty)
    }

    @Test func passwordFieldsAreSecureAndEmailFieldsAreEmail() {
        let elements = ScreenOutline.read(from: "A signup form with email, password and nickname fields").elements
        #expect(elements.map(\.fieldKinds) == [[.email], [.secure], FieldKind.allCases])
    }

    @Test func longLabelsAreCutAtAWordAndEachSectionIsBounded() {
        let long = ScreenOutline.read(from: "A form with a " + String(repeating: "very ", count: 20) + "long field")
        #expect(long.elements.count == 1)
        #expect(
            long.elements.allSatisfy { $0.label.count <= ShortText.lengthRange.upperBound && !$0.label.hasSuffix(" ") })
        let many = ScreenOutline.read(
            from: "A form with " + (1...12).map { "f\($0)" }.joined(separator: ", ") + " fields")
        #expect(many.elements.count == ScreenOutline.maximumElementsPerSection)
    }
}
