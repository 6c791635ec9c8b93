import Foundation
import GenUIRouter
import GenUITestSupport
import Synchronization
import Testing

@testable import GenUI

/// Every way of driving a genui provider reaches its executor with the same Foundation Models 27 request: a session's
/// `respond` and `streamResponse`, a Foundation Models 27 caller of the provider's executor, a chain the provider is
/// in, and a Foundation Models 27 caller of that chain.
@Suite("One turn path: every way of driving a provider asks its executor the same request", .tags(.unit))
struct OneTurnPathTests {
    /// The requests a ``RecordingProvider``'s executor was asked, in order.
    final class TurnLog: Sendable {
        private let requests = Mutex<[LanguageModelExecutorGenerationRequest]>([])
        func record(_ request: LanguageModelExecutorGenerationRequest) { requests.withLock { $0.append(request) } }
        var all: [LanguageModelExecutorGenerationRequest] { requests.withLock { $0 } }
    }

    /// A genui provider whose executor records the request of each turn and answers "ok".
    struct RecordingProvider: RoutableModel {
        typealias Executor = RecordingProviderExecutor
        let name = "recording"
        let log: TurnLog
        var availability: Availability { .available }
        var supportedCapabilities: Set<LanguageModelCapability> {
            [.guidedGeneration, .toolCalling, .streaming, .vision]
        }
    }

    struct RecordingProviderExecutor: ProviderExecutor {
        typealias Configuration = ModelBoundExecutorConfiguration
        typealias Model = RecordingProvider
        init(configuration: Configuration) {}

        func turn(_ request: GenerationRequest, model: RecordingProvider, streaming: Bool, events: TurnEvents)
            async throws -> GenerationResponse
        {
            model.log.record(request.executorRequest)
            await events.appendText("ok")
            return GenerationResponse(
                content: GeneratedContent("ok"), text: "ok", metadata: ResponseMetadata(provider: model.name))
        }
    }

    /// `request`'s transcript with the last prompt's own ids (entry and segments) set to fixed ones: each call makes
    /// its prompt entry anew.
    static func comparable(_ request: LanguageModelExecutorGenerationRequest) -> [Transcript.Entry] {
        request.transcript.map { entry in
            guard case .prompt(var prompt) = entry, entry.id == request.transcript.last?.id else { return entry }
            prompt.id = "prompt"
            prompt.segments = prompt.segments.enumerated().map { index, segment in
                guard case .text(var text) = segment else { return segment }
                text.id = "segment-\(index)"
                return .text(text)
            }
            return .prompt(prompt)
        }
    }

    /// Drives `model`'s executor as Foundation Models 27 does, with `request`, and drains the channel.
    static func driveExecutor<Model: LanguageModel>(
        of model: Model, with request: LanguageModelExecutorGenerationRequest
    )
        async throws
    {
        let executor = try Model.Executor(configuration: model.executorConfiguration)
        let channel = LanguageModelExecutorGenerationChannel()
        let drained = Task { for await _ in channel {} }
        try await executor.respond(to: request, model: model, streamingInto: channel)
        channel.finish()
        await drained.value
    }

    @Test("respond, streamResponse, an FM 27 caller, a chain and an FM 27 caller of the chain ask the same request")
    func onePath() async throws {
        let log = TurnLog()
        let provider = RecordingProvider(log: log)
        let chain = ProviderChain(name: "chain", models: [provider])
        let history = SessionTranscriptReachesExecutorTests.history()
        var options = GenerationOptions()
        options.temperature = 0.4
        func ask(_ model: some LanguageModel, streaming: Bool) async throws {
            let session = LanguageModelSession(model: model, tools: [RecordingTool()], transcript: history)
            if streaming {
                _ = try await session.streamResponse(to: Prompt("Go on."), options: options, metadata: ["turn": 3])
                    .collect()
            } else {
                try await session.respond(to: Prompt("Go on."), options: options, metadata: ["turn": 3])
            }
        }
        try await ask(provider, streaming: false)
        try await ask(provider, streaming: true)
        try await ask(chain, streaming: false)
        try await ask(chain, streaming: true)
        let sessionRequest = try #require(log.all.first)
        try await Self.driveExecutor(of: provider, with: sessionRequest)
        try await Self.driveExecutor(of: chain, with: sessionRequest)

        let requests = log.all
        try #require(requests.count == 6)
        let expected = Self.comparable(sessionRequest)
        #expect(Array(expected.prefix(history.count)) == Array(history))
        for (index, request) in requests.enumerated() {
            #expect(Self.comparable(request) == expected, "path \(index)")
            #expect(request.enabledToolDefinitions == sessionRequest.enabledToolDefinitions, "path \(index)")
            #expect(request.enabledToolDefinitions.map(\.name) == ["record"], "path \(index)")
            #expect(request.generationOptions == sessionRequest.generationOptions, "path \(index)")
            #expect(request.contextOptions == sessionRequest.contextOptions, "path \(index)")
            #expect(request.metadata == ["turn": GeneratedContent(3)], "path \(index)")
            #expect(request.schema == nil, "path \(index)")
        }
        // The two Foundation Models 27 callers handed over the session's request itself: its id arrives too.
        #expect(requests[4].id == sessionRequest.id)
        #expect(requests[5].id == sessionRequest.id)
    }
}
