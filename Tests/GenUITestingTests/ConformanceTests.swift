import GenUI
import GenUITestSupport
import GenUITesting
import Testing

/// A model that claims guided generation but returns content that does not follow the schema.
struct LyingModel: RoutableModel {
    let name = "liar"
    var availability: Availability { .available }
    var supportedCapabilities: Set<LanguageModelCapability> { [.guidedGeneration] }
    func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        GenerationResponse(
            content: GeneratedContent(kind: .string("nope")), text: "nope",
            metadata: ResponseMetadata(provider: name, guided: true))
    }
}

@Suite("Conformance suite", .tags(.unit))
struct ConformanceTests {
    @Test("the scripted model passes every check")
    func scriptedPasses() async {
        let report = await LanguageModelConformance.run(ScriptedLanguageModel())
        #expect(report.passed, "\(report)")
        #expect(report.checks.count >= 5)
    }

    @Test("the scripted model passes every check driven as a Foundation Models 27 model through its own executor")
    func scriptedPassesThroughItsExecutor() async {
        let report = await LanguageModelConformance.run(ExecutorModel(ExecutorPath(base: ScriptedLanguageModel())))
        #expect(report.passed, "\(report)")
        #expect(report.checks.count >= 5)
    }

    @Test("a model that lies about guided generation and accepts invalid options fails")
    func liarFails() async {
        let report = await LanguageModelConformance.run(LyingModel())
        let failed = Set(report.failures.map(\.name))
        #expect(failed.contains("guided output validates against the schema"))
        #expect(failed.contains("invalid options are an invalid request"))
    }

    @Test("an unavailable model must fail with an attributed GenUIError")
    func unavailableModel() async {
        let model = FailingLanguageModel(name: "off", behavior: .unavailable(.disabled))
        let report = await LanguageModelConformance.run(model)
        #expect(report.passed, "\(report)")
    }
}
