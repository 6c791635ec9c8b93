import GenUI
import GenUIScreens
import GenUITestSupport
import GenUITesting
import Testing

/// The composer decides once how an intent is composed, and the composed screen carries that decision.
@Suite("Composition decision", .tags(.unit))
struct CompositionDecisionTests {
    static let login = "A login screen with username and password fields and a Sign in button"

    @Test("an intent that names elements, sent to a guided model, is outlined, and the screen says so")
    func outlined() async throws {
        let composer = ScreenComposer(model: ScriptedLanguageModel())
        guard case .outlined(let outline) = await composer.decision(for: Self.login) else {
            Issue.record("expected an outlined composition")
            return
        }
        #expect(outline.elements.map(\.label).contains("Password"))
        let composed = try await composer.compose(Self.login)
        #expect(composed.outline?.elements.map(\.label) == outline.elements.map(\.label))
    }

    @Test(
        "each reason to compose freely is decided and carried by the composed screen",
        arguments: [FreeCompositionReason.chosen, .tools, .unguided, .nothingNamed])
    func freeReasons(reason: FreeCompositionReason) async throws {
        var composer = ScreenComposer(model: ScriptedLanguageModel())
        var intent = Self.login
        switch reason {
        case .chosen: composer.composition = .free
        case .tools:
            composer.tools = [
                RecordLookupTool(records: try RecordSet(json: #"[{"team":"Ada","points":3}]"#, title: "Standings"))
            ]
        case .unguided:
            composer = ScreenComposer(
                model: FixedAnswerModel(name: "unguided-test", text: Self.freeScreen), allowUnguided: true)
        case .nothingNamed: intent = "Something pleasant"
        }
        guard case .free(let decided) = await composer.decision(for: intent) else {
            Issue.record("expected a free composition")
            return
        }
        #expect(decided == reason)
        // Tools need a model that calls them; the decision itself is what is checked for them.
        guard reason != .tools else { return }
        let composed = try await composer.compose(intent)
        guard case .free(let carried)? = composed.decision else {
            Issue.record(
                "the composed screen should carry the free decision, got \(String(describing: composed.decision))")
            return
        }
        #expect(carried == reason)
        #expect(composed.outline == nil)
    }

    @Test("an unguided answer that does not fill the outline in is composed freely, and says the model was unguided")
    func unguidedAnswerFallsBackToFree() async throws {
        let model = FixedAnswerModel(name: "unguided-test", text: Self.freeScreen)
        let composer = ScreenComposer(model: model, allowUnguided: true)
        let composed = try composer.finish(
            try await model.respond(to: GenerationRequest(prompt: Self.login)),
            outline: ScreenOutline.read(from: Self.login), intent: Self.login)
        guard case .free(.unguided)? = composed.decision else {
            Issue.record("expected free(unguided), got \(String(describing: composed.decision))")
            return
        }
    }

    static let freeScreen =
        #"{"title":"Welcome","sections":[{"title":"Main","components":[{"type":"button","label":"Go","style":"primary"}]}]}"#
}
