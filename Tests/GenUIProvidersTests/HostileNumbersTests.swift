import Foundation
import GenUIAnthropic
import GenUIGemini
import GenUIHTTP
import GenUIOllama
import GenUIOpenAI
import GenUITestSupport
import GenUITesting
import Testing

@testable import GenUI

/// Numbers a server sends that are valid integers but add up past what an integer holds: every count read from a
/// wire is clamped to a documented ceiling and every sum saturates, so no answer can trap the app that reads it
/// (docs/security.md, "Numbers from outside").
@Suite("Hostile numbers", .tags(.unit))
struct HostileNumbersTests {
    /// 9 × 10¹⁸: a valid Int64, and two of them overflow one.
    static let hostileCount = "9000000000000000000"

    /// One loopback server that answers every provider's chat request with `hostileCount` prompt and completion
    /// tokens (and a total no integer holds).
    static func hostileServer() throws -> LoopbackHTTPServer {
        let count = hostileCount
        return try LoopbackHTTPServer { request, connection in
            let path = request.path
            let streamed = String(decoding: request.body, as: UTF8.self).contains(#""stream":true"#)
            if path.hasSuffix("/chat/completions") {
                let usage =
                    #""usage":{"prompt_tokens":\#(count),"completion_tokens":\#(count),"total_tokens":18000000000000000000}"#
                if streamed {
                    connection.startStream(contentType: "text/event-stream")
                    _ = connection.send(#"data: {"choices":[{"delta":{"content":"Hi"}}]}"# + "\n\n")
                    _ = connection.send(#"data: {"choices":[{"delta":{},"finish_reason":"stop"}],\#(usage)}"# + "\n\n")
                    _ = connection.send("data: [DONE]\n\n")
                    connection.endStream()
                } else {
                    connection.respond(
                        json:
                            #"{"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"Hi"},"finish_reason":"stop"}],\#(usage)}"#
                    )
                }
            } else if path.hasSuffix("/messages") {
                connection.respond(
                    json:
                        #"{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[{"type":"text","text":"Hi"}],"stop_reason":"end_turn","usage":{"input_tokens":\#(count),"output_tokens":\#(count)}}"#
                )
            } else if path.contains(":generateContent") {
                connection.respond(
                    json:
                        #"{"candidates":[{"content":{"parts":[{"text":"Hi"}],"role":"model"},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":\#(count),"candidatesTokenCount":\#(count),"totalTokenCount":18000000000000000000},"modelVersion":"m"}"#
                )
            } else if path == "/api/chat" {
                connection.startStream(contentType: "application/x-ndjson")
                _ = connection.send(
                    #"{"model":"m","message":{"role":"assistant","content":"Hi"},"done":true,"done_reason":"stop","prompt_eval_count":\#(count),"eval_count":\#(count),"total_duration":\#(count),"eval_duration":1}"#
                        + "\n")
                connection.endStream()
            } else if path == "/api/show" {
                connection.respond(json: #"{"capabilities":["completion"],"model_info":{}}"#)
            } else {
                connection.respond(status: 404, json: #"{"error":"not found"}"#)
            }
        }
    }

    static func models(_ server: LoopbackHTTPServer) -> [any RoutableModel] {
        [
            OpenAILanguageModel(
                configuration: .init(
                    baseURL: server.baseURL.appendingPathComponent("v1"), model: "m", apiKeyEnvironmentVariable: nil)),
            AnthropicLanguageModel(
                configuration: .init(baseURL: server.baseURL, model: "m", apiKeyEnvironmentVariable: nil)),
            GeminiLanguageModel(
                configuration: .init(
                    baseURL: server.baseURL.appendingPathComponent("v1beta"), model: "m", apiKeyEnvironmentVariable: nil
                )),
            OllamaLanguageModel(configuration: .init(host: "127.0.0.1:\(server.port)", model: "m")),
        ]
    }

    @Test(
        "9e18 prompt and completion tokens through two answers, in every provider: no trap; each count clamped to the ceiling and the session's totals are their sums"
    )
    func hugeTokenCountsThroughTwoAnswers() async throws {
        let server = try Self.hostileServer()
        defer { server.stop() }
        let ceiling = TokenUsage.maximumTokenCount
        for model in Self.models(server) {
            let session = LanguageModelSession(model: model)
            let first = try await session.respond(to: "Hi")
            // The first answer alone: its total is read before any sum of answers.
            #expect(first.usage.input.totalTokenCount == ceiling, "\(model.name)")
            #expect(first.usage.output.totalTokenCount == ceiling, "\(model.name)")
            #expect(first.usage.totalTokenCount == 2 * ceiling, "\(model.name)")
            #expect(first.metadata.usage.promptTokens == ceiling, "\(model.name)")
            let second = try await session.respond(to: "Hi again")
            #expect(second.usage.totalTokenCount == 2 * ceiling, "\(model.name)")
            // The running total over both answers.
            #expect(session.usage.input.totalTokenCount == 2 * ceiling, "\(model.name)")
            #expect(session.usage.output.totalTokenCount == 2 * ceiling, "\(model.name)")
            #expect(session.usage.totalTokenCount == 4 * ceiling, "\(model.name)")
        }
    }

    @Test("the same counts streamed (OpenAI's usage in the last chunk) end the same way")
    func hugeTokenCountsStreamed() async throws {
        let server = try Self.hostileServer()
        defer { server.stop() }
        let model = OpenAILanguageModel(
            configuration: .init(
                baseURL: server.baseURL.appendingPathComponent("v1"), model: "m", apiKeyEnvironmentVariable: nil))
        let session = LanguageModelSession(model: model)
        for _ in 0..<2 {
            let stream = session.streamResponse(to: "Hi")
            for try await _ in stream {}
            let response = try await stream.collect()
            #expect(response.usage.totalTokenCount == 2 * TokenUsage.maximumTokenCount)
        }
        #expect(session.usage.totalTokenCount == 4 * TokenUsage.maximumTokenCount)
    }

    @Test("counts an app's own executor reports are not bounded: their sums saturate at Int.max instead of trapping")
    func unboundedCountsSaturate() {
        let huge = LanguageModelSession.Usage(
            input: .init(totalTokenCount: .max, cachedTokenCount: .max),
            output: .init(totalTokenCount: .max, reasoningTokenCount: .max))
        #expect(huge.totalTokenCount == .max)
        let sum = huge + huge
        #expect(sum.input.totalTokenCount == .max)
        #expect(sum.input.cachedTokenCount == .max)
        #expect(sum.output.totalTokenCount == .max)
        #expect(sum.output.reasoningTokenCount == .max)
        // Counts read from a wire are clamped on every way in: the initialiser, a later assignment, and decoding.
        var usage = TokenUsage(promptTokens: .max, completionTokens: -5)
        #expect(usage.promptTokens == TokenUsage.maximumTokenCount)
        #expect(usage.completionTokens == 0)
        usage.completionTokens = .max
        #expect(usage.completionTokens == TokenUsage.maximumTokenCount)
        let decoded = try? JSONDecoder().decode(
            TokenUsage.self, from: Data(#"{"promptTokens":9000000000000000000,"completionTokens":-1}"#.utf8))
        #expect(decoded == TokenUsage(promptTokens: TokenUsage.maximumTokenCount, completionTokens: 0))
        #expect(Int.max.addingSaturated(1) == .max)
        #expect(Int.min.addingSaturated(-1) == .min)
        #expect(Int64.max.multipliedSaturated(by: 2) == .max)
        #expect(Int64.max.multipliedSaturated(by: -2) == .min)
    }
}
