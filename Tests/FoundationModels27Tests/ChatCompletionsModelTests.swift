import Foundation
import GenUIOpenAI
import GenUIRouter
import GenUITestSupport
import Testing

@testable import GenUI

/// A Foundation Models 27 model package's model (``ChatCompletionsModel``) against the real llama-server's
/// `/v1/chat/completions`: used directly in a session, driven as an executor, and as a chain member.
@Suite(
    "A Foundation Models 27 model against llama-server's /v1/chat/completions", .tags(.llamaServer),
    .enabled(if: LlamaTestEnvironment.runnable))
struct ChatCompletionsModelTests {
    private func model(_ server: LlamaServerFixture) -> ChatCompletionsModel {
        ChatCompletionsModel(baseURL: server.baseURL.appendingPathComponent("v1"), model: "smollm2")
    }

    private let greedy = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 24)

    @Test("answers in a session: text, the transcript's prompt and response, and usage from the server")
    func text() async throws {
        try await LlamaServerFixture.with { server in
            let session = LanguageModelSession(model: model(server), instructions: "You are terse.")
            let response = try await session.respond(to: "Say hello.", options: greedy)
            #expect(!response.content.isEmpty)
            let kinds = session.transcript.map { entry -> String in
                switch entry {
                case .instructions: "instructions"
                case .prompt: "prompt"
                case .response: "response"
                default: "other"
                }
            }
            #expect(kinds == ["instructions", "prompt", "response"])
            #expect(response.usage.input.totalTokenCount > 0)
            #expect(response.usage.output.totalTokenCount > 0)
            #expect(session.usage.totalTokenCount == response.usage.totalTokenCount)
        }
    }

    @Test("streams cumulative snapshots that end in the whole text")
    func streaming() async throws {
        try await LlamaServerFixture.with { server in
            let session = LanguageModelSession(model: model(server))
            var snapshots: [String] = []
            for try await snapshot in session.streamResponse(to: "Count to five.", options: greedy) {
                snapshots.append(snapshot.content)
            }
            #expect(snapshots.count > 1)
            for (earlier, later) in zip(snapshots, snapshots.dropFirst()) { #expect(later.hasPrefix(earlier)) }
            let last = try #require(session.transcript.last)
            guard case .response(let response) = last else {
                Issue.record("no response entry")
                return
            }
            #expect(Transcript.text(of: response.segments) == snapshots.last)
        }
    }

    @Test("guided generation: the JSON the executor streams as text decodes into a @Generable value")
    func guided() async throws {
        try await LlamaServerFixture.with { server in
            let session = LanguageModelSession(model: model(server))
            let response = try await session.respond(
                to: "A city in Portugal.", generating: Place.self,
                options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 48))
            #expect(!response.content.city.isEmpty)
        }
    }

    /// SmolLM2's template knows no tools and llama-server does not force a call (`tool_choice: required` is sent,
    /// and the model may still answer in text), so the turn may go either way; interleaved argument deltas are
    /// checked with a scripted executor (ChannelSemanticsTests).
    @Test("driven as an executor with a tool required: the server's stream reduces to a valid turn")
    func toolTurnThroughTheChannel() async throws {
        try await JinjaLlamaServer.with { server in
            let model = ChatCompletionsModel(baseURL: server.baseURL.appendingPathComponent("v1"), model: "smollm2")
            let executor = ChatCompletionsExecutor(configuration: model.executorConfiguration)
            let tool = Transcript.ToolDefinition(tool: RecordingTool())
            let request = LanguageModelExecutorGenerationRequest(
                id: UUID(),
                transcript: Transcript(entries: [
                    .instructions(.init(segments: [.text(.init(content: "Use the tool."))], toolDefinitions: [tool])),
                    .prompt(.init(segments: [.text(.init(content: "Record the value 7."))])),
                ]),
                enabledTools: [tool],
                generationOptions: GenerationOptions(
                    samplingMode: .greedy, maximumResponseTokens: 64, toolCallingMode: .required),
                contextOptions: ContextOptions(), metadata: [:])
            let channel = LanguageModelExecutorGenerationChannel()
            async let sent: Void = {
                defer { channel.finish() }
                try await executor.respond(to: request, model: model, streamingInto: channel)
            }()
            var reducer = GenerationEventReducer()
            for await event in channel { try reducer.apply(event) }
            try await sent
            let entries = try reducer.finishedEntries(provider: "chat")
            #expect(!entries.isEmpty)
            let calls = entries.flatMap { entry -> [Transcript.ToolCall] in
                if case .toolCalls(let calls) = entry { return Array(calls) }
                return []
            }
            if calls.isEmpty {
                #expect(!reducer.responseText.isEmpty)
            } else {
                #expect(calls.allSatisfy { $0.toolName == "record" })
                #expect(calls.allSatisfy { if case .structure = $0.arguments.kind { true } else { false } })
            }
            #expect(reducer.usage.output.totalTokenCount > 0)
        }
    }

    @Test("as a chain member behind a dead provider: the chain falls back to it, and the trace says so")
    func chainMember() async throws {
        try await LlamaServerFixture.with { server in
            let dead = OpenAILanguageModel(
                configuration: OpenAIConfiguration(
                    name: "dead", baseURL: URL(string: "http://127.0.0.1:\(unusedLoopbackPort())/v1")!, model: "none",
                    apiKeyEnvironmentVariable: nil, requestTimeout: .seconds(5)))
            // Bounds for a loaded machine (the server is shared with other tests): the test is about the fallback,
            // not about how fast the answer comes.
            let chain = ProviderChain(
                name: "fm27", models: [dead, ExecutorModel(model(server), name: "chat")],
                options: ChainOptions(
                    attemptTimeout: .seconds(600), deadline: .seconds(600), availabilityTimeout: .seconds(60)))
            let session = LanguageModelSession(model: chain)
            let response = try await session.respond(to: "Say hi.", options: greedy)
            #expect(!response.content.isEmpty)
            let trace = try #require(response.metadata.trace)
            #expect(trace.servedBy == "chat")
            #expect(trace.steps.contains { $0.provider == "dead" && $0.outcome != .served })
        }
    }
}
