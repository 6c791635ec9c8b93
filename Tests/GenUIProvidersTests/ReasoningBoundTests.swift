import Foundation
import GenUI
import GenUIAnthropic
import GenUIGemini
import GenUIHTTP
import GenUIOpenAI
import GenUITestSupport
import GenUITesting
import Testing

/// Reasoning a server streams (OpenAI-compatible `reasoning_content`, Anthropic `thinking_delta`, Gemini thought parts
/// and thought signatures) is charged to its own bound, `ResponseLimits.maximumReasoningBytes`: four times the bound
/// of it ends in `responseTooLarge` naming the reasoning, on genui's own path and through the Foundation Models 27
/// entry.
@Suite("Reasoning is bounded", .tags(.unit))
struct ReasoningBoundTests {
    /// 64 KiB of reasoning per event.
    static let piece = String(repeating: "r", count: 64 << 10)

    /// A server that streams `prefix`, then `event(n)` for n = 0 ..< `count` (16 MiB of reasoning: four times the
    /// bound), then `suffix`, a proper end: a client without the bound accepts the answer, and the test fails. (A
    /// server that never ends would test FoundationNetworking's draining of a cancelled transfer instead.)
    static func server(
        prefix: String = "", count: Int = 256, suffix: String, _ event: @escaping @Sendable (Int) -> String
    ) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { _, connection in
            connection.startStream(contentType: "text/event-stream")
            guard prefix.isEmpty || connection.send(prefix) else { return }
            for index in 0..<count {
                guard connection.send(event(index)) else { return }
            }
            _ = connection.send(suffix)
            connection.endStream()
        }
    }

    static let geminiEnd =
        #"data: {"candidates":[{"content":{"parts":[{"text":"ok"}],"role":"model"},"finishReason":"STOP","index":0}]}"#
        + "\n\n"

    static let weather = GenerationRequest.ToolDefinition(
        name: "get_weather", description: "The current weather in a city.",
        parameters: GenerationSchema(
            node: .object(
                .init(
                    name: "Weather", description: nil,
                    properties: [
                        .init(name: "city", description: nil, node: .string(.init()), isOptional: false)
                    ])),
            name: "Weather"))

    /// Checks that `model` ends `request` with the reasoning bound, streamed on genui's path and through the
    /// Foundation Models 27 entry (its executor into a channel).
    static func expectReasoningBound<Model: RoutableModel>(_ model: Model, _ request: GenerationRequest) async {
        let limit = ResponseLimits.standard.maximumReasoningBytes
        func check(_ error: any Error, _ path: String) {
            guard let error = error as? GenUIError, case .responseTooLarge(let refused, let context) = error else {
                Issue.record("\(model.name) \(path): expected responseTooLarge, got \(error)")
                return
            }
            #expect(refused == limit, "\(model.name) \(path)")
            #expect(
                context.debugDescription.contains("the model's reasoning passed the limit of 4 MiB"),
                "\(model.name) \(path): \(context.debugDescription)")
        }
        do {
            for try await _ in model.streamResponse(to: request) {}
            Issue.record("\(model.name): 16 MiB of reasoning was accepted on genui's path")
        } catch {
            check(error, "streamed")
        }
        do {
            _ = try await ExecutorModel(ExecutorPath(base: model)).respond(to: request)
            Issue.record("\(model.name): 16 MiB of reasoning was accepted through the FM 27 entry")
        } catch {
            check(error, "FM 27 entry")
        }
    }

    @Test("16 MiB of reasoning_content from an OpenAI-compatible server ends at the reasoning bound")
    func openAIReasoningContent() async throws {
        let end = #"data: {"choices":[{"delta":{"content":"ok"},"finish_reason":"stop"}]}"# + "\n\ndata: [DONE]\n\n"
        let server = try Self.server(suffix: end) { _ in
            #"data: {"choices":[{"delta":{"reasoning_content":"\#(Self.piece)"}}]}"# + "\n\n"
        }
        defer { server.stop() }
        let model = OpenAILanguageModel(
            configuration: .init(
                baseURL: server.baseURL.appendingPathComponent("v1"), model: "m", apiKeyEnvironmentVariable: nil))
        await Self.expectReasoningBound(model, GenerationRequest(prompt: "Think"))
    }

    @Test("16 MiB of thinking_delta from Anthropic ends at the reasoning bound")
    func anthropicThinkingDelta() async throws {
        let start =
            "event: message_start\n"
            + #"data: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"usage":{"input_tokens":1,"output_tokens":0}}}"#
            + "\n\nevent: content_block_start\n"
            + #"data: {"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}}"#
            + "\n\n"
        let end =
            "event: content_block_stop\n" + #"data: {"type":"content_block_stop","index":0}"# + "\n\n"
            + "event: message_delta\n"
            + #"data: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":1}}"#
            + "\n\nevent: message_stop\n" + #"data: {"type":"message_stop"}"# + "\n\n"
        let server = try Self.server(prefix: start, suffix: end) { _ in
            "event: content_block_delta\n"
                + #"data: {"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"\#(Self.piece)"}}"#
                + "\n\n"
        }
        defer { server.stop() }
        let model = AnthropicLanguageModel(
            configuration: .init(baseURL: server.baseURL, model: "m", apiKeyEnvironmentVariable: nil))
        await Self.expectReasoningBound(model, GenerationRequest(prompt: "Think"))
    }

    @Test("16 MiB of Gemini thought parts ends at the reasoning bound")
    func geminiThoughts() async throws {
        let server = try Self.server(suffix: Self.geminiEnd) { _ in
            #"data: {"candidates":[{"content":{"parts":[{"text":"\#(Self.piece)","thought":true}],"role":"model"},"index":0}]}"#
                + "\n\n"
        }
        defer { server.stop() }
        let model = GeminiLanguageModel(
            configuration: .init(
                baseURL: server.baseURL.appendingPathComponent("v1beta"), model: "m", apiKeyEnvironmentVariable: nil))
        await Self.expectReasoningBound(model, GenerationRequest(prompt: "Think"))
    }

    @Test(
        "Gemini calls carrying 512 KiB thought signatures each end at the reasoning bound, far below the 128-call bound"
    )
    func geminiThoughtSignatures() async throws {
        let signature = String(repeating: "S", count: 512 << 10)
        // 32 calls of 512 KiB signatures: 16 MiB, a quarter of the 128 calls a response may ask for.
        let server = try Self.server(count: 32, suffix: Self.geminiEnd) { index in
            #"data: {"candidates":[{"content":{"parts":[{"functionCall":{"id":"call-\#(index)","name":"get_weather","args":{"city":"Lisbon"}},"thoughtSignature":"\#(signature)"}],"role":"model"},"index":0}]}"#
                + "\n\n"
        }
        defer { server.stop() }
        let model = GeminiLanguageModel(
            configuration: .init(
                baseURL: server.baseURL.appendingPathComponent("v1beta"), model: "m", apiKeyEnvironmentVariable: nil))
        let request = GenerationRequest(
            messages: [.init(role: .user, content: "Weather in Lisbon?")], tools: [Self.weather])
        await Self.expectReasoningBound(model, request)
    }
}
