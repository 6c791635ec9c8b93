import GenUI
import Synchronization
import Testing

/// A model that waits until released, to hold a session in the responding state.
private final class GatedModel: LanguageModel {
    let name = "gated"
    private let gate = Mutex<CheckedContinuation<Void, Never>?>(nil)
    private let entered = Mutex(false)

    var availability: Availability { .available }
    var capabilities: Set<LanguageModelCapability> { [.guidedGeneration] }

    var hasEntered: Bool { entered.withLock { $0 } }

    func release() { gate.withLock { $0?.resume(); $0 = nil } }

    func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        await withCheckedContinuation { continuation in
            gate.withLock { $0 = continuation }
            entered.withLock { $0 = true }
        }
        return try await ScriptedLanguageModel(name: name).respond(to: request)
    }
}

@Suite("LanguageModelSession")
struct SessionTests {
    @Test("a second request while one is running fails with concurrentRequests")
    func rejectsConcurrentRequests() async throws {
        let model = GatedModel()
        let session = LanguageModelSession(model: model)
        let first = Task { try await session.respond(to: "first") }
        while !model.hasEntered { await Task.yield() }
        #expect(session.isResponding)
        do {
            try await session.respond(to: "second")
            Issue.record("the second request should have been rejected")
        } catch LanguageModelError.concurrentRequests(let context) {
            #expect(context.debugDescription.contains("already responding"))
        }
        model.release()
        _ = try await first.value
        #expect(!session.isResponding)
        #expect(session.transcript.entries.count == 2)
    }

    @Test("instructions and each exchange are recorded in the transcript and sent with the next request")
    func transcript() async throws {
        let session = LanguageModelSession(model: ScriptedLanguageModel(), instructions: "Be brief.")
        try await session.respond(to: "first question")
        try await session.respond(to: "second question")
        let entries = session.transcript.entries
        #expect(entries.count == 5)
        #expect(session.transcript.instructions == "Be brief.")
        #expect(session.transcript.messages.map(\.role) == [.user, .assistant, .user, .assistant])
    }

    @Test("streaming a structured response yields growing snapshots, then the validated value")
    func streamsSnapshots() async throws {
        let schema = GenerationSchema(name: "Note", properties: [
            .init(name: "title", type: String.self), .init(name: "body", type: String.self),
            .init(name: "tags", type: [String].self, guides: [.count(3)]),
        ])
        let session = LanguageModelSession(model: ScriptedLanguageModel())
        var snapshots: [GeneratedContent] = []
        let stream = session.streamResponse(to: "A note about gardening tools", schema: schema)
        for try await snapshot in stream { snapshots.append(snapshot.rawContent) }
        #expect(snapshots.count > 2)
        #expect(snapshots.dropLast().contains { !$0.isComplete })
        let final = try #require(snapshots.last)
        try schema.validate(final)
        let response = try await stream.collect()
        #expect(response.rawContent == final)
        #expect(session.transcript.entries.count == 2)
    }

    @Test("a response that breaks the schema is rejected even if the model claims it is guided")
    func verifiesGuidedOutput() async throws {
        struct LyingModel: LanguageModel {
            let name = "liar"
            var availability: Availability { .available }
            var capabilities: Set<LanguageModelCapability> { [.guidedGeneration] }
            func respond(to request: GenerationRequest) async throws -> GenerationResponse {
                let content = try GeneratedContent(json: #"{"title":7}"#)
                return GenerationResponse(
                    content: content, text: content.jsonString, metadata: ResponseMetadata(provider: name, guided: true))
            }
        }
        let schema = GenerationSchema(name: "T", properties: [.init(name: "title", type: String.self)])
        let session = LanguageModelSession(model: LyingModel())
        do {
            _ = try await session.respond(to: "x", schema: schema)
            Issue.record("expected a decoding failure")
        } catch LanguageModelError.decodingFailure(let path, _, let context) {
            #expect(path == "/title")
            #expect(context.provider == "liar")
        }
        #expect(!session.isResponding)
    }

    @Test("the default model can be replaced for every default session")
    func defaultModel() async throws {
        #expect(await SystemLanguageModel.default.isAvailable)
        let response = try await LanguageModelSession().respond(to: "Hello there")
        #expect(response.metadata.provider == "scripted")
    }
}
