import GenUI
import GenUIScreens
import GenUITestSupport
import GenUITesting
import Testing

@Suite("Streamed screen composition", .tags(.unit))
struct StreamingCompositionTests {
    /// The events of one streamed composition: the previews in order, and the completed screen.
    static func events(_ composer: ScreenComposer, _ intent: String) async throws -> (
        previews: [UIScreen], final: ComposedScreen?
    ) {
        var previews: [UIScreen] = []
        var final: ComposedScreen?
        for try await event in composer.stream(intent) {
            switch event {
            case .preview(let screen):
                #expect(final == nil, "no preview after the completed screen")
                previews.append(screen)
            case .completed(let composed): final = composed
            }
        }
        return (previews, final)
    }

    static func componentCount(_ screen: UIScreen) -> Int {
        screen.sections.reduce(0) { $0 + $1.components.count }
    }

    @Test(
        "a streamed composition previews the title first, then grows component by component, and ends with the screen compose() gives"
    )
    func previewsGrowToTheComposedScreen() async throws {
        // The model writes every value here (facts included), so each arrives in the stream on its own.
        var composer = ScreenComposer(model: ScriptedLanguageModel())
        composer.mayInventValues = true
        for intent in ScreenModelCheck.intents.prefix(8) {
            let (previews, final) = try await Self.events(composer, intent)
            let composed = try #require(final)
            #expect(composed.screen == (try await composer.compose(intent)).screen, "\(intent)")
            #expect(previews.count >= 3, "\(intent): \(previews.count) previews")
            let first = try #require(previews.first)
            #expect(first.sections.isEmpty, "the first preview is the title alone: \(first)")
            #expect(!first.title.isEmpty)
            let counts = previews.map(Self.componentCount)
            #expect(counts == counts.sorted(), "components only ever arrive: \(counts)")
            #expect(Set(previews).count == previews.count, "a preview is sent only when it changed")
            for preview in previews {
                #expect(
                    composed.screen.title.hasPrefix(preview.title),
                    "\(preview.title) is a prefix of \(composed.screen.title)")
            }
        }
    }

    @Test("a model that cannot stream is asked once and the stream holds only the completed screen")
    func nonStreamingModel() async throws {
        let text =
            #"{"title":"Login","sections":[{"title":"Account","components":[{"type":"button","label":"Log in","style":"primary"}]}]}"#
        let model = FixedAnswerModel(name: "unguided-test", text: text)
        let (previews, final) = try await Self.events(ScreenComposer(model: model, allowUnguided: true), "A login form")
        #expect(previews.isEmpty)
        #expect(final?.screen.title == "Login")
    }

    @Test("an error of the model ends the stream with that error")
    func errorEndsTheStream() async throws {
        let composer = ScreenComposer(model: try brokenGuidedModel())
        await #expect(throws: GenUIError.self) { _ = try await Self.events(composer, "A chart") }
        await #expect(throws: GenUIError.self) { _ = try await Self.events(composer, "  ") }
    }

    @Test("a preview shows only components whose properties have all arrived, and nothing before the title")
    func previewOfPartialDocuments() throws {
        func preview(_ text: String) throws -> UIScreen? {
            try JSONParser.parsePartial(text).flatMap(ScreenPreview.screen(from:))
        }
        #expect(try preview(#"{"sections":[{"title":"A"#) == nil)
        #expect(try preview(#"{"title":"Sig"#) == UIScreen(title: "Sig", sections: []))
        let partial =
            #"{"title":"Sign in","sections":[{"title":"Account","components":[{"type":"heading","text":"Welcome"},{"type":"button","label":"Log"#
        #expect(
            try preview(partial)
                == UIScreen(
                    title: "Sign in",
                    sections: [
                        UISection(title: "Account", components: [.heading(text: "Welcome")])
                    ]))
        let unknown =
            #"{"title":"T","sections":[{"title":"S","components":[{"type":"chart","data":[1]},{"type":"divider"}]}]}"#
        #expect(try preview(unknown) == UIScreen(title: "T", sections: [UISection(title: "S", components: [.divider])]))
    }
}
