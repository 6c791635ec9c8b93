import Foundation
@_spi(Reading) import GenUI
import GenUIAnthropic
import GenUIGemini
import GenUIOpenAI
import GenUITestSupport
import GenUITesting
import Testing

/// Cached input tokens and reasoning output tokens, read from the fields each vendor's API reference documents, reach
/// a response's and a session's usage the way Foundation Models 27 reports them (`input.cachedTokenCount`,
/// `output.reasoningTokenCount`), on the direct path and through a provider's own executor.
@Suite("Cached and reasoning tokens in usage, from each provider", .tags(.unit))
struct UsageDetailsWireTests {
    @Test("OpenAI-compatible: prompt_tokens_details.cached_tokens and completion_tokens_details.reasoning_tokens")
    func openAI() async throws {
        // OpenAI counts cached tokens within prompt_tokens and reasoning tokens within completion_tokens. A streamed
        // answer (the executor's path) reports usage in a last chunk without choices (stream_options.include_usage).
        let usage =
            #"{"prompt_tokens":100,"completion_tokens":50,"total_tokens":150,"prompt_tokens_details":{"cached_tokens":64},"completion_tokens_details":{"reasoning_tokens":30}}"#
        let server = try LoopbackHTTPServer { request, connection in
            guard request.json?["stream"]?.boolValue == true else {
                connection.respond(
                    json:
                        #"{"id":"c1","object":"chat.completion","model":"o-test","choices":[{"index":0,"message":{"role":"assistant","content":"Rayleigh."},"finish_reason":"stop"}],"usage":\#(usage)}"#
                )
                return
            }
            connection.startStream(contentType: "text/event-stream")
            connection.send(
                #"data: {"id":"c1","object":"chat.completion.chunk","model":"o-test","choices":[{"index":0,"delta":{"role":"assistant","content":"Rayleigh."},"finish_reason":"stop"}]}"#
                    + "\n\n")
            connection.send(
                #"data: {"id":"c1","object":"chat.completion.chunk","model":"o-test","choices":[],"usage":\#(usage)}"#
                    + "\n\n")
            connection.send("data: [DONE]\n\n")
            connection.endStream()
        }
        defer { server.stop() }
        for model in [
            VendorProviders.openAI(server, model: "o-test") as any LanguageModel,
            ExecutorModel(ExecutorPath(base: VendorProviders.openAI(server, model: "o-test"))),
        ] {
            let session = LanguageModelSession(model: model)
            let usage = try await session.respond(to: "Why is the sky blue?").usage
            #expect(usage.input.totalTokenCount == 100)
            #expect(usage.input.cachedTokenCount == 64)
            #expect(usage.output.totalTokenCount == 50)
            #expect(usage.output.reasoningTokenCount == 30)
            try await session.respond(to: "And at sunset?")
            #expect(session.usage.input.cachedTokenCount == 128)
            #expect(session.usage.output.reasoningTokenCount == 60)
        }
    }

    @Test("Anthropic: the cache's reads and writes are added to input_tokens, and the reads are the cached tokens")
    func anthropic() async throws {
        let server = try ImageWireTests.server(
            answer:
                #"{"id":"msg_1","type":"message","role":"assistant","model":"claude-test","content":[{"type":"text","text":"Rayleigh."}],"stop_reason":"end_turn","usage":{"input_tokens":10,"cache_read_input_tokens":80,"cache_creation_input_tokens":5,"output_tokens":20}}"#
        )
        defer { server.stop() }
        let provider = VendorProviders.anthropic(server)
        let usage = try await LanguageModelSession(model: provider).respond(to: "Why is the sky blue?").usage
        #expect(usage.input.totalTokenCount == 95)
        #expect(usage.input.cachedTokenCount == 80)
        #expect(usage.output.totalTokenCount == 20)
    }

    @Test("Gemini: cachedContentTokenCount, and thoughtsTokenCount both as reasoning and within the output")
    func gemini() async throws {
        let server = try ImageWireTests.server(
            answer:
                #"{"candidates":[{"content":{"role":"model","parts":[{"text":"Rayleigh."}]},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":100,"candidatesTokenCount":20,"cachedContentTokenCount":60,"thoughtsTokenCount":15,"totalTokenCount":135}}"#
        )
        defer { server.stop() }
        let provider = VendorProviders.gemini(server)
        let usage = try await LanguageModelSession(model: provider).respond(to: "Why is the sky blue?").usage
        #expect(usage.input.totalTokenCount == 100)
        #expect(usage.input.cachedTokenCount == 60)
        #expect(usage.output.totalTokenCount == 35)
        #expect(usage.output.reasoningTokenCount == 15)
    }

    @Test("counts past the ceiling are clamped, in the new fields as in the old")
    func clamped() {
        let usage = TokenUsage(cachedPromptTokens: -5, reasoningTokens: Int.max)
        #expect(usage.cachedPromptTokens == 0)
        #expect(usage.reasoningTokens == TokenUsage.maximumTokenCount)
    }
}
