import Foundation
import GenUI
import GenUITestSupport
import Testing

/// The model's failure in these tests.
private struct Halted: Error {}

/// A Foundation Models 27 model that plays its script's turns and fails at the end of those in `failing` (counted
/// from 0), after their events: a stream that breaks off partway, or a turn after a tool round that never answers.
private struct HaltingModel: LanguageModel {
    typealias Executor = HaltingExecutor

    let script: EventScript
    var failing: Set<Int> = [0]

    var capabilities: LanguageModelCapabilities { LanguageModelCapabilities([.guidedGeneration, .toolCalling]) }
    var executorConfiguration: HaltingExecutor.Configuration { .init() }
}

private struct HaltingExecutor: LanguageModelExecutor {
    struct Configuration: Hashable, Sendable {}

    init(configuration: Configuration) {}

    func respond(
        to request: LanguageModelExecutorGenerationRequest, model: HaltingModel,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        for event in model.script.play(request) { await channel.send(event) }
        if model.failing.contains(model.script.requests.count - 1) { throw Halted() }
    }
}

/// Looks a word up.
private struct LookupTool: Tool {
    let name = "lookup"
    let description = "Looks a word up."

    @Generable
    struct Arguments {
        var word: String
    }

    func call(arguments: Arguments) async throws -> String { "\(arguments.word): a small city" }
}

/// A text that breaks off: two pieces of an answer, then the failure.
private func breakingOff() -> EventScript {
    EventScript([
        [
            .response(action: .appendText("Porto is ", tokenCount: 2)),
            .response(action: .appendText("a city on", tokenCount: 3)),
        ]
    ])
}

/// A tool round, then a turn that fails before any text.
private func failingAfterTool() -> EventScript {
    EventScript([
        [
            .toolCalls(
                action: .toolCall(
                    id: "l1", name: "lookup", action: .appendArguments(#"{"word":"Porto"}"#, tokenCount: 1)))
        ],
        [],
    ])
}

/// The kinds of a transcript's entries, in order.
private func kinds(_ transcript: Transcript) -> [String] {
    transcript.map { entry in
        switch entry {
        case .instructions: "instructions"
        case .prompt: "prompt"
        case .toolCalls: "toolCalls"
        case .toolOutput: "toolOutput"
        case .response: "response"
        case .reasoning: "reasoning"
        case .data: "data"
        @unknown default: "other"
        }
    }
}

/// The text of the transcript's last response entry.
private func lastResponseText(_ transcript: Transcript) -> String? {
    for case .response(let response) in transcript.reversed() {
        return response.segments.compactMap { segment -> String? in
            if case .text(let text) = segment { return text.content }
            return nil
        }.joined()
    }
    return nil
}

@Suite("Transcript error handling policy: what a failed request leaves in the transcript", .tags(.unit))
struct TranscriptErrorHandlingPolicyTests {
    @Test("without a policy a failed stream leaves the transcript as it was; preserveTranscript keeps the partial text")
    func streamedFailure() async throws {
        let reverting = LanguageModelSession(model: HaltingModel(script: breakingOff()), instructions: "Be brief.")
        #expect(reverting.transcriptErrorHandlingPolicy == nil)
        await #expect(throws: (any Error).self) {
            for try await _ in reverting.streamResponse(to: "Tell me about Porto.") {}
        }
        #expect(kinds(reverting.transcript) == ["instructions"])

        let preserving = LanguageModelSession(model: HaltingModel(script: breakingOff()), instructions: "Be brief.")
        preserving.transcriptErrorHandlingPolicy = .preserveTranscript
        await #expect(throws: (any Error).self) {
            for try await _ in preserving.streamResponse(to: "Tell me about Porto.") {}
        }
        #expect(kinds(preserving.transcript) == ["instructions", "prompt", "response"])
        #expect(lastResponseText(preserving.transcript) == "Porto is a city on")
        #expect(!preserving.isResponding)
    }

    @Test("a profile's preserveTranscript keeps the prompt and the finished tool round; the session's own policy wins")
    func profilePolicy() async throws {
        func session(_ script: EventScript) -> LanguageModelSession {
            LanguageModelSession(
                profile: LanguageModelSession.Profile { LookupTool() }
                    .transcriptErrorHandlingPolicy(.preserveTranscript)
                    .model(HaltingModel(script: script, failing: [1])))
        }
        let preserving = session(failingAfterTool())
        await #expect(throws: (any Error).self) { try await preserving.respond(to: "What is Porto?") }
        #expect(kinds(preserving.transcript) == ["instructions", "prompt", "toolCalls", "toolOutput"])
        guard case .toolOutput(let output)? = preserving.transcript.last else {
            Issue.record("expected the tool's output last: \(preserving.transcript)")
            return
        }
        #expect(output.toolName == "lookup")

        let overridden = session(failingAfterTool())
        overridden.transcriptErrorHandlingPolicy = .revertTranscript
        await #expect(throws: (any Error).self) { try await overridden.respond(to: "What is Porto?") }
        #expect(kinds(overridden.transcript) == ["instructions"])
    }

    @Test("a request the session rejects before the model is asked leaves the transcript as it was, even preserved")
    func rejectedBeforeTheModel() async throws {
        let script = breakingOff()
        let session = LanguageModelSession(
            profile: LanguageModelSession.Profile { Instructions("Be brief.") }
                .temperature(5)
                .transcriptErrorHandlingPolicy(.preserveTranscript)
                .model(HaltingModel(script: script)))
        await #expect(throws: (any Error).self) { try await session.respond(to: "Porto?") }
        #expect(kinds(session.transcript) == ["instructions"])
        #expect(script.requests.isEmpty)
    }

    @Test("the request after a preserved failure sends the model the kept prompt and partial answer")
    func continuesAfterPreservedFailure() async throws {
        let script = EventScript([
            [.response(action: .appendText("Porto is", tokenCount: 1))],
            [.response(action: .appendText("Porto is a city in Portugal.", tokenCount: 6))],
        ])
        let session = LanguageModelSession(model: HaltingModel(script: script))
        session.transcriptErrorHandlingPolicy = .preserveTranscript
        await #expect(throws: (any Error).self) { try await session.streamResponse(to: "Porto?").collect() }
        let answer = try await session.respond(to: "Go on.")
        #expect(answer.content == "Porto is a city in Portugal.")
        let second = try #require(script.requests.last)
        #expect(kinds(second.transcript) == ["prompt", "response", "prompt"])
        #expect(lastResponseText(Transcript(entries: Array(second.transcript.dropLast()))) == "Porto is")
        #expect(kinds(session.transcript) == ["prompt", "response", "prompt", "response"])
        #expect(String(describing: TranscriptErrorHandlingPolicy.preserveTranscript) == "preserveTranscript")
    }
}
