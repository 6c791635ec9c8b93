import Foundation
import GenUIAnthropic
import GenUIHTTP
import GenUITestSupport
import GenUITesting
import Synchronization
import Testing

@_spi(Reading) @testable import GenUI

/// A Messages API server with extended thinking, as the API documents it: every answer starts with a signed `thinking`
/// block (a tool-calling turn also with a `redacted_thinking` block), and a request is refused (400
/// `invalid_request_error`) when a thinking block it sends back was not issued by this server with that text and
/// signature, or when thinking is enabled and the assistant turn whose tool calls are being answered does not start
/// with its thinking. A prompt is answered with a `get_weather` call; tool results with a sentence.
private final class SigningServer: Sendable {
    struct Issued: Sendable {
        var signatures: [String: String] = [:]
        var redacted: Set<String> = []
        var refusals: [String] = []
    }

    let issued = Mutex(Issued())

    /// Serves this fake on a loopback port.
    func start() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request, connection in
            guard request.path == "/v1/messages", let body = request.json else {
                connection.respond(status: 404, json: #"{"type":"error","error":{"type":"not_found_error"}}"#)
                return
            }
            if let problem = self.problem(in: body) {
                self.issued.withLock { $0.refusals.append(problem) }
                let message = problem.replacingOccurrences(of: "\"", with: "'")
                connection.respond(
                    status: 400,
                    json: #"{"type":"error","error":{"type":"invalid_request_error","message":"\#(message)"}}"#)
                return
            }
            self.answer(body, streaming: body["stream"]?.boolValue == true, on: connection)
        }
    }

    /// What the API would refuse in `body`, or `nil`.
    func problem(in body: GeneratedContent) -> String? {
        guard body["thinking"]?["type"]?.stringValue == "enabled" else { return "thinking: must be enabled" }
        let messages = body["messages"]?.elements ?? []
        let issued = self.issued.withLock { $0 }
        for (index, message) in messages.enumerated() {
            for (position, block) in (message["content"]?.elements ?? []).enumerated() {
                let path = "messages.\(index).content.\(position)"
                switch block["type"]?.stringValue {
                case "thinking":
                    guard let signature = block["signature"]?.stringValue, !signature.isEmpty else {
                        return "\(path).thinking.signature: Field required"
                    }
                    guard issued.signatures[signature] == block["thinking"]?.stringValue else {
                        return "\(path): Invalid `signature` in `thinking` block"
                    }
                case "redacted_thinking":
                    guard let data = block["data"]?.stringValue, issued.redacted.contains(data) else {
                        return "\(path): Invalid `data` in `redacted_thinking` block"
                    }
                default: break
                }
            }
        }
        // The assistant turn whose tool calls the last message answers must start with its thinking.
        if messages.count >= 2, Self.types(of: messages[messages.count - 1]).first == "tool_result" {
            let turn = messages[messages.count - 2]
            let first = Self.types(of: turn).first
            guard first == "thinking" || first == "redacted_thinking" else {
                return
                    "messages.\(messages.count - 2).content.0.type: Expected `thinking` or `redacted_thinking`, but found `\(first ?? "text")`. When `thinking` is enabled, a final `assistant` message must start with a thinking block."
            }
        }
        return nil
    }

    static func types(of message: GeneratedContent) -> [String] {
        (message["content"]?.elements ?? []).compactMap { $0["type"]?.stringValue }
    }

    /// Signs `text` with a signature no other block has.
    func sign(_ text: String) -> String {
        let signature = "EqSig" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        issued.withLock { $0.signatures[signature] = text }
        return signature
    }

