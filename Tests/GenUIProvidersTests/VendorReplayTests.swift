import Foundation
import GenUIAnthropic
import GenUIGemini
import GenUIOpenAI
import GenUITestSupport
import GenUITesting
import Testing

@_spi(Reading) @testable import GenUI

/// Vendor answers of shapes the providers met in the wild, replayed byte for byte from a loopback server, with the
/// expected text, reasoning and errors written from the vendors' API references: a Messages stream with a server
/// tool (web search), a Messages refusal with its explanation, Gemini's documented finish reasons, and the
/// `reasoning` field OpenRouter-, Groq- and Cerebras-style servers send instead of `reasoning_content`.
@Suite("Recorded vendor answers, replayed", .tags(.unit))
struct VendorReplayTests {
    /// A server that answers every request with `body`: an event stream when it starts with `event:` or `data:`.
    static func replaying(_ body: String) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { _, connection in
            if body.hasPrefix("event:") || body.hasPrefix("data:") {
                connection.startStream(contentType: "text/event-stream")
                _ = connection.send(body)
                connection.endStream()
            } else {
                connection.respond(json: body)
            }
        }
    }

    static func reasoning(in session: LanguageModelSession) -> [String] {
        session.transcript.compactMap { entry in
            if case .reasoning(let reasoning) = entry { return Transcript.text(of: reasoning.segments) }
            return nil
        }
    }

    static func failure(_ ask: () async throws -> Void) async -> GenUIError? {
        do {
            try await ask()
            return nil
        } catch {
            return GenUIError(unwrapping: error)
        }
    }

    /// A Messages stream in which the model searched the web (Anthropic's web search tool): a `server_tool_use`
    /// block whose input arrives as `input_json_delta`, a `web_search_tool_result` block, and text around them.
    static let webSearchStream = """
        event: message_start
        data: {"type":"message_start","message":{"id":"msg_01W","type":"message","role":"assistant","model":"claude-test","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":2679,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":3}}}

        event: content_block_start
        data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}

        event: content_block_delta
        data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"I'll check the weather in Paris. "}}

        event: content_block_stop
        data: {"type":"content_block_stop","index":0}

        event: content_block_start
        data: {"type":"content_block_start","index":1,"content_block":{"type":"server_tool_use","id":"srvtoolu_014hJH82Qum7Td6UV8gDXThB","name":"web_search","input":{}}}

        event: content_block_delta
        data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":""}}

        event: content_block_delta
        data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\\"query"}}

        event: content_block_delta
        data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"\\": \\"weather Paris today\\"}"}}

        event: content_block_stop
        data: {"type":"content_block_stop","index":1}

        event: content_block_start
        data: {"type":"content_block_start","index":2,"content_block":{"type":"web_search_tool_result","tool_use_id":"srvtoolu_014hJH82Qum7Td6UV8gDXThB","content":[{"type":"web_search_result","title":"Paris weather","url":"https://weather.example/paris","encrypted_content":"EqgfCioIARgBIiQ3YTAwMjY1Mi1mZjM5","page_age":null}]}}

        event: content_block_stop
        data: {"type":"content_block_stop","index":2}

        event: content_block_start
        data: {"type":"content_block_start","index":3,"content_block":{"type":"text","text":""}}

        event: content_block_delta
        data: {"type":"content_block_delta","index":3,"delta":{"type":"text_delta","text":"It is sunny in Paris."}}

        event: content_block_stop
        data: {"type":"content_block_stop","index":3}

        event: message_delta
        data: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":510,"server_tool_use":{"web_search_requests":1}}}

        event: message_stop
        data: {"type":"message_stop"}


        """

    @Test("Anthropic: a server tool's input_json_delta is not answer text, streamed or whole")
    func anthropicServerTool() async throws {
        let server = try Self.replaying(Self.webSearchStream)
        defer { server.stop() }
        let session = LanguageModelSession(model: VendorProviders.anthropic(server))
        var snapshots: [String] = []
        for try await snapshot in session.streamResponse(to: "What is the weather in Paris?") {
            snapshots.append(snapshot.content)
        }
        #expect(snapshots.last == "I'll check the weather in Paris. It is sunny in Paris.")
        #expect(!snapshots.contains { $0.contains("query") })

        let whole = try Self.replaying(
            #"{"id":"msg_01W","type":"message","role":"assistant","model":"claude-test","content":[{"type":"text","text":"I'll check the weather in Paris. "},{"type":"server_tool_use","id":"srvtoolu_01","name":"web_search","input":{"query":"weather Paris today"}},{"type":"web_search_tool_result","tool_use_id":"srvtoolu_01","content":[{"type":"web_search_result","title":"Paris weather","url":"https://weather.example/paris","encrypted_content":"Eqgf","page_age":null}]},{"type":"text","text":"It is sunny in Paris."}],"stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":2679,"output_tokens":510,"server_tool_use":{"web_search_requests":1}}}"#
        )
        defer { whole.stop() }
        let answer = try await LanguageModelSession(model: VendorProviders.anthropic(whole)).respond(
            to: "What is the weather in Paris?")
        #expect(answer.content == "I'll check the weather in Paris. It is sunny in Paris.")
    }

    @Test("Anthropic: a refusal keeps the model's explanation, streamed or whole")
    func anthropicRefusal() async throws {
        let explanation = "I can't help with synthesizing that compound."
        let whole = try Self.replaying(
            #"{"id":"msg_01R","type":"message","role":"assistant","model":"claude-test","content":[{"type":"text","text":"\#(explanation)"}],"stop_reason":"refusal","stop_sequence":null,"usage":{"input_tokens":21,"output_tokens":12}}"#
        )
        defer { whole.stop() }
        let streamed = try Self.replaying(
            """
            event: message_start
            data: {"type":"message_start","message":{"id":"msg_01R","type":"message","role":"assistant","model":"claude-test","content":[],"stop_reason":null,"usage":{"input_tokens":21,"output_tokens":1}}}

            event: content_block_start
            data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}

            event: content_block_delta
            data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"\(explanation)"}}

            event: content_block_stop
            data: {"type":"content_block_stop","index":0}

            event: message_delta
            data: {"type":"message_delta","delta":{"stop_reason":"refusal","stop_sequence":null},"usage":{"output_tokens":12}}

            event: message_stop
            data: {"type":"message_stop"}


            """)
        defer { streamed.stop() }
        for server in [whole, streamed] {
            let session = LanguageModelSession(model: VendorProviders.anthropic(server))
            do {
                if server === streamed {
                    _ = try await session.streamResponse(to: "How do I make it?").collect()
                } else {
                    _ = try await session.respond(to: "How do I make it?")
                }
                Issue.record("expected a refusal")
            } catch let error as LanguageModelError {
                guard case .refusal(let refusal) = error else {
                    Issue.record("expected a refusal, got \(error)")
                    continue
                }
                #expect(try await refusal.explanation.content.contains(explanation))
            }
        }
    }

    static func geminiAnswer(finish: String, text: String?) -> String {
        let parts = text.map { #"[{"text":"\#($0)"}]"# } ?? "[]"
        return
            #"{"candidates":[{"content":{"role":"model","parts":\#(parts)},"finishReason":"\#(finish)","index":0}],"usageMetadata":{"promptTokenCount":8,"candidatesTokenCount":2,"totalTokenCount":10},"modelVersion":"gemini-test"}"#
    }

    @Test(
        "Gemini: every documented finish reason is an answer or the error it stands for",
        arguments: [
            ("STOP", "Hello.", nil), ("MAX_TOKENS", "Hel", nil), ("OTHER", "Hello.", nil),
            ("OTHER", nil, "serverError"), ("FINISH_REASON_UNSPECIFIED", nil, "serverError"),
            ("NO_IMAGE", nil, "serverError"), ("IMAGE_OTHER", nil, "serverError"),
            ("SAFETY", nil, "guardrailViolation"), ("RECITATION", "Hel", "guardrailViolation"),
            ("BLOCKLIST", nil, "guardrailViolation"), ("PROHIBITED_CONTENT", nil, "guardrailViolation"),
            ("SPII", nil, "guardrailViolation"), ("IMAGE_SAFETY", nil, "guardrailViolation"),
            ("IMAGE_PROHIBITED_CONTENT", nil, "guardrailViolation"),
            ("IMAGE_RECITATION", nil, "guardrailViolation"), ("MODEL_ARMOR", nil, "guardrailViolation"),
            ("LANGUAGE", nil, "unsupportedLanguageOrLocale"), ("MALFORMED_FUNCTION_CALL", nil, "invalidToolCall"),
            ("UNEXPECTED_TOOL_CALL", nil, "invalidToolCall"), ("TOO_MANY_TOOL_CALLS", nil, "invalidToolCall"),
            ("MALFORMED_RESPONSE", "Hel", "serverError"), ("MISSING_THOUGHT_SIGNATURE", nil, "serverError"),
        ] as [(String, String?, String?)])
    func geminiFinishReasons(finish: String, text: String?, error expected: String?) async throws {
        let server = try Self.replaying(Self.geminiAnswer(finish: finish, text: text))
        defer { server.stop() }
        let session = LanguageModelSession(model: VendorProviders.gemini(server))
        var answer: String?
        let error = await Self.failure {
            let response: LanguageModelSession.Response<String> = try await session.respond(to: "Say hello.")
            answer = response.content
        }
        #expect(error?.code == expected, "\(error.map { String(describing: $0) } ?? "")")
        if expected == nil { #expect(answer == text) }
    }

    @Test("Gemini: a candidate blocked with no content at all is a guardrail violation, not an empty answer")
    func geminiBlockedWithoutContent() async throws {
        let server = try Self.replaying(
            #"{"candidates":[{"finishReason":"MODEL_ARMOR","index":0}],"usageMetadata":{"promptTokenCount":8,"totalTokenCount":8},"modelVersion":"gemini-test"}"#
        )
        defer { server.stop() }
        let error = await Self.failure {
            _ = try await LanguageModelSession(model: VendorProviders.gemini(server)).respond(to: "Say hello.")
        }
        #expect(error?.code == "guardrailViolation")
    }

    @Test("OpenAI-compatible: `reasoning` beside the content is the turn's reasoning, streamed or whole")
    func openAIReasoningField() async throws {
        func chunk(_ delta: String, finish: String = "null") -> String {
            #"data: {"id":"gen-1","provider":"Groq","model":"qwen/qwen3-32b","object":"chat.completion.chunk","created":1764400000,"choices":[{"index":0,"delta":\#(delta),"finish_reason":\#(finish),"native_finish_reason":\#(finish),"logprobs":null}]}"#
                + "\n\n"
        }
        let stream =
            chunk(#"{"role":"assistant","content":"","reasoning":"The user asks"}"#)
            + chunk(#"{"role":"assistant","content":"","reasoning":" about the sky."}"#)
            + chunk(#"{"role":"assistant","content":"Rayleigh scattering.","reasoning":null}"#)
            + chunk(#"{"role":"assistant","content":"","reasoning_details":[{"type":"reasoning.text","text":"x"}]}"#)
            + chunk(#"{"role":"assistant","content":""}"#, finish: #""stop""#) + "data: [DONE]\n\n"
        let streamed = try Self.replaying(stream)
        defer { streamed.stop() }
        let session = LanguageModelSession(model: VendorProviders.openAI(streamed, model: "qwen/qwen3-32b"))
        #expect(
            try await session.streamResponse(to: "Why is the sky blue?").collect().content == "Rayleigh scattering.")
        #expect(Self.reasoning(in: session) == ["The user asks about the sky."])

        let whole = try Self.replaying(
            #"{"id":"gen-2","provider":"Cerebras","model":"qwen/qwen3-32b","object":"chat.completion","created":1764400000,"choices":[{"index":0,"message":{"role":"assistant","content":"Rayleigh scattering.","refusal":null,"reasoning":"Short waves scatter more."},"finish_reason":"stop","native_finish_reason":"stop","logprobs":null}],"usage":{"prompt_tokens":12,"completion_tokens":9,"total_tokens":21}}"#
        )
        defer { whole.stop() }
        let wholeSession = LanguageModelSession(model: VendorProviders.openAI(whole, model: "qwen/qwen3-32b"))
        #expect(try await wholeSession.respond(to: "Why is the sky blue?").content == "Rayleigh scattering.")
        #expect(Self.reasoning(in: wholeSession) == ["Short waves scatter more."])
    }
}
