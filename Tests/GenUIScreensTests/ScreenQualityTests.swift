import GenUI
import GenUIScreens
import GenUITestSupport
import Testing

@Suite("Screen quality: the intent corpus, the measures and the repeat repair", .tags(.unit))
struct ScreenQualityTests {
    @Test("the corpus loads: at least 40 distinct intents, each naming elements with words to find them by")
    func corpusNamesElements() {
        let corpus = ScreenIntentCorpus.intents
        #expect(corpus.count >= 40)
        #expect(Set(corpus.map(\.intent)).count == corpus.count)
        for intent in corpus {
            #expect(!intent.elements.isEmpty, "\(intent.intent)")
            for element in intent.elements {
                #expect(!element.terms.isEmpty && element.terms.allSatisfy { !$0.isEmpty }, "\(intent.intent)")
            }
        }
    }

    @Test(
        "kind accuracy counts an element shown in the wrong kind against it; nonsense values are counted by the rules")
    func kindAccuracyAndNonsense() throws {
        let intent = try #require(ScreenIntentCorpus.everyday.first { $0.intent.hasPrefix("A login screen") })
        let screen = UIScreen(
            title: "Login",
            sections: [
                UISection(
                    title: "Account",
                    components: [
                        .field(label: "Username", placeholder: "you", kind: .text),
                        .keyValue(key: "Password", value: "Login"), .keyValue(key: "Sign in", value: "Login"),
                    ])
            ])
        let quality = ScreenQuality(screen: screen, intent: intent)
        #expect(quality.shownInAnyKind == 3)
        #expect(quality.presentElements == 1)
        #expect(quality.nonsenseValues == 2)
    }

    @Test("the held-out sets are apart from the sets they are measured beside")
    func heldOutSetsAreApart() {
        #expect(
            Set(ScreenIntentCorpus.everyday.map(\.intent)).isDisjoint(
                with: ScreenIntentCorpus.everydayHeldOut.map(\.intent)))
        #expect(
            Set(ScreenIntentCorpus.data.map(\.intent)).isDisjoint(with: ScreenIntentCorpus.dataHeldOut.map(\.intent)))
        for intent in ScreenIntentCorpus.data + ScreenIntentCorpus.dataHeldOut {
            #expect(ScreenIntentCorpus.recordFiles[intent.file] != nil, "\(intent.intent)")
        }
    }

    @Test(
        "a screen of six identical buttons shows one named element of four, repeats five, and its title copies nothing")
    func measuresTheDemoScreen() throws {
        let intent = try #require(ScreenIntentCorpus.intents.first)
        let button = UIComponent.button(label: "Login and Register", style: .primary)
        let screen = UIScreen(
            title: "Login and Register",
            sections: [
                UISection(title: "Login and Register", components: Array(repeating: button, count: 6))
            ])
        let quality = ScreenQuality(screen: screen, intent: intent)
        #expect(quality.namedElements == 4)
        #expect(quality.presentElements == 2) // "log" and "register" both match the one button's label
        #expect(quality.repeatedComponents == 5)
        #expect(quality.components == 6)
        #expect(!quality.titleCopiesIntent)
        #expect(ScreenQuality.copies(title: "A login form with username and", intent: intent.intent))
        #expect(!ScreenQuality.copies(title: "Sign in", intent: intent.intent))
    }

    @Test("identical components are dropped after the first, each drop reported with its path and catalog key")
    func repeatsAreDroppedAndReported() {
        let login = UIComponent.button(label: "Log in", style: .primary)
        let screen = UIScreen(
            title: "Sign in",
            sections: [
                UISection(
                    title: "Account",
                    components: [
                        .field(label: "Username", placeholder: "you", kind: .text), login, .divider, login,
                    ]),
                UISection(title: "More", components: [login, .divider]),
            ])
        let repaired = ScreenRepairer().dropRepeatedComponents(screen)
        #expect(repaired.screen.sections.count == 1)
        #expect(
            repaired.screen.sections[0].components == [
                .field(label: "Username", placeholder: "you", kind: .text), login, .divider,
            ])
        #expect(
            repaired.repairs.map(\.path) == [
                "sections[0].components[3]", "sections[1].components[0]", "sections[1]",
            ])
        #expect(
            repaired.repairs.map(\.key) == [
                "screen.repair.repeatedComponent", "screen.repair.repeatedComponent", "screen.repair.emptySection",
            ])
        #expect(repaired.repairs[0].arguments["kind"] == .text("button"))
        #expect(ScreenRepairer().dropRepeatedComponents(repaired.screen).repairs.isEmpty)
    }

    @Test("the composer drops a guided screen's repeated components and lists each drop among its repairs")
    func composerReportsDroppedRepeats() throws {
        let content = try GeneratedContent(
            json:
                #"{"title":"Sign in","sections":[{"title":"Account","components":[{"type":"button","label":"Log in","style":"primary"},{"type":"button","label":"Log in","style":"primary"}]}]}"#
        )
        let response = GenerationResponse(
            content: content, text: content.jsonString,
            metadata: ResponseMetadata(provider: "test", model: "test", guided: true))
        let composed = try ScreenComposer(model: ScriptedLanguageModel()).finish(response)
        #expect(composed.screen.sections[0].components == [.button(label: "Log in", style: .primary)])
        #expect(composed.repairs.map(\.key) == ["screen.repair.repeatedComponent"])
        var keeping = ScreenComposer(model: ScriptedLanguageModel())
        keeping.dropsRepeatedComponents = false
        #expect(try keeping.finish(response).screen.sections[0].components.count == 2)
    }
}
