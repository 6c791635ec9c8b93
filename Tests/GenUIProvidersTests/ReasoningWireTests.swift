import Foundation
@_spi(Reading) import GenUI
import GenUIAnthropic
import GenUIGemini
import GenUIOllama
import GenUIOpenAI
import GenUITestSupport
import GenUITesting
import Testing

/// A request's reasoning level (`contextOptions: ContextOptions(reasoningLevel:)`) reaches each backend as its own
/// setting, in the shape its API reference documents: OpenAI's `reasoning_effort`, Anthropic's `thinking` with a token
/// budget, Gemini's `thinkingConfig.thinkingBudget`, Ollama's `think`.
@Suite("Reasoning levels on each provider's wire", .tags(.unit))
struct ReasoningWireTests {
    static func body(
        after ask: (LanguageModelSession) async throws -> Void, model: some LanguageModel, server: LoopbackHTTPServer
    )
        async throws -> GeneratedContent
    {
        try await ask(LanguageModelSession(model: model))
        return try #require(server.requests.last(where: { $0.method == "POST" && $0.path != "/api/show" })?.json)
    }

    static func deep(_ session: LanguageModelSession) async throws {
        var options = GenerationOptions()
        options.temperature = 0.5
        try await session.respond(
            to: Prompt("Why is the sky blue?"), options: options, contextOptions: ContextOptions(reasoningLevel: .deep))
    }

    static func plain(_ session: LanguageModelSession) async throws {
        try await session.respond(to: "Why is the sky blue?")
    }

    @Test("OpenAI-compatible: reasoning_effort low, medium or high; absent without a level")
    func openAI() async throws {
        let server = try ImageWireTests.server(
            answer:
                #"{"id":"c1","object":"chat.completion","model":"o-test","choices":[{"index":0,"message":{"role":"assistant","content":"Rayleigh."},"finish_reason":"stop"}]}"#
        )
        defer { server.stop() }
        let provider = VendorProviders.openAI(server, model: "o-test")
        #expect(
            try await Self.body(after: Self.deep, model: provider, server: server)["reasoning_effort"]?.stringValue
                == "high")
        #expect(try await Self.body(after: Self.plain, model: provider, server: server)["reasoning_effort"] == nil)
    }

    @Test("Anthropic: thinking enabled with the level's budget on top of the answer's tokens, and no sampling settings")
    func anthropic() async throws {
        let server = try ImageWireTests.server(
            answer:
                #"{"id":"msg_1","type":"message","role":"assistant","model":"claude-test","content":[{"type":"thinking","thinking":"Short waves scatter.","signature":"c2ln"},{"type":"text","text":"Rayleigh."}],"stop_reason":"end_turn","usage":{"input_tokens":9,"output_tokens":20}}"#
        )
        defer { server.stop() }
        let provider = VendorProviders.anthropic(server)
        let configuration = provider.configuration
        let body = try await Self.body(after: Self.deep, model: provider, server: server)
        #expect(body["thinking"]?["type"]?.stringValue == "enabled")
        #expect(body["thinking"]?["budget_tokens"]?.intValue == 16384)
        #expect(body["max_tokens"]?.intValue == configuration.defaultMaximumTokens + 16384)
        #expect(body["temperature"] == nil)
        let plain = try await Self.body(after: Self.plain, model: provider, server: server)
        #expect(plain["thinking"] == nil)
        #expect(plain["max_tokens"]?.intValue == configuration.defaultMaximumTokens)
    }

    @Test("Gemini: thinkingConfig with includeThoughts and the level's thinkingBudget")
    func gemini() async throws {
        let server = try ImageWireTests.server(
            answer:
                #"{"candidates":[{"content":{"role":"model","parts":[{"text":"Rayleigh."}]},"finishReason":"STOP"}]}"#)
        defer { server.stop() }
        let provider = VendorProviders.gemini(server)
        let body = try await Self.body(after: Self.deep, model: provider, server: server)
        let thinking = body["generationConfig"]?["thinkingConfig"]
        #expect(thinking?["includeThoughts"]?.boolValue == true)
        #expect(thinking?["thinkingBudget"]?.intValue == 16384)
        #expect(
            try await Self.body(after: Self.plain, model: provider, server: server)["generationConfig"]?[
                "thinkingConfig"] == nil)
    }

    @Test("Ollama: think true with a level, absent without one")
    func ollama() async throws {
        let server = try ImageWireTests.server(
            answer:
                #"{"model":"qwen3","created_at":"2026-11-29T00:00:00Z","message":{"role":"assistant","thinking":"Short waves scatter more.","content":"Rayleigh."},"done":true,"done_reason":"stop"}"#
        )
        defer { server.stop() }
        let provider = VendorProviders.ollama(server, model: "qwen3")
        #expect(try await Self.body(after: Self.deep, model: provider, server: server)["think"]?.boolValue == true)
        // The thinking comes back as the reasoning entry before the answer, through the provider's Foundation Models
        // 27 executor and through a session that uses the provider directly, streamed or not.
        for model in [Reasoning(base: provider) as any LanguageModel, provider] {
            for streaming in [false, true] {
                let session = LanguageModelSession(model: model)
                let prompt = Prompt("Why?")
                let options = ContextOptions(reasoningLevel: .light)
                let entries =
                    streaming
                    ? try await session.streamResponse(to: prompt, contextOptions: options).collect().transcriptEntries
                    : try await session.respond(to: prompt, contextOptions: options).transcriptEntries
                let reasoning = entries.compactMap { entry -> String? in
                    guard case .reasoning(let reasoning) = entry else { return nil }
                    return reasoning.segments.compactMap { if case .text(let text) = $0 { text.content } else { nil } }
                        .joined()
                }
                #expect(reasoning == ["Short waves scatter more."], "\(type(of: model)), streaming: \(streaming)")
                #expect(session.transcript.contains { if case .reasoning = $0 { true } else { false } })
            }
        }
        #expect(try await Self.body(after: Self.plain, model: provider, server: server)["think"] == nil)
    }

    @Test("each level's budget and effort name")
    func levels() {
        #expect(ContextOptions.ReasoningLevel.light.tokenBudget == 1024)
        #expect(ContextOptions.ReasoningLevel.moderate.effortName == "medium")
        #expect(ContextOptions.ReasoningLevel.custom("3000").tokenBudget == 3000)
        #expect(ContextOptions.ReasoningLevel.custom("10").tokenBudget == 1024)
        #expect(ContextOptions.ReasoningLevel.custom("minimal").effortName == "minimal")
    }
}

/// A genui provider seen through Foundation Models 27's protocol, declaring reasoning: its own executor's channel
/// events (reasoning among them) make the session's transcript.
private struct Reasoning<Base: RoutableModel>: LanguageModel {
    typealias Executor = ReasoningExecutor<Base>
    let base: Base
    var capabilities: LanguageModelCapabilities {
        LanguageModelCapabilities([.reasoning, .guidedGeneration, .toolCalling])
    }
    var executorConfiguration: ReasoningExecutor<Base>.Configuration { .init() }
}

private struct ReasoningExecutor<Base: RoutableModel>: LanguageModelExecutor {
    struct Configuration: Hashable, Sendable {}
    init(configuration: Configuration) {}

    func respond(
        to request: LanguageModelExecutorGenerationRequest, model: Reasoning<Base>,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        try await ExecutorPathExecutor<Base>(configuration: .init())
            .respond(to: request, model: ExecutorPath(base: model.base), streamingInto: channel)
    }
}
