import GenUITestSupport
import GenUITesting
import Synchronization
import Testing

@testable import GenUI

/// A model that waits until released, to hold a session in the responding state.
private final class GatedModel: RoutableModel {
    let name = "gated"
    private let gate = Mutex<CheckedContinuation<Void, Never>?>(nil)
    private let entered = Mutex(false)

    var availability: Availability { .available }
    var supportedCapabilities: Set<LanguageModelCapability> { [.guidedGeneration] }

    var hasEntered: Bool { entered.withLock { $0 } }

    func release() {
        gate.withLock {
            $0?.resume()
            $0 = nil
        }
    }

    func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        await withCheckedContinuation { continuation in
            gate.withLock { $0 = continuation }
            entered.withLock { $0 = true }
        }
        return try await ScriptedLanguageModel(name: name).respond(to: request)
    }
}

@Suite("LanguageModelSession", .tags(.unit))
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
        } catch LanguageModelSession.Error.concurrentRequests {
            #expect(LanguageModelSession.Error.concurrentRequests.localizedDescription.contains("already responding"))
        }
        model.release()
        _ = try await first.value
        #expect(!session.isResponding)
        #expect(session.transcript.count == 2)
    }

    @Test("instructions and each exchange are recorded in the transcript and sent with the next request")
    func transcript() async throws {
        let session = LanguageModelSession(model: ScriptedLanguageModel(), instructions: "Be brief.")
        try await session.respond(to: "first question")
        try await session.respond(to: "second question")
        let entries = session.transcript
        #expect(entries.count == 5)
        #expect(session.transcript.instructionsText == "Be brief.")
        #expect(session.transcript.messages.map(\.role) == [.user, .assistant, .user, .assistant])
        guard case .prompt(let second) = entries[3] else {
            Issue.record("the fourth entry is not the second prompt: \(entries[3])")
            return
        }
        #expect(second.segments == [.text(.init(id: second.segments[0].id, content: "second question"))])
    }

    @Test("streaming a structured response yields growing snapshots, then the validated value")
    func streamsSnapshots() async throws {
        let schema = GenerationSchema(
            name: "Note",
            properties: [
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
        #expect(session.transcript.count == 2)
    }

    @Test("a response that breaks the schema is rejected even if the model claims it is guided")
    func verifiesGuidedOutput() async throws {
        // A model that claims guided generation and answers a title that is not a string.
        let liar = try FixedAnswerModel(
            name: "liar", content: GeneratedContent(json: #"{"title":7}"#), finishReason: nil)
        let schema = GenerationSchema(name: "T", properties: [.init(name: "title", type: String.self)])
        let session = LanguageModelSession(model: liar)
        do {
            _ = try await session.respond(to: "x", schema: schema)
            Issue.record("expected a decoding failure")
        } catch GenUIError.decodingFailure(let path, _, let context) {
            #expect(path == "/title")
            #expect(context.provider == "liar")
        }
        #expect(!session.isResponding)
    }

    @Test("a session without a model uses SystemLanguageModel.default, never a silent scripted stand-in")
    func defaultModel() async throws {
        let session = LanguageModelSession()
        let routing = try #require(session.model as? SystemModelRouting, "\(type(of: session.model))")
        #expect(routing.system === SystemLanguageModel.default)
        #expect(!(SystemLanguageModel.default.underlyingModel is ScriptedLanguageModel))
    }

    @Test("a reader that lags holds the generation back: at most two snapshots wait, then every growing one comes")
    func laggingReaderHoldsGenerationBack() async throws {
        let session = LanguageModelSession(model: DeltaModel(text: String(repeating: "a", count: 2_000)))
        let stream = session.streamResponse(to: "x")
        var iterator = stream.makeAsyncIterator()
        let first = try #require(try await iterator.next())
        // The model has written all 2,000 deltas by now; the session takes at most two more snapshots of them (and
        // may be making a third) while this reader does not read, instead of one per delta.
        for _ in 0..<15 {
            try await Task.sleep(for: .milliseconds(20))
            if stream.partialReadCount > ResponseStream<String>.unreadSnapshotLimit + 2 { break }
        }
        #expect(
            stream.partialReadCount <= ResponseStream<String>.unreadSnapshotLimit + 2,
            "\(stream.partialReadCount) snapshots taken")
        var last = first.content
        var snapshots = 1
        while let snapshot = try await iterator.next() {
            #expect(snapshot.content.count >= last.count)
            last = snapshot.content
            snapshots += 1
        }
        #expect(last.count == 2_000)
        #expect(snapshots > 100)
    }

    @Test("a stream dropped unread is cancelled, so it does not hold its session responding")
    func droppedStreamFreesSession() async throws {
        let session = LanguageModelSession(model: DeltaModel(text: String(repeating: "a", count: 2_000)))
        do {
            let stream = session.streamResponse(to: "x")
            try await Task.sleep(for: .milliseconds(50))
            _ = stream.partialReadCount
        }
        for _ in 0..<200 where session.isResponding { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!session.isResponding)
        #expect(try await session.respond(to: "y").content.count == 2_000)
    }

    @Test(
        "a million one-byte deltas stream in time linear in the text: the snapshots read it far fewer than a million times"
    )
    func millionOneByteDeltas() async throws {
        let count = 1_000_000
        let schema = GenerationSchema(name: "Long", properties: [.init(name: "t", type: String.self)])
        for structured in [true, false] {
            let text =
                structured
                ? #"{"t":""# + String(repeating: "a", count: count) + #""}"# : String(repeating: "a", count: count)
            let session = LanguageModelSession(model: DeltaModel(text: text))
            var snapshots = 0
            if structured {
                let stream = session.streamResponse(to: "x", schema: schema)
                for try await _ in stream { snapshots += 1 }
                let response = try await stream.collect()
                #expect(try response.content.value(String.self, forProperty: "t").count == count)
                // Parsing the whole text at every delta would be a million parses of up to a megabyte each.
                #expect(stream.partialReadCount < 3_000, "\(stream.partialReadCount) parses")
            } else {
                let stream = session.streamResponse(to: "x")
                var last = ""
                for try await snapshot in stream {
                    snapshots += 1
                    #expect(snapshot.content.count >= last.count)
                    last = snapshot.content
                }
                #expect(last.count == count)
                #expect(stream.partialReadCount < 20_000, "\(stream.partialReadCount) copies")
            }
            #expect(snapshots > 100)
        }
    }

    @Test("the snapshot schedule reads every delta of a short text, then once per growth by a fraction")
    func snapshotSchedule() {
        var schedule = SnapshotSchedule(eagerBytes: 100, growthDivisor: 10)
        var eager = 0
        for length in 1...100 where schedule.isDue(at: length) { eager += 1 }
        #expect(eager == 100)
        let again = schedule.isDue(at: 100)
        let tooSoon = schedule.isDue(at: 105)
        let grownByATenth = schedule.isDue(at: 110)
        #expect(!again && !tooSoon && grownByATenth)
        var due = 0
        for length in 111...1_000_000 where schedule.isDue(at: length) { due += 1 }
        // Growth by a tenth each time: about log(10⁶/110)/log(1.1) ≈ 96 reads.
        #expect(due < 120)
        schedule.reset()
        let afterReset = schedule.isDue(at: 1)
        #expect(afterReset)
    }

    @Test("a model streaming more than 4 MiB of text ends the stream with responseTooLarge")
    func unboundedModelOutput() async throws {
        let session = LanguageModelSession(
            model: DeltaModel(text: String(repeating: "b", count: 5 << 20), chunk: 64 << 10))
        do {
            for try await _ in session.streamResponse(to: "x") {}
            Issue.record("5 MiB of text was accepted")
        } catch let error as GenUIError {
            guard case .responseTooLarge(let limit, let context) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(limit == ResponseLimits.standard.maximumOutputBytes)
            #expect(context.provider == "deltas")
        }
        #expect(!session.isResponding)
    }

    @Test(
        "asPartiallyGenerated of values their PartiallyGenerated cannot read whole gives a best-effort snapshot, no trap"
    )
    func partiallyGeneratedNeverTraps() throws {
        // Int.max is no exact JSON number: the complete content does not read back as an Int.
        let huge = PartialProbe(count: Int.max, label: "kept")
        let snapshot = huge.asPartiallyGenerated()
        #expect(snapshot.count == nil)
        #expect(snapshot.label == "kept")
        // A hand-written conformance whose PartiallyGenerated wants an object, given a string.
        let mismatched = MismatchedConformance(value: "text")
        #expect(mismatched.asPartiallyGenerated().text == nil)
        #expect(try mismatched.partiallyGenerated().text == nil)
    }
}

/// Two properties, one of which can hold values JSON numbers cannot carry exactly.
@Generable
struct PartialProbe {
    var count: Int
    var label: String
}

/// A conformance whose value encodes as a string while its snapshot type reads an object.
struct MismatchedConformance: Generable {
    struct PartiallyGenerated: ConvertibleFromGeneratedContent {
        var text: String?
        init(_ content: GeneratedContent) throws {
            text = try content.partialValue(String.self, forProperty: "text")
        }
    }

    var value: String

    init(value: String) { self.value = value }
    init(_ content: GeneratedContent) throws { value = try String(content) }
    var generatedContent: GeneratedContent { GeneratedContent(kind: .string(value)) }
    static var generationSchema: GenerationSchema { String.generationSchema }
}

/// A model that streams `text` in pieces of `chunk` bytes (one by default), then completes with it.
private struct DeltaModel: RoutableModel {
    let name = "deltas"
    let text: String
    var chunk = 1

    var availability: Availability { .available }
    var supportedCapabilities: Set<LanguageModelCapability> { [.guidedGeneration, .streaming] }

    func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        let content = request.schema == nil ? GeneratedContent(kind: .string(text)) : try GeneratedContent(json: text)
        return GenerationResponse(
            content: content, text: text, metadata: ResponseMetadata(provider: name, guided: true))
    }

    func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                let bytes = Array(text.utf8)
                var index = 0
                while index < bytes.count, !Task.isCancelled {
                    let end = min(index + chunk, bytes.count)
                    continuation.yield(.delta(String(decoding: bytes[index..<end], as: UTF8.self)))
                    index = end
                }
                do {
                    continuation.yield(.completed(try await respond(to: request)))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
