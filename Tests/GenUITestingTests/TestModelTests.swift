@_spi(Reading) import GenUI
import GenUITestSupport
import GenUITesting
import Testing

@Suite("Test models", .tags(.unit))
struct TestModelTests {
    @Test("a fixed answer model answers every request the same, as plain text or as guided content")
    func fixedAnswers() async throws {
        let plain = FixedAnswerModel(name: "plain", text: "Hello")
        let first = try await plain.respond(to: GenerationRequest(prompt: "one"))
        let second = try await plain.respond(to: GenerationRequest(prompt: "two"))
        #expect(first.text == "Hello" && second.text == "Hello")
        #expect(first.content == GeneratedContent(kind: .string("Hello")))
        #expect(first.metadata.provider == "plain")
        #expect(await plain.supportedCapabilities.isEmpty)

        let guided = try FixedAnswerModel(json: #"{"title":"Login"}"#)
        let answer = try await guided.respond(to: GenerationRequest(prompt: "screen"))
        #expect(answer.content["title"]?.stringValue == "Login")
        #expect(answer.metadata.guided)
        #expect(await guided.supportedCapabilities == [.guidedGeneration])
        #expect(throws: (any Error).self) { try FixedAnswerModel(json: "{not json") }
    }

    @Test("a fixed answer model reports the availability it is given")
    func fixedAvailability() async {
        let model = FixedAnswerModel(text: "x", availability: .unavailable(.disabled))
        #expect(await model.availability == .unavailable(.disabled))
    }

    @Test("a recording model keeps every request in order and answers as the model it wraps")
    func recordsRequests() async throws {
        let recording = RequestRecordingModel(wrapping: FixedAnswerModel(name: "inner", text: "ok"), name: "outer")
        #expect(recording.requestCount == 0 && recording.lastRequest == nil)
        _ = try await recording.respond(to: GenerationRequest(prompt: "first"))
        let answer = try await recording.respond(to: GenerationRequest(prompt: "second"))
        #expect(answer.text == "ok")
        #expect(recording.name == "outer")
        #expect(recording.requests.map { $0.messages.last?.content } == ["first", "second"])
        #expect(recording.lastRequest?.messages.last?.content == "second")
    }
}
