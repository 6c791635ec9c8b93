import Foundation
import GenUI
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Testing
import UniformTypeIdentifiers

/// A Foundation Models 27 model package receives the session's transcript as it is — entry and segment ids, image
/// attachments, reasoning with its signature, data entries, each prompt's own options, metadata and context options —
/// whether the session uses it directly or through a chain, wherever it stands in the chain.
@Suite("Foundation Models 27: the session's transcript reaches a package's executor as it is", .tags(.unit))
struct SessionTranscriptReachesExecutorTests {
    typealias Event = LanguageModelExecutorGenerationChannel.Event

    /// Where the recording model stands when the session asks it.
    enum Placement: String, CaseIterable, Sendable {
        case direct
        case aloneInAChain
        case behindAMemberThatThrows
        case behindAnUnavailableMember
    }

    /// A conversation with everything Foundation Models 27 keeps in a transcript beyond text.
    static func history() -> Transcript {
        let image = Transcript.AttachmentSegment(
            id: "image-segment-1", content: .image(.init(imageURL: URL(fileURLWithPath: "/tmp/genui-photo.png"))),
            label: "the photo")
        var earlierOptions = GenerationOptions()
        earlierOptions.temperature = 0.2
        return Transcript(entries: [
            .instructions(
                .init(
                    id: "instructions-1", segments: [.text(.init(id: "i-text", content: "Be brief."))],
                    toolDefinitions: [])),
            .prompt(
                .init(
                    id: "prompt-1", metadata: ["source": GeneratedContent("camera")],
                    segments: [.text(.init(id: "p1-text", content: "What is in this photo?")), .attachment(image)],
                    options: earlierOptions, contextOptions: ContextOptions(reasoningLevel: .deep))),
            .reasoning(
                .init(
                    id: "reasoning-1", metadata: ["effort": GeneratedContent("high")],
                    segments: [.text(.init(id: "r-text", content: "A cat on a mat."))], signature: Data([7, 8, 9]))),
            .data(.init(id: "data-1", contentType: .json, content: Data(#"{"objects":["cat"]}"#.utf8))),
            .response(
                .init(
                    id: "response-1", metadata: ["provider": GeneratedContent("vision")],
                    segments: [
                        .text(.init(id: "resp-text", content: "A cat."))
                    ])),
        ])
    }

    /// A session over `history` whose model is the recording `model`, placed as `placement` says.
    static func session(_ model: EventScriptModel, _ placement: Placement, transcript: Transcript)
        -> LanguageModelSession
    {
        let recording = ExecutorModel(model, name: "recording")
        switch placement {
        case .direct:
            return LanguageModelSession(model: model, transcript: transcript)
        case .aloneInAChain:
            return LanguageModelSession(
                model: ProviderChain(name: "chain", models: [recording]), transcript: transcript)
        case .behindAMemberThatThrows:
            let throwing = FailingLanguageModel(
                name: "throwing",
                behavior: .fail(.serverError(status: 503, .init(provider: "throwing", debugDescription: "503"))),
                capabilities: [.guidedGeneration, .toolCalling, .streaming, .reasoning, .vision])
            return LanguageModelSession(
                model: ProviderChain(name: "chain", models: [throwing, recording]), transcript: transcript)
        case .behindAnUnavailableMember:
            let unavailable = FailingLanguageModel(name: "unavailable", behavior: .unavailable(.disabled))
            return LanguageModelSession(
                model: ProviderChain(name: "chain", models: [unavailable, recording]), transcript: transcript)
        }
    }

    static func texts(of segments: [Transcript.Segment]) -> [String] {
        segments.compactMap { segment in
            if case .text(let text) = segment { return text.content }
            return nil
        }
    }

    @Test("the executor receives the history and the new prompt exactly", arguments: Placement.allCases)
    func transcriptArrivesAsItIs(_ placement: Placement) async throws {
        let script = EventScript([[.response(action: .appendText("Two cats.", tokenCount: 2))]])
        let model = EventScriptModel(script: script, declared: [.guidedGeneration, .toolCalling, .reasoning, .vision])
        let history = Self.history()
        let session = Self.session(model, placement, transcript: history)
        var options = GenerationOptions()
        options.temperature = 0.7
        let response = try await session.respond(
            to: Prompt("And now?"), options: options, contextOptions: ContextOptions(reasoningLevel: .light),
            metadata: ["turn": 2])
        #expect(response.content == "Two cats.")

        let asked = try #require(script.requests.first)
        #expect(script.requests.count == 1)
        // The history, entry by entry, with every id, attachment, signature and data entry.
        #expect(Array(asked.transcript.prefix(history.count)) == Array(history))
        // The new prompt is the entry the session records, with this call's own options, metadata and context options.
        guard case .prompt(let prompt)? = asked.transcript.last, asked.transcript.count == history.count + 1 else {
            Issue.record("the request does not end with the new prompt: \(asked.transcript)")
            return
        }
        #expect(session.transcript.contains(.prompt(prompt)))
        #expect(Self.texts(of: prompt.segments) == ["And now?"])
        #expect(prompt.options.temperature == 0.7)
        #expect(prompt.contextOptions.reasoningLevel == .light)
        #expect(prompt.metadata["turn"] == GeneratedContent(2))
        // The earlier prompt keeps its own options, metadata and reasoning level.
        guard case .prompt(let earlier) = asked.transcript[1] else {
            Issue.record("no earlier prompt")
            return
        }
        #expect(earlier.options.temperature == 0.2)
        #expect(earlier.contextOptions.reasoningLevel == .deep)
        #expect(earlier.metadata["source"] == GeneratedContent("camera"))
        // The request itself carries this call's options, context options and metadata.
        #expect(asked.generationOptions.temperature == 0.7)
        #expect(asked.contextOptions.reasoningLevel == .light)
        #expect(asked.metadata["turn"] == GeneratedContent(2))
    }

    @Test("a streamed response asks the executor the same request as a response that is not streamed")
    func streamingAsksTheSame() async throws {
        let script = EventScript([
            [.response(action: .appendText("One.", tokenCount: 1))],
            [.response(action: .appendText("One.", tokenCount: 1))],
        ])
        let model = EventScriptModel(script: script, declared: [.guidedGeneration, .toolCalling, .reasoning, .vision])
        let history = Self.history()
        let responding = LanguageModelSession(model: model, transcript: history)
        let streaming = LanguageModelSession(model: model, transcript: history)
        try await responding.respond(to: Prompt("Count."), metadata: ["turn": 2])
        _ = try await streaming.streamResponse(to: Prompt("Count."), metadata: ["turn": 2]).collect()
        let requests = script.requests
        try #require(requests.count == 2)
        #expect(Array(requests[0].transcript.dropLast()) == Array(requests[1].transcript.dropLast()))
        guard case .prompt(var first)? = requests[0].transcript.last,
            case .prompt(let second)? = requests[1].transcript.last
        else {
            Issue.record("a request does not end with its prompt")
            return
        }
        first.id = second.id
        first.segments = first.segments.map { segment in
            guard case .text(var text) = segment, case .text(let other)? = second.segments.first else { return segment }
            text.id = other.id
            return .text(text)
        }
        #expect(first == second)
        #expect(requests[0].metadata == requests[1].metadata)
        #expect(requests[0].contextOptions == requests[1].contextOptions)
    }

    @Test("tool rounds reach the executor as the transcript records them: the calls and outputs with their ids")
    func toolRoundsKeepTheirIDs() async throws {
        let tool = RecordingTool()
        let script = EventScript([
            [
                .toolCalls(
                    action: .toolCall(
                        id: "call-1", name: "record", action: .appendArguments(#"{"value":4}"#, tokenCount: 1)))
            ],
            [.response(action: .appendText("Recorded.", tokenCount: 1))],
        ])
        let session = LanguageModelSession(
            model: ProviderChain(
                name: "chain",
                models: [
                    ExecutorModel(
                        EventScriptModel(script: script, declared: [.toolCalling, .vision]), name: "recording")
                ]),
            tools: [tool], transcript: Self.history())
        try await session.respond(to: "Record four.")
        let second = try #require(script.requests.last)
        try #require(script.requests.count == 2)
        let recorded = session.transcript.filter { entry in
            switch entry {
            case .toolCalls, .toolOutput: true
            default: false
            }
        }
        let asked = second.transcript.filter { entry in
            switch entry {
            case .toolCalls, .toolOutput: true
            default: false
            }
        }
        #expect(recorded.count == 2)
        #expect(asked == recorded)
    }
}
