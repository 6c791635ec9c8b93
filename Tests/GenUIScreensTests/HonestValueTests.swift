import GenUI
import GenUIScreens
import GenUITestSupport
import GenUITesting
import Testing

/// Values a user would not accept become marked placeholders, and each value says where it comes from.
@Suite(.tags(.unit)) struct HonestValueTests {
    func screen(_ title: String, _ components: [UIComponent]) -> UIScreen {
        UIScreen(title: title, sections: [UISection(title: "Facts", components: components)])
    }

    @Test func aRunOfOneRepeatedTokenIsNonsense() {
        #expect(ValueSanity.hasTokenRun("1.11-1-1-1-1-1-1-1"))
        #expect(ValueSanity.hasTokenRun("Barcelona, Barcelona, Barcelona"))
        #expect(!ValueSanity.hasTokenRun("1-1"))
        #expect(!ValueSanity.hasTokenRun("12:30"))
        #expect(!ValueSanity.hasTokenRun("Flour, eggs and milk"))
    }

    @Test func aCopyOfTheTitleOrOfTheKeyAndASentenceSharedByFactsAreNonsense() {
        let book = screen(
            "The Book", [.keyValue(key: "Title", value: "The Book"), .keyValue(key: "Author", value: "the book")])
        #expect(ValueSanity.problems(in: book).map(\.problem) == [.copiedTitle, .copiedTitle])
        let shared = screen(
            "Agenda",
            [
                .keyValue(key: "Next meeting", value: "Today's weather is sunny"),
                .keyValue(key: "Room", value: "Today's weather is sunny"), .keyValue(key: "Won", value: "3"),
                .keyValue(key: "Drawn", value: "3"), .keyValue(key: "Name", value: "Name"),
            ])
        #expect(
            ValueSanity.problems(in: shared).map(\.path) == [
                "sections[0].components[0].value", "sections[0].components[1].value", "sections[0].components[4].value",
            ])
        #expect(ValueSanity.problems(in: screen("Weather", [.keyValue(key: "Temperature", value: "18 °C")])).isEmpty)
    }

    @Test func placeholdersHintAtTheShapeOfATimeOrADate() {
        #expect(PlaceholderText.forLabel("Alarm time") == "HH:MM")
        #expect(PlaceholderText.forLabel("Due date") == "DD/MM/YYYY")
        #expect(PlaceholderText.forLabel("Humidity") == PlaceholderText.blank)
    }

    @Test func aModelWithoutLeaveToInventFillsInNoFactValueAndEachFactIsAMarkedPlaceholder() async throws {
        let intent = "An alarm screen showing the alarm time and the label with a Dismiss button"
        let json = #"{"title":"Alarm","facts":{"title":"Alarm"},"actions":{"title":"Actions","Dismiss":"primary"}}"#
        let composer = ScreenComposer(model: try FixedAnswerModel(json: json, guided: true))
        let schema = try #require(composer.request(for: intent).schema)
        #expect(!schema.jsonSchemaString().contains("Alarm time"))
        let composed = try await composer.compose(intent)
        let facts = composed.screen.sections[0].components
        #expect(facts == [.keyValue(key: "Alarm time", value: "HH:MM"), .keyValue(key: "Label", value: "—")])
        #expect(
            composed.placeholders.map(\.pointer) == [
                "/sections/0/components/0/value", "/sections/0/components/1/value",
            ])
        #expect(composed.repairs.isEmpty, "\(composed.repairs)")
    }

    @Test func nonsenseTheModelWritesIsReplacedAndReportedEvenWhenItMayInvent() async throws {
        let intent = "A recipe card showing ingredients, the author and the time with a Save button"
        let json =
            #"{"title":"The Book","facts":{"title":"Recipe","Ingredients":"1.11-1-1-1-1-1-1-1","Author":"The Book","Time":"20 min"},"actions":{"title":"Actions","Save":"primary"}}"#
        var composer = ScreenComposer(model: try FixedAnswerModel(json: json, guided: true))
        composer.mayInventValues = true
        let composed = try await composer.compose(intent)
        #expect(
            composed.screen.sections[0].components == [
                .keyValue(key: "Ingredients", value: "—"), .keyValue(key: "Author", value: "—"),
                .keyValue(key: "Time", value: "20 min"),
            ])
        #expect(composed.repairs.map(\.key) == ["screen.repair.valueRepeatsToken", "screen.repair.valueCopiesTitle"])
        #expect(composed.values.map(\.source) == [.placeholder, .placeholder, .model])
    }

    @Test func aValueTheIntentHoldsIsTheIntentsAndOtherModelValuesArePlaceholdersInAFreeScreen() async throws {
        let json =
            #"{"title":"Weather","sections":[{"title":"Now","components":[{"type":"keyValue","key":"City","value":"Lisbon"},{"type":"keyValue","key":"Temperature","value":"21 °C"}]}]}"#
        var composer = ScreenComposer(model: try FixedAnswerModel(json: json, guided: true))
        composer.composition = .free
        let composed = try await composer.compose("A weather summary for Lisbon")
        #expect(composed.values.map(\.source) == [.intent, .placeholder])
        #expect(composed.screen.sections[0].components[1] == .keyValue(key: "Temperature", value: "—"))
        #expect(composed.repairs.map(\.key) == ["screen.repair.unsourcedValue"])
    }

    @Test func theScreensJSONListsItsPlaceholdersAndReadingItBackSetsThemAside() throws {
        let shown = screen("Alarm", [.keyValue(key: "Alarm time", value: "HH:MM")])
        let json = ScreenDocument.json(shown, placeholders: ["/sections/0/components/0/value"])
        #expect(json.contains(#""placeholders":["/sections/0/components/0/value"]"#))
        #expect(ScreenDocument.placeholders(json: json) == ["/sections/0/components/0/value"])
        #expect(try ScreenDocument.read(json: json) == shown)
        #expect(ScreenDocument.json(shown) == shown.generatedContent.jsonString + "\n")
    }
}
