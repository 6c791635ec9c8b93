import GenUI
import GenUITestSupport
import Testing

@Suite("Scripted model", .tags(.unit))
struct ScriptedModelTests {
    static let schema = GenerationSchema(
        name: "Plan",
        properties: [
            .init(name: "title", type: String.self, guides: [.maximumLength(24)]),
            .init(name: "level", type: Int.self, guides: [.range(3...7)]),
            .init(name: "ratio", type: Double.self, guides: [.range(0.25...0.75)]),
            .init(name: "mood", type: String.self, guides: [.anyOf(["calm", "busy", "tired"])]),
            .init(name: "kind", type: String.self, guides: [.constant("plan")]),
            .init(name: "code", type: String.self, guides: [.pattern("^[A-Z]{3}-[0-9]{2,4}(x|y)?$")]),
            .init(name: "steps", type: [String].self, guides: [.count(2...5), .element(.minimumLength(3))]),
            .init(name: "scores", type: [Int].self, guides: [.count(4), .element(.range(-2...2))]),
            .init(name: "note", type: String?.self),
        ])

    @Test("output honours ranges, counts, enums, constants and patterns for 1,000 seeds")
    func honoursGuides() async throws {
        let model = ScriptedLanguageModel()
        var moods = Set<String>()
        var counts = Set<Int>()
        for seed in 0..<1000 {
            let request = GenerationRequest(
                prompt: "Plan a calm weekend hike", schema: Self.schema,
                options: GenerationOptions(sampling: .random(top: 10, seed: UInt64(seed))))
            let response = try await model.respond(to: request)
            if let violation = Self.schema.firstViolation(in: response.content) {
                Issue.record("seed \(seed): \(violation) in \(response.text)")
                return
            }
            moods.insert(try response.content.value(String.self, forProperty: "mood"))
            counts.insert(try response.content.value([String].self, forProperty: "steps").count)
        }
        #expect(moods == ["calm", "busy", "tired"])
        #expect(counts == [2, 3, 4, 5])
    }

    @Test("the same request and seed give the same output; another seed gives another")
    func deterministic() async throws {
        let model = ScriptedLanguageModel()
        func run(_ seed: UInt64) async throws -> String {
            try await model.respond(
                to: GenerationRequest(
                    prompt: "A login form", schema: Self.schema,
                    options: GenerationOptions(sampling: .random(top: 5, seed: seed)))
            ).text
        }
        #expect(try await run(42) == (try await run(42)))
        #expect(try await run(42) != (try await run(43)))
    }

    @Test("strings reuse the content words of the prompt")
    func reusesPromptWords() async throws {
        let schema = GenerationSchema(
            name: "Card",
            properties: [
                .init(name: "title", type: String.self), .init(name: "description", type: String.self),
            ])
        let response = try await ScriptedLanguageModel().respond(
            to: GenerationRequest(prompt: "Weather forecast for Lisbon with humidity", schema: schema))
        let text = response.text.lowercased()
        let words = ["weather", "forecast", "lisbon", "humidity"]
        #expect(words.filter { text.contains($0) }.count >= 2, "\(response.text)")
    }

    @Test("plain requests get a sentence about the prompt")
    func plainText() async throws {
        let response = try await ScriptedLanguageModel().respond(to: GenerationRequest(prompt: "Tell me about tides"))
        #expect(response.text.contains("tides"))
        #expect(response.metadata.guided == false)
    }

    @Test("it is always available and declares guided generation, streaming and seeded sampling")
    func availability() async {
        let model = ScriptedLanguageModel()
        #expect(await model.availability == .available)
        #expect(await model.supportedCapabilities.isSuperset(of: [.guidedGeneration, .streaming, .seededSampling]))
    }

    @Test("an unsatisfiable schema is an invalid request, not a crash")
    func unsatisfiable() async {
        let schema = GenerationSchema(
            name: "Bad",
            properties: [
                .init(name: "n", type: Int.self, guides: [.minimum(5), .maximum(1)])
            ])
        await #expect(throws: GenUIError.self) {
            try await ScriptedLanguageModel().respond(to: GenerationRequest(prompt: "x", schema: schema))
        }
    }
}
