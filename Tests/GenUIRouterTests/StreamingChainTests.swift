import GenUI
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Testing

@Suite("ProviderChain streaming", .tags(.unit))
struct StreamingChainTests {
    /// Collects a stream's events as short strings, and its error.
    func collect(_ stream: AsyncThrowingStream<GenerationEvent, any Error>) async -> (
        [String], (any Error)?, GenerationResponse?
    ) {
        var events: [String] = []
        var final: GenerationResponse?
        do {
            for try await event in stream {
                switch event {
                case .delta: events.append("delta")
                case .restarted(let provider, _): events.append("restarted:\(provider)")
                case .completed(let response):
                    events.append("completed:\(response.metadata.provider)")
                    final = response
                }
            }
            return (events, nil, final)
        } catch {
            return (events, error, final)
        }
    }

    @Test("falls back before the first delta reached the caller")
    func fallsBackBeforeOutput() async throws {
        let broken = FailingLanguageModel(name: "broken", behavior: .fail(.testServerError()))
        let chain = ProviderChain(name: "c", models: [broken, ScriptedLanguageModel()], options: quickOptions())
        let (events, error, final) = await collect(chain.streamResponse(to: GenerationRequest(prompt: "hello world")))
        #expect(error == nil)
        #expect(events.last == "completed:scripted")
        #expect(final?.metadata.trace?.summary == ["broken:failed:serverError", "scripted:served:served"])
    }

    @Test("stops when a provider fails after output began, unless restarting is enabled")
    func midStreamFailure() async throws {
        let dropping = FailingLanguageModel(
            name: "dropping", behavior: .failMidStream(error: .testConnectionRefused(), deltas: 2))
        let chain = ProviderChain(name: "c", models: [dropping, ScriptedLanguageModel()], options: quickOptions())
        let (events, error, _) = await collect(chain.streamResponse(to: GenerationRequest(prompt: "hello")))
        #expect(events == ["delta", "delta"])
        let failure = try #require(error as? GenUIError)
        #expect(failure.code == "transport")
        #expect(failure.trace?.steps.last?.action == .stop)

        let restarting = ProviderChain(
            name: "c", models: [dropping, ScriptedLanguageModel()], options: quickOptions(restart: true))
        let (restartEvents, restartError, final) = await collect(
            restarting.streamResponse(to: GenerationRequest(prompt: "hello")))
        #expect(restartError == nil)
        #expect(restartEvents.prefix(3) == ["delta", "delta", "restarted:dropping"])
        #expect(restartEvents.last == "completed:scripted")
        #expect(final?.metadata.trace?.servedBy == "scripted")
    }

    @Test("requires streaming from members when streaming")
    func requiresStreaming() async throws {
        let noStream = FailingLanguageModel(name: "batch", capabilities: [.guidedGeneration])
        let chain = ProviderChain(name: "c", models: [noStream, ScriptedLanguageModel()], options: quickOptions())
        let (_, error, final) = await collect(chain.streamResponse(to: GenerationRequest(prompt: "hello")))
        #expect(error == nil)
        #expect(final?.metadata.trace?.summary == ["batch:skipped:missingCapability", "scripted:served:served"])
    }
}
