import Foundation
import GenUITestSupport
import Synchronization
import Testing
import UniformTypeIdentifiers

@testable import GenUI

/// What a session makes of each event and action an executor sends, as Foundation Models 27 documents them.
@Suite("Foundation Models 27 channel: events become transcript entries, usage and tool calls", .tags(.unit))
struct ChannelSemanticsTests {
    typealias Event = LanguageModelExecutorGenerationChannel.Event

    private func session(
        _ turns: [[Event]], declared: [LanguageModelCapability] = [.guidedGeneration, .toolCalling],
        tools: [any Tool] = []
    ) -> (LanguageModelSession, EventScript) {
        let script = EventScript(turns)
        return (LanguageModelSession(model: EventScriptModel(script: script, declared: declared), tools: tools), script)
    }

    private func producedEntries(_ response: LanguageModelSession.Response<String>) -> [Transcript.Entry] {
        Array(response.transcriptEntries.dropFirst())
    }

    @Test("a request that requires reasoning reaches an executor with a reasoning level, and comes back requiring it")
    func reasoningSurvivesTheExecutorRequest() {
        var request = GenerationRequest(prompt: "Why is the sky blue?")
        request.requiredCapabilities = [.reasoning]
        let executorRequest = LanguageModelExecutorGenerationRequest(request)
        #expect(executorRequest.contextOptions.reasoningLevel == .moderate)
        #expect(GenerationRequest(executorRequest).requiredCapabilities.contains(.reasoning))
        #expect(
            LanguageModelExecutorGenerationRequest(GenerationRequest(prompt: "Hi")).contextOptions.reasoningLevel == nil
        )
    }

    @Test("text events without an entry id coalesce into one response; a new segment id opens a segment")
    func coalescing() async throws {
        let (session, _) = session([
            [
                .response(action: .appendText("Hel", tokenCount: 1)),
                .response(action: .appendText("lo", tokenCount: 1)),
                .response(action: .appendText("World", segmentID: "second", tokenCount: 1)),
                .response(action: .appendText("!", segmentID: "second", tokenCount: 1)),
            ]
        ])
        let response = try await session.respond(to: "Greet")
        let entries = producedEntries(response)
        #expect(entries.count == 1)
        guard case .response(let answer)? = entries.first else {
            Issue.record("no response entry")
            return
        }
        let texts = answer.segments.compactMap { segment -> String? in
            if case .text(let text) = segment { return text.content }
            return nil
        }
        #expect(texts == ["Hello", "World!"])
        #expect(answer.segments.last?.id == "second")
        #expect(response.content == "Hello\nWorld!")
    }

    @Test("only consecutive events of a kind coalesce: reasoning split by a response makes two reasoning entries")
    func onlyConsecutiveCoalesce() throws {
        var reducer = GenerationEventReducer()
        try reducer.apply(.reasoning(action: .appendText("think", tokenCount: 1)))
        try reducer.apply(.response(action: .appendText("say", tokenCount: 1)))
        try reducer.apply(.reasoning(action: .appendText("again", tokenCount: 1)))
        try reducer.apply(.reasoning(action: .appendText(" more", tokenCount: 1)))
        let kinds = reducer.entries.map { entry -> String in
            switch entry {
            case .reasoning(let reasoning): "reasoning:\(Transcript.text(of: reasoning.segments))"
            case .response(let response): "response:\(Transcript.text(of: response.segments))"
            default: "other"
            }
        }
        #expect(kinds == ["reasoning:think", "response:say", "reasoning:again more"])
    }

    @Test("an explicit entry id anchors events to that entry even when other kinds come between")
    func explicitIDs() throws {
        var reducer = GenerationEventReducer()
        try reducer.apply(.response(entryID: "r", action: .appendText("a", tokenCount: 1)))
        try reducer.apply(.reasoning(entryID: "t", action: .appendText("x", tokenCount: 1)))
        try reducer.apply(.response(entryID: "r", action: .appendText("b", tokenCount: 1)))
        #expect(reducer.entries.map(\.id) == ["r", "t"])
        #expect(reducer.responseText == "ab")
    }

    @Test("replacing a text segment replaces the current one wholesale")
    func replace() async throws {
        let (session, _) = session([
            [
                .response(action: .appendText("draft", tokenCount: 1)),
                .response(action: .replaceTextSegment("final", tokenCount: 1)),
            ]
        ])
        let response = try await session.respond(to: "Write")
        #expect(response.content == "final")
    }

    @Test("attachment segments are added and removed by id")
    func attachments() throws {
        var reducer = GenerationEventReducer()
        let image = Transcript.AttachmentSegment(
            id: "img", content: .image(.init(imageURL: URL(fileURLWithPath: "/tmp/chart.png"))), label: "chart")
        let data = Transcript.AttachmentSegment(
            id: "csv", content: .data(.init(contentType: .plainText, content: Data("a,b".utf8))))
        try reducer.apply(.response(action: .appendText("See", tokenCount: 1)))
        try reducer.apply(.response(action: .addAttachmentSegment(image)))
        try reducer.apply(.response(action: .addAttachmentSegment(data)))
        try reducer.apply(.response(action: .removeAttachmentSegment(id: "img")))
        guard case .response(let response)? = reducer.entries.first else {
            Issue.record("no response")
            return
        }
        #expect(response.segments.map(\.id).dropFirst() == ["csv"])
    }

    @Test("metadata is a wholesale snapshot: keys missing from the next update are removed")
    func metadataReplaces() async throws {
        let (session, _) = session([
            [
                .response(action: .appendText("ok", tokenCount: 1)),
                .response(action: .updateMetadata(["a": "1", "b": "2"])),
                .response(action: .updateMetadata(["b": "3"])),
            ]
        ])
        let response = try await session.respond(to: "Go")
        guard case .response(let answer)? = producedEntries(response).last else {
            Issue.record("no response")
            return
        }
        #expect(answer.metadata.keys.sorted() == ["b"])
        #expect(try answer.metadata["b"]?.value(String.self) == "3")
    }

    @Test("reported usage replaces the counts the text events credited; without it they are summed")
    func usage() async throws {
        let counted = session([
            [
                .response(action: .appendText("a", tokenCount: 2)),
                .response(action: .appendText("b", tokenCount: 3)),
            ]
        ]).0
        let first = try await counted.respond(to: "Count")
        #expect(first.usage.output.totalTokenCount == 5)

        let reported = session([
            [
                .response(action: .appendText("a", tokenCount: 2)),
                .response(
                    action: .updateUsage(
                        input: .init(totalTokenCount: 11, cachedTokenCount: 4),
                        output: .init(totalTokenCount: 7, reasoningTokenCount: 0))),
            ]
        ]).0
        let second = try await reported.respond(to: "Count")
        #expect(second.usage.input.totalTokenCount == 11)
        #expect(second.usage.output.totalTokenCount == 7)
        #expect(reported.usage.totalTokenCount == 18)
    }

    @Test("reasoning keeps its text and signature, and its tokens count as reasoning")
    func reasoning() async throws {
        let (session, _) = session([
            [
                .reasoning(action: .appendText("Let me think.", tokenCount: 4)),
                .reasoning(action: .updateSignature(Data([1, 2, 3]), tokenCount: 0)),
                .response(action: .appendText("42", tokenCount: 1)),
            ]
        ])
        let response = try await session.respond(to: "Answer")
        let entries = producedEntries(response)
        guard case .reasoning(let reasoning)? = entries.first else {
            Issue.record("no reasoning entry")
            return
        }
        #expect(Transcript.text(of: reasoning.segments) == "Let me think.")
        #expect(reasoning.signature == Data([1, 2, 3]))
        #expect(response.content == "42")
        #expect(session.transcript.contains { if case .reasoning = $0 { true } else { false } })
    }

    @Test(
        "interleaved argument deltas are joined per call; a removed call never runs; the session runs each tool once between turns"
    )
    func toolCalls() async throws {
        let tool = RecordingTool()
        let (session, script) = session(
            [
                [
                    .toolCalls(
                        action: .toolCall(
                            id: "a", name: "record", action: .appendArguments(#"{"value":"#, tokenCount: 1))),
                    .toolCalls(
                        action: .toolCall(
                            id: "b", name: "record", action: .appendArguments(#"{"value":"#, tokenCount: 1))),
                    .toolCalls(
                        action: .toolCall(
                            id: "c", name: "record", action: .appendArguments(#"{"value":9}"#, tokenCount: 1))),
                    .toolCalls(
                        action: .toolCall(id: "a", name: "record", action: .appendArguments("1}", tokenCount: 1))),
                    .toolCalls(
                        action: .toolCall(id: "b", name: "record", action: .appendArguments("2}", tokenCount: 1))),
                    .toolCalls(action: .removeToolCall(id: "c")),
                ],
                [.response(action: .appendText("done", tokenCount: 1))],
            ], tools: [tool])
        let response = try await session.respond(to: "Record two values")
        #expect(response.content == "done")
        #expect(tool.values.sorted() == [1, 2])
        #expect(script.requests.count == 2)
        let second = try #require(script.requests.last)
        let outputs = second.transcript.compactMap { entry -> String? in
            if case .toolOutput(let output) = entry { return output.id }
            return nil
        }
        #expect(outputs == ["a", "b"])
        #expect(second.enabledToolDefinitions.map(\.name) == ["record"])
    }

    @Test("a data event replaces the data entry with the same id")
    func dataUpsert() throws {
        var reducer = GenerationEventReducer()
        try reducer.apply(.data(entryID: "d", action: .update(contentType: .json, content: Data("1".utf8))))
        try reducer.apply(.response(action: .appendText("x", tokenCount: 1)))
        try reducer.apply(.data(entryID: "d", action: .update(contentType: .json, content: Data("2".utf8))))
        let data = reducer.entries.compactMap { entry -> Transcript.DataEntry? in
            if case .data(let data) = entry { return data }
            return nil
        }
        #expect(data.count == 1)
        #expect(data.first?.content == Data("2".utf8))
    }

    @Test("a data entry of a type the model does not declare is refused as unsupported transcript content")
    func undeclaredData() async throws {
        let (session, _) = session([
            [
                .data(action: .update(contentType: .png, content: Data([0x89]))),
                .response(action: .appendText("x", tokenCount: 1)),
            ]
        ])
        do {
            try await session.respond(to: "Draw")
            Issue.record("the data entry was accepted")
        } catch LanguageModelError.unsupportedTranscriptContent(let info) {
            guard case .data(let data)? = info.unsupportedContent.first else {
                Issue.record("expected the data entry, got \(info.unsupportedContent)")
                return
            }
            #expect(data.contentType == .png)
        }
    }

    @Test("a request needing a capability the model does not declare fails before the executor is asked")
    func capabilityGate() async throws {
        let (session, script) = session([[.response(action: .appendText("{}", tokenCount: 1))]], declared: [])
        do {
            _ = try await session.respond(to: "Shape", generating: Place.self)
            Issue.record("the request was served")
        } catch LanguageModelError.unsupportedCapability(let info) {
            #expect(info.capability == .guidedGeneration)
        }
        #expect(script.requests.isEmpty)
    }

    @Test("guided output streamed as text is decoded and validated against the schema once")
    func guided() async throws {
        let (session, _) = session([
            [
                .response(action: .appendText(#"{"city":"#, tokenCount: 1)),
                .response(action: .appendText(#""Lisbon"}"#, tokenCount: 1)),
            ]
        ])
        let response = try await session.respond(to: "Where?", generating: Place.self)
        #expect(response.content.city == "Lisbon")
    }

    @Test("equal configurations share one executor; a different configuration gets its own")
    func executorCache() async throws {
        let label = "cache-\(UUID().uuidString)"
        let other = "cache-other-\(UUID().uuidString)"
        for configuration in [label, label, other] {
            let script = EventScript([[.response(action: .appendText("x", tokenCount: 1))]])
            let model = EventScriptModel(script: script, configurationLabel: configuration)
            _ = try await LanguageModelSession(model: model).respond(to: "x")
        }
        let made = EventScriptExecutor.made.withLock { $0 }
        #expect(made[label] == 1)
        #expect(made[other] == 1)
    }
}

@Generable
struct Place {
    var city: String
}

/// A tool that records the values it is called with.
final class RecordingTool: Tool, Sendable {
    let name = "record"
    let description = "Records a value."
    private let recorded = Mutex<[Int]>([])

    @Generable
    struct Arguments {
        var value: Int
    }

    var values: [Int] { recorded.withLock { $0 } }

    func call(arguments: Arguments) async throws -> String {
        recorded.withLock { $0.append(arguments.value) }
        return "recorded \(arguments.value)"
    }
}