    func answer(_ body: GeneratedContent, streaming: Bool, on connection: LoopbackConnection) {
        let last = body["messages"]?.elements?.last
        let answersTools = last.map(Self.types(of:))?.first == "tool_result"
        let thought = answersTools ? "The tool says sunny." : "I should look up the weather."
        var blocks: [String] = [
            #"{"type":"thinking","thinking":"\#(thought)","signature":"\#(sign(thought))"}"#
        ]
        if answersTools {
            blocks.append(#"{"type":"text","text":"Sunny in Rome."}"#)
        } else {
            let data = "ErRedacted" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
            issued.withLock { _ = $0.redacted.insert(data) }
            blocks.append(#"{"type":"redacted_thinking","data":"\#(data)"}"#)
            blocks.append(
                #"{"type":"tool_use","id":"toolu_\#(UUID().uuidString.prefix(8))","name":"get_weather","input":{"city":"Rome"}}"#
            )
        }
        let stop = answersTools ? "end_turn" : "tool_use"
        guard streaming else {
            connection.respond(
                json:
                    #"{"id":"msg_1","type":"message","role":"assistant","model":"claude-test","content":[\#(blocks.joined(separator: ","))],"stop_reason":"\#(stop)","usage":{"input_tokens":20,"output_tokens":30}}"#
            )
            return
        }
        connection.startStream(contentType: "text/event-stream")
        func event(_ type: String, _ data: String) { _ = connection.send("event: \(type)\ndata: \(data)\n\n") }
        event(
            "message_start",
            #"{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-test","content":[],"usage":{"input_tokens":20,"output_tokens":1}}}"#
        )
        for (index, text) in blocks.enumerated() {
            guard let block = try? GeneratedContent(json: text), let type = block["type"]?.stringValue else { continue }
            switch type {
            case "thinking":
                let thinking = block["thinking"]?.stringValue ?? ""
                let signature = block["signature"]?.stringValue ?? ""
                let half = thinking.index(thinking.startIndex, offsetBy: thinking.count / 2)
                event(
                    "content_block_start",
                    #"{"type":"content_block_start","index":\#(index),"content_block":{"type":"thinking","thinking":"","signature":""}}"#
                )
                for piece in [thinking[..<half], thinking[half...]] {
                    event(
                        "content_block_delta",
                        #"{"type":"content_block_delta","index":\#(index),"delta":{"type":"thinking_delta","thinking":"\#(piece)"}}"#
                    )
                }
                event(
                    "content_block_delta",
                    #"{"type":"content_block_delta","index":\#(index),"delta":{"type":"signature_delta","signature":"\#(signature)"}}"#
                )
            case "tool_use":
                let id = block["id"]?.stringValue ?? ""
                event(
                    "content_block_start",
                    #"{"type":"content_block_start","index":\#(index),"content_block":{"type":"tool_use","id":"\#(id)","name":"get_weather","input":{}}}"#
                )
                event(
                    "content_block_delta",
                    #"{"type":"content_block_delta","index":\#(index),"delta":{"type":"input_json_delta","partial_json":"{\"city\": \"Rome\"}"}}"#
                )
            case "text":
                event(
                    "content_block_start",
                    #"{"type":"content_block_start","index":\#(index),"content_block":{"type":"text","text":""}}"#)
                event(
                    "content_block_delta",
                    #"{"type":"content_block_delta","index":\#(index),"delta":{"type":"text_delta","text":"Sunny in Rome."}}"#
                )
            default:
                event(
                    "content_block_start", #"{"type":"content_block_start","index":\#(index),"content_block":\#(text)}"#
                )
            }
            event("content_block_stop", #"{"type":"content_block_stop","index":\#(index)}"#)
        }
        event(
            "message_delta",
            #"{"type":"message_delta","delta":{"stop_reason":"\#(stop)"},"usage":{"output_tokens":30}}"#)
        event("message_stop", #"{"type":"message_stop"}"#)
        connection.endStream()
    }
}

/// Anthropic's extended thinking comes back signed: a session keeps each thinking block's signature (and a redacted
/// block's data) in its transcript, and sends them back unchanged in the assistant turn they came with — across a
/// round of tool calls, and on the next prompt — to a server that refuses thinking that lost its signature.
@Suite("Anthropic's signed thinking, sent back", .tags(.integration))
struct AnthropicSignedThinkingTests {
    static func provider(_ server: LoopbackHTTPServer) -> AnthropicLanguageModel {
        let key = TestKey("sk-ant-\(UUID().uuidString)")
        return AnthropicLanguageModel(
            configuration: AnthropicConfiguration(
                baseURL: server.baseURL, model: "claude-test", apiKeyEnvironmentVariable: key.variable,
                requestTimeout: .seconds(20)),
            environment: key.environment)
    }

    static func ask(_ session: LanguageModelSession, _ prompt: String, streaming: Bool) async throws -> String {
        let options = ContextOptions(reasoningLevel: .light)
        if streaming {
            return try await session.streamResponse(to: Prompt(prompt), contextOptions: options).collect().content
        }
        return try await session.respond(to: Prompt(prompt), contextOptions: options).content
    }

    @Test(
        "a two-turn conversation with a tool call between sends every thinking block back signed",
        arguments: [false, true])
    func roundTrip(streaming: Bool) async throws {
        let fake = SigningServer()
        let server = try fake.start()
        defer { server.stop() }
        let tool = RecordingWeatherTool()
        let session = LanguageModelSession(model: Self.provider(server), tools: [tool])

        #expect(try await Self.ask(session, "What is the weather in Rome?", streaming: streaming) == "Sunny in Rome.")
        #expect(try await Self.ask(session, "And tomorrow?", streaming: streaming) == "Sunny in Rome.")

        #expect(fake.issued.withLock { $0.refusals } == [])
        #expect(tool.calls.withLock { $0 } == ["Rome", "Rome"])
        let posts = server.requests.filter { $0.path == "/v1/messages" }
        #expect(posts.count == 4)
        // The last request carries the whole conversation: both turns' thinking, signed, before what it led to.
        let messages = try #require(posts.last?.json?["messages"]?.elements)
        #expect(
            messages.map(SigningServer.types(of:)) == [
                [], ["thinking", "redacted_thinking", "tool_use"], ["tool_result"], ["thinking", "text"],
                [], ["thinking", "redacted_thinking", "tool_use"], ["tool_result"],
            ])
        // The transcript keeps every signature as the server issued it.
        let issued = fake.issued.withLock { $0 }
        let reasoning = session.transcript.compactMap { entry -> Transcript.Reasoning? in
            if case .reasoning(let reasoning) = entry { return reasoning }
            return nil
        }
        #expect(reasoning.count == 6)
        for entry in reasoning {
            let signature = String(decoding: try #require(entry.signature), as: UTF8.self)
            if entry.isRedacted {
                #expect(issued.redacted.contains(signature))
                #expect(entry.segments.isEmpty)
            } else {
                #expect(issued.signatures[signature] == Transcript.text(of: entry.segments))
            }
        }
    }

    @Test("the server refuses thinking whose signature was lost or forged, and a tool round that drops it")
    func serverChecks() throws {
        let fake = SigningServer()
        let signature = fake.sign("Look it up.")
        func body(_ turn: String) throws -> GeneratedContent {
            try GeneratedContent(
                json:
                    #"{"thinking":{"type":"enabled","budget_tokens":1024},"messages":[{"role":"user","content":"Weather?"},{"role":"assistant","content":[\#(turn)]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"sunny"}]}]}"#
            )
        }
        let call = #"{"type":"tool_use","id":"toolu_1","name":"get_weather","input":{"city":"Rome"}}"#
        #expect(
            fake.problem(
                in: try body(#"{"type":"thinking","thinking":"Look it up.","signature":"\#(signature)"},\#(call)"#))
                == nil)
        #expect(fake.problem(in: try body(#"{"type":"thinking","thinking":"Look it up."},\#(call)"#)) != nil)
        #expect(
            fake.problem(in: try body(#"{"type":"thinking","thinking":"Look it up.","signature":"forged"},\#(call)"#))
                != nil)
        #expect(
            fake.problem(
                in: try body(#"{"type":"thinking","thinking":"Edited.","signature":"\#(signature)"},\#(call)"#)) != nil)
        #expect(fake.problem(in: try body(call))?.contains("must start with a thinking block") == true)
    }
}
