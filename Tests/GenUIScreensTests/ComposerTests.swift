import GenUI
import GenUIScreens
import GenUITestSupport
import GenUITesting
import Testing

/// A model that claims guided output but answers content breaking the screen schema (a chart with no data).
func brokenGuidedModel() throws -> FixedAnswerModel {
    try FixedAnswerModel(
        name: "broken-guided",
        content: GeneratedContent(json: #"{"title":"T","sections":[{"title":"S","components":[{"type":"chart"}]}]}"#),
        finishReason: nil)
}

@Suite("Screen composition", .tags(.unit))
struct ComposerTests {
    @Test("20 intents through the scripted model all yield valid screens that render in every format")
    func scriptedIntents() async throws {
        let outcomes = await ScreenModelCheck.run(model: ScriptedLanguageModel())
        #expect(outcomes.count == 20)
        #expect(ScreenModelCheck.problems(outcomes) == [])
        for outcome in outcomes {
            let screen = try #require(outcome.composed?.screen)
            try UIScreen.generationSchema.validate(screen.generatedContent)
            #expect(!TerminalRenderer().render(screen).isEmpty)
            #expect(HTMLRenderer().render(screen).contains("</html>"))
            #expect(try A2UIStructure.problems(in: A2UIRenderer().render(screen)) == [])
            #expect(outcome.composed?.metadata.guided == true)
        }
    }

    @Test("greedy generation gives the same screen for the same intent; a seed reproduces its screen")
    func determinism() async throws {
        let intent = ScreenModelCheck.intents[0]
        #expect(
            try await ScreenModelCheck.distinctGreedyScreens(model: ScriptedLanguageModel(), intent: intent).count == 1)
        let seeded = ScreenComposer(
            model: ScriptedLanguageModel(),
            options: GenerationOptions(sampling: .random(top: 40, seed: 7), temperature: 0.8))
        #expect(try await seeded.compose(intent).screen == seeded.compose(intent).screen)
    }

    @Test("the request carries the vocabulary's instructions and schema; the prompt shows the schema only when asked")
    func request() throws {
        let request = ScreenComposer(model: ScriptedLanguageModel()).request(for: "A login form")
        #expect(request.schema == UIScreen.generationSchema)
        #expect(request.impliedCapabilities.contains(.guidedGeneration))
        #expect(request.options.sampling?.isGreedy == true)
        #expect(request.effectiveInstructions == ScreenComposer.instructions)
        var verbose = ScreenComposer(model: ScriptedLanguageModel())
        verbose.includeSchemaInPrompt = true
        let instructions = try #require(verbose.request(for: "A login form").effectiveInstructions)
        #expect(instructions.hasPrefix(ScreenComposer.instructions))
        #expect(instructions.contains("\"maxLength\":40"))
        #expect(instructions.count < 6_000, "the prompt must stay small enough for small models' context windows")
    }

    @Test("a model without guided generation is shown the schema in its prompt")
    func unguidedModelSeesSchema() async throws {
        let model = RequestRecordingModel(
            wrapping: FixedAnswerModel(name: "unguided-test", text: #"{"title":"T","sections":[]}"#))
        let composer = ScreenComposer(model: model, allowUnguided: true)
        _ = try? await composer.compose("A screen")
        let instructions = try #require(model.lastRequest?.effectiveInstructions)
        #expect(instructions.contains("\"maxLength\":40"))
    }

    @Test("unguided output is refused unless allowed")
    func unguidedRefused() async throws {
        let composer = ScreenComposer(
            model: FixedAnswerModel(name: "unguided-test", text: #"{"title":"T","sections":[]}"#))
        let error = try await #require(throws: GenUIError.self) { try await composer.compose("A screen") }
        guard case .unsupportedCapability(.guidedGeneration, _) = error else {
            Issue.record("expected unsupportedCapability(guidedGeneration), got \(error)")
            return
        }
        #expect(error.provider == "unguided-test")
    }

    @Test("allowed unguided output in a code fence is parsed, repaired and the repairs reported")
    func unguidedRepaired() async throws {
        let text = """
            Here is your screen:
            ```json
            {"title": "Login", "sections": [{"title": "Account", "components": [
              {"type": "field", "label": "Username", "placeholder": "", "kind": "text"},
              {"type": "field", "label": "Password", "placeholder": "Password", "kind": "password"},
              {"type": "button", "label": "Login", "style": "primary"},
              {"type": "carousel", "items": []}
            ]}]}
            ```
            """
        let composer = ScreenComposer(model: FixedAnswerModel(name: "unguided-test", text: text), allowUnguided: true)
        let composed = try await composer.compose("A login form")
        #expect(ScreenValidator().issues(in: composed.screen) == [])
        #expect(composed.screen.sections[0].components.count == 3)
        #expect(
            composed.screen.sections[0].components[1] == .field(label: "Password", placeholder: "Password", kind: .text)
        )
        let repairs = composed.repairs.map(\.description)
        #expect(repairs.contains { $0.hasPrefix("sections[0].components[0].placeholder") })
        #expect(repairs.contains { $0.hasPrefix("sections[0].components[1].kind") })
        #expect(repairs.contains { $0.contains("carousel") })
        #expect(composed.metadata.guided == false)
    }

    @Test("unguided text with no screen in it is a located decoding failure")
    func unguidedGarbage() async throws {
        let composer = ScreenComposer(
            model: FixedAnswerModel(name: "unguided-test", text: "I cannot do that."), allowUnguided: true)
        let error = try await #require(throws: GenUIError.self) { try await composer.compose("A screen") }
        #expect(error.code == "decodingFailure")
    }

    @Test("guided output that breaks the schema is a decoding failure naming the path")
    func guidedInvalid() async throws {
        let composer = ScreenComposer(model: try brokenGuidedModel())
        let error = try await #require(throws: GenUIError.self) { try await composer.compose("A chart") }
        guard case .decodingFailure(let path, _, _) = error else {
            Issue.record("expected decodingFailure, got \(error)")
            return
        }
        #expect(path.hasPrefix("/sections/0/components/0"))
        #expect(error.provider == "broken-guided")
    }

    @Test("an empty intent is an invalid request")
    func emptyIntent() async throws {
        let composer = ScreenComposer(model: ScriptedLanguageModel())
        let error = try await #require(throws: GenUIError.self) { try await composer.compose("  \n") }
        #expect(error.code == "invalidRequest")
    }
}
