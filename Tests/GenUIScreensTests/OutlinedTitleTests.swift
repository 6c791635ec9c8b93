import GenUI
import GenUIScreens
import GenUITestSupport
import GenUITesting
import Testing

/// The outlined screen's title: held to three words where the provider enforces the schema's pattern, accepted
/// longer from one that does not.
@Suite(.tags(.unit)) struct OutlinedTitleTests {
    let intent = "A login form with username and password fields and Login and Register buttons"
    let longTitle = """
        {"title":"Login form with two fields","inputs":{"title":"Account","Username":{"placeholder":"jane",\
        "kind":"text"},"Password":{"placeholder":"secret","kind":"secure"}},"actions":{"title":"Go",\
        "Login":"primary","Register":"secondary"}}
        """

    @Test func theSchemaHoldsTheTitleToThreeWords() throws {
        let outline = ScreenOutline.read(from: intent)
        #expect(outline.fillInSchema.firstViolation(in: try GeneratedContent(json: longTitle))?.path == "/title")
        let short = longTitle.replacingOccurrences(of: "Login form with two fields", with: "Welcome Back")
        #expect(outline.fillInSchema.firstViolation(in: try GeneratedContent(json: short)) == nil)
    }

    @Test func aLongerGuidedTitleIsAcceptedFromAProviderThatIgnoresPatterns() async throws {
        let composed = try await ScreenComposer(model: try FixedAnswerModel(json: longTitle, guided: true)).compose(
            intent)
        #expect(composed.screen.title == "Login form with two fields")
    }

    @Test func scriptedTitlesFollowThePattern() async throws {
        for seed in UInt64(0)..<20 {
            let composed = try await ScreenComposer(model: ScriptedLanguageModel(seed: seed)).compose(intent)
            #expect(composed.screen.title.split(separator: " ").count <= 3, "\(composed.screen.title)")
        }
    }
}
