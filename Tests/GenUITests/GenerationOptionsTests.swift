import GenUI
import GenUITestSupport
import Testing

@Suite("GenerationOptions", .tags(.unit))
struct GenerationOptionsTests {
    @Test("temperature 2.5 is rejected with an error naming the field and the range")
    func rejectsTemperatureOutOfRange() throws {
        let options = GenerationOptions(temperature: 2.5)
        let error = try #require(throws: GenUIError.self) { try options.validate() }
        guard case .invalidRequest(let context) = error else {
            Issue.record("expected invalidRequest, got \(error)")
            return
        }
        #expect(context.debugDescription.contains("temperature"))
        #expect(context.debugDescription.contains("2.5"))
        #expect(context.debugDescription.contains("0...2"))
    }

    @Test("a session refuses a request with temperature 2.5 before reaching the model")
    func sessionRejectsTemperature() async throws {
        let session = LanguageModelSession(model: ScriptedLanguageModel())
        await #expect(throws: GenUIError.self) {
            try await session.respond(to: "hello", options: GenerationOptions(temperature: 2.5))
        }
        #expect(session.transcript.isEmpty)
        #expect(!session.isResponding)
    }

    @Test("values at the edges of the allowed ranges are accepted", arguments: [0.0, 1.0, 2.0])
    func acceptsEdges(temperature: Double) throws {
        try GenerationOptions(sampling: .greedy, temperature: temperature, maximumResponseTokens: 1).validate()
    }

    @Test("negative temperature, NaN, zero tokens and bad sampling parameters are rejected")
    func rejectsOtherBadValues() {
        let bad: [GenerationOptions] = [
            GenerationOptions(temperature: -0.1),
            GenerationOptions(temperature: .nan),
            GenerationOptions(maximumResponseTokens: 0),
            GenerationOptions(sampling: .random(top: 0)),
            GenerationOptions(sampling: .random(probabilityThreshold: 1.5)),
        ]
        for options in bad {
            #expect(throws: GenUIError.self) { try options.validate() }
        }
    }

    @Test("the samplingMode: label and property are the same options as sampling:")
    func samplingModeLabel() throws {
        let options = GenerationOptions(
            samplingMode: .random(top: 20, seed: 9), temperature: 0.5, maximumResponseTokens: 64)
        #expect(
            options
                == GenerationOptions(sampling: .random(top: 20, seed: 9), temperature: 0.5, maximumResponseTokens: 64))
        #expect(options.samplingMode?.topK == 20 && options.samplingMode?.seed == 9)
        var changed = options
        changed.samplingMode = .greedy
        #expect(changed.sampling == .greedy)
        #expect(GenerationOptions(samplingMode: nil).sampling == nil)
        try options.validate()
        #expect(throws: GenUIError.self) { try GenerationOptions(samplingMode: .random(top: 0)).validate() }
    }

    @Test("sampling modes expose their parameters")
    func samplingModes() {
        #expect(GenerationOptions.SamplingMode.greedy.isGreedy)
        let topK = GenerationOptions.SamplingMode.random(top: 40, seed: 7)
        #expect(topK.topK == 40 && topK.seed == 7 && !topK.isGreedy)
        let nucleus = GenerationOptions.SamplingMode.random(probabilityThreshold: 0.9)
        #expect(nucleus.probabilityThreshold == 0.9 && nucleus.seed == nil)
    }
}
