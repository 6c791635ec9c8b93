import Foundation
import GenUI
import GenUIDiagnostics
import GenUITestSupport
import GenUITesting
import Testing

@testable import GenUIRouter

/// A conversation of `turns` earlier turns (a prompt and an answer of about 300 tokens between them), the third with a
/// tool round.
func longConversation(turns: Int) -> [Transcript.Entry] {
    let filler = String(repeating: "The garden plan needs more sun on the east side. ", count: 12)
    var entries: [Transcript.Entry] = []
    for turn in 1...turns {
        entries.append(.prompt(Transcript.Prompt(segments: [.text(.init(content: "Turn \(turn): \(filler)"))])))
        if turn == 3 {
            let call = Transcript.ToolCall(
                id: "call-3", toolName: "weather", arguments: GeneratedContent(properties: [:]))
            entries.append(.toolCalls(Transcript.ToolCalls([call])))
            entries.append(
                .toolOutput(
                    Transcript.ToolOutput(id: "call-3", toolName: "weather", segments: [.text(.init(content: "Sunny"))])
                ))
        }
        entries.append(.response(Transcript.Response(assetIDs: [], segments: [.text(.init(content: filler))])))
    }
    return entries
}

private func prompts(in request: GenerationRequest) -> [String] {
    request.executorRequest.transcript.compactMap { entry -> String? in
        guard case .prompt(let prompt) = entry, case .text(let text)? = prompt.segments.first else { return nil }
        return String(text.content.prefix(while: { $0 != ":" }))
    }
}

@Suite("Fitting a conversation to a smaller window", .tags(.unit))
struct ConversationFittingTests {
    @Test("the default rule drops earlier tool rounds first, then the oldest turns, and never the current turn")
    func candidatesKeepTheCurrentTurn() throws {
        let history =
            longConversation(turns: 4) + [.prompt(Transcript.Prompt(segments: [.text(.init(content: "Now"))]))]
        let candidates = ConversationFitting.keepingLatestTurns.candidates(for: history)
        try #require(candidates.count == 5)
        #expect(candidates[0].droppedToolEntries == 2)
        #expect(candidates[0].keptTurns == 5)
        #expect(candidates[0].history.count == history.count - 2)
        #expect(candidates.map(\.keptTurns) == [5, 4, 3, 2, 1])
        #expect(candidates.allSatisfy { $0.history.last == history.last })
        #expect(candidates.last?.history.count == 1)
        #expect(ConversationFitting.disabled.candidates(for: history).isEmpty)
    }

    @Test("the app's own transform is tried first, on the turns before the current one, before the default rule")
    func appTransformFirst() throws {
        let now = Transcript.Entry.prompt(Transcript.Prompt(segments: [.text(.init(content: "Now"))]))
        let history = longConversation(turns: 2) + [now]
        let fitting = ConversationFitting.transforming { entries in
            entries.filter { entry in
                if case .response = entry { return false }
                if case .prompt = entry { return false }
                return true
            }
        }
        let first = try #require(fitting.candidates(for: history).first)
        // The transform drops every prompt it is given, but it is not given the current one.
        #expect(first.history.last == now)
        #expect(first.history.filter(ConversationFitting.isPrompt).count == 1)
        #expect(first.droppedToolEntries == 0)
    }

    @Test(
        "a 20-turn conversation through [dead cloud, 4K on-device] is answered on-device, the route saying what was left out"
    )
    func longConversationFitsTheFallback() async throws {
        let onDevice = RequestRecordingModel(wrapping: ScriptedLanguageModel(name: "on-device"), name: "on-device")
        let chain = ProviderChain(
            name: "assistant",
            members: [
                ChainMember(FailingLanguageModel(name: "cloud", behavior: .fail(.testConnectionRefused()))),
                ChainMember(onDevice, contextWindow: 4096),
            ])
        let session = LanguageModelSession(model: chain, transcript: Transcript(entries: longConversation(turns: 20)))
        let response = try await session.respond(
            to: "Turn 21: what should I plant first?", options: GenerationOptions(maximumResponseTokens: 256))

        let sent = try #require(onDevice.lastRequest)
        let asked = prompts(in: sent)
        #expect(asked.last == "Turn 21")
        #expect(asked.count < 21)
        #expect(asked == (22 - asked.count...21).map { "Turn \($0)" })
        #expect(TokenEstimate.tokens(in: sent) + 256 <= 4096)
        let trace = try #require(response.metadata.trace)
        let served = try #require(trace.steps.last)
        #expect(served.provider == "on-device")
        let fit = try #require(served.contextFit)
        #expect(fit.keptTurns == asked.count)
        #expect(fit.totalTurns == 21)
        #expect(fit.droppedToolEntries == 2)
        #expect(fit.contextSize == 4096)
        let line = Diagnostics(language: .english).describe(served)
        #expect(line.contains("kept the last \(asked.count) of 21 turns to fit on-device's 4096 tokens"))
        // The session keeps the whole conversation.
        #expect(session.transcript.filter(ConversationFitting.isPrompt).count == 21)
    }

    @Test("with fitting disabled the same conversation skips the on-device member for its window, as before")
    func disabledFittingSkips() async throws {
        let onDevice = RequestRecordingModel(wrapping: ScriptedLanguageModel(name: "on-device"), name: "on-device")
        var options = ChainOptions()
        options.conversationFitting = .disabled
        let chain = ProviderChain(
            name: "assistant",
            members: [
                ChainMember(FailingLanguageModel(name: "cloud", behavior: .fail(.testConnectionRefused()))),
                ChainMember(onDevice, contextWindow: 4096),
            ],
            options: options)
        var transcript = Transcript(entries: longConversation(turns: 20))
        transcript.append(.prompt(Transcript.Prompt(segments: [.text(.init(content: "Turn 21: what first?"))])))
        let request = GenerationRequest(
            LanguageModelExecutorGenerationRequest(
                id: UUID(), transcript: transcript, enabledTools: [], schema: nil,
                generationOptions: GenerationOptions(maximumResponseTokens: 256), contextOptions: ContextOptions(),
                metadata: [:]))
        do {
            _ = try await chain.respond(to: request)
            Issue.record("the chain answered a conversation larger than every window")
        } catch let error as GenUIError {
            let steps = error.context.trace?.steps ?? []
            #expect(steps.last?.provider == "on-device")
            #expect(steps.last?.reason == "contextWindowTooSmall")
            #expect(steps.last?.contextFit == nil)
        }
        #expect(onDevice.requestCount == 0)
    }
}
