// Foundation Models app code exactly as it is written for Apple platforms: the AI feature behind
// `#if canImport(FoundationModels)`, `import FoundationModels`, an `@Observable` model with no `import Observation`.
// With genui's FoundationModels product linked on Linux the guard is true and this branch compiles and runs.
#if os(Linux)
    #if canImport(FoundationModels)
        import FoundationModels
        import GenUITestSupport
        import Testing

        @Generable
        struct ArticleTags {
            @Guide(description: "The most important topics of the article", .count(2))
            var tags: [String]
        }

        @Observable
        final class TaggingModel {
            var tags: [String] = []
            var isTagging = false

            func tag(_ article: String, with model: SystemLanguageModel) async throws {
                isTagging = true
                defer { isTagging = false }
                let session = LanguageModelSession(model: model, instructions: "Give the two most important topics.")
                let response = try await session.respond(to: article, generating: ArticleTags.self)
                tags = response.content.tags
            }
        }

        @Suite("Code guarded by #if canImport(FoundationModels)", .tags(.unit))
        struct CanImportFoundationModelsTests {
            @Test(
                "on Linux with genui's FoundationModels product the guard is true and the AI branch runs against a scripted model"
            )
            func aiBranchRuns() async throws {
                let model = SystemLanguageModel(ScriptedLanguageModel(), useCase: .contentTagging)
                #expect(model.isAvailable)
                let tagging = TaggingModel()
                try await tagging.tag("The final ended in a draw after extra time.", with: model)
                #expect(tagging.tags.count == 2)
                #expect(!tagging.isTagging)
            }
        }
    #else
        #error("canImport(FoundationModels) is false: genui's FoundationModels product is not linked on Linux")
    #endif
#endif
