import GenUI
import GenUIScreens
import GenUITestSupport
import GenUITesting
import Testing

/// Outlined composition: every element the intent names is shown once, the model writes the rest.
@Suite(.tags(.unit)) struct OutlinedCompositionTests {
    let intent = "A login form with username and password fields and Login and Register buttons"

    @Test func anOutlinedCompositionShowsEveryNamedElementExactlyOnce() async throws {
        for seed in UInt64(0)..<20 {
            let composed = try await ScreenComposer(model: ScriptedLanguageModel(seed: seed)).compose(intent)
            let components = composed.screen.sections.flatMap(\.components)
            let fields = components.compactMap {
                if case .field(let label, _, let kind) = $0 { (label.text, kind) } else { nil }
            }
            let buttons = components.compactMap {
                if case .button(let label, let style) = $0 { (label.text, style) } else { nil }
            }
            #expect(fields.map(\.0) == ["Username", "Password"])
            #expect(fields.last?.1 == .secure)
            #expect(buttons.map(\.0) == ["Login", "Register"])
            #expect(buttons.map(\.1).first == .primary)
            #expect(composed.outline?.elements.count == 4)
        }
    }

    @Test func theRequestCarriesTheFillInSchemaAndItsInstructions() {
        let composer = ScreenComposer(model: ScriptedLanguageModel())
        let request = composer.request(for: intent)
        #expect(request.instructions == ScreenComposer.outlineInstructions)
        #expect(request.schema == ScreenOutline.read(from: intent).fillInSchema)
        var free = composer
        free.composition = .free
        #expect(free.request(for: intent).schema == UIScreen.generationSchema)
        #expect(free.outline(for: intent) == nil)
        #expect(composer.outline(for: "A login form") == nil)
    }

    @Test func anAppSuppliedReaderOutlinesAnotherLanguage() async throws {
        var composer = ScreenComposer(model: ScriptedLanguageModel())
        composer.outlineReader = { intent in
            intent.contains("ログイン")
                ? ScreenOutline(elements: [.init(.field, "ユーザー名"), .init(.button, "ログイン")])
                : ScreenOutline(elements: [])
        }
        let composed = try await composer.compose("ログイン画面")
        #expect(composed.outline?.elements.map(\.label) == ["ユーザー名", "ログイン"])
        let labels = composed.screen.sections.flatMap(\.components).compactMap { component -> String? in
            switch component {
            case .field(let label, _, _), .button(let label, _): label.text
            default: nil
            }
        }
        #expect(labels == ["ユーザー名", "ログイン"])
        #expect(composer.outline(for: "A login form with a username field") == nil)
    }

    @Test func guidedOutputThatDoesNotFillTheOutlineInIsADecodingFailure() async throws {
        let model = try FixedAnswerModel(
            json: #"{"title":"T","sections":[{"title":"S","components":[{"type":"divider"}]}]}"#, guided: true)
        await #expect(throws: GenUIError.self) { try await ScreenComposer(model: model).compose(intent) }
    }

    @Test func unguidedOutputThatComposesAFreeScreenIsTakenAsOne() async throws {
        let json =
            #"{"title":"Sign in","sections":[{"title":"Account","components":[{"type":"field","label":"User","placeholder":"name","kind":"text"}]}]}"#
        var composer = ScreenComposer(model: try FixedAnswerModel(json: json, guided: false))
        composer.allowUnguided = true
        let composed = try await composer.compose(intent)
        #expect(composed.screen.title == "Sign in")
        #expect(composed.outline == nil)
        composer.allowUnguided = false
        await #expect(throws: GenUIError.self) { try await composer.compose(intent) }
    }

    @Test func unguidedOutputThatFillsTheOutlineInIsAssembled() async throws {
        let json = """
            {"title":"Welcome","inputs":{"title":"Account","Username":{"placeholder":"jane","kind":"text"},\
            "Password":{"placeholder":"secret","kind":"secure"}},"actions":{"title":"Go","Login":"primary",\
            "Register":"secondary"}}
            """
        var composer = ScreenComposer(model: try FixedAnswerModel(json: json, guided: false))
        composer.allowUnguided = true
        let composed = try await composer.compose(intent)
        #expect(composed.outline != nil)
        #expect(composed.screen.sections.map(\.title) == ["Account", "Go"])
    }

    @Test func streamingPreviewsAnOutlinedScreenAndEndsWithTheComposedOne() async throws {
        let composer = ScreenComposer(model: ScriptedLanguageModel(seed: 3))
        var previews: [UIScreen] = []
        var completed: ComposedScreen?
        for try await event in composer.stream(intent) {
            switch event {
            case .preview(let screen): previews.append(screen)
            case .completed(let screen): completed = screen
            }
        }
        let final = try #require(completed)
        #expect(final.screen == (try await composer.compose(intent)).screen)
        #expect(
            previews.allSatisfy { preview in
                preview.sections.flatMap(\.components).allSatisfy {
                    final.screen.sections.flatMap(\.components).contains($0)
                }
            })
    }
}
