import Foundation
import GenUI
import GenUIAnthropic
import GenUIHTTP
import GenUITesting
import Testing

@Suite("Anthropic provider against llama-server's /v1/messages", .enabled(if: LlamaTestEnvironment.runnable))
struct AnthropicProviderLlamaTests {
    private func provider(_ server: LlamaServerFixture, key: TestKey? = nil) -> AnthropicProvider {
        AnthropicProvider(
            configuration: AnthropicConfiguration(
                name: "claude-local", baseURL: server.baseURL, model: "smollm2", apiKeyEnvironmentVariable: key?.variable,
                requestTimeout: .seconds(60)),
            environment: key?.environment ?? .process)
    }

    @Test("plain generation returns the message text with usage")
    func plain() async throws {
        try await LlamaServerFixture.with { server in
            let model = provider(server)
            #expect(await model.availability == .available)
            let response = try await model.respond(to: GenerationRequest(
                prompt: "Say hello.", instructions: "You are terse.", options: .init(sampling: .greedy, maximumResponseTokens: 16)))
            #expect(!response.text.isEmpty)
            #expect(response.metadata.provider == "claude-local")
            #expect((response.metadata.usage.completionTokens ?? 0) > 0)
            #expect(response.metadata.finishReason != nil)
        }
    }

    @Test("streaming yields text deltas up to message_stop, matching the completed text")
    func streaming() async throws {
        try await LlamaServerFixture.with { server in
            var deltas: [String] = []
            var completed: GenerationResponse?
            let request = GenerationRequest(prompt: "Count to five.", options: .init(sampling: .greedy, maximumResponseTokens: 24))
            for try await event in provider(server).streamResponse(to: request) {
                if case .delta(let text) = event { deltas.append(text) }
                if case .completed(let response) = event { completed = response }
            }
            let response = try #require(completed)
            #expect(deltas.count > 1)
            #expect(deltas.joined() == response.text)
        }
    }

    @Test("with --api-key, a wrong x-api-key is unauthorized and never shown")
    func unauthorized() async throws {
        try await LlamaServerFixture.with(apiKey: "right-key-\(UUID().uuidString)") { server in
            let wrong = "sk-ant-wrong-\(UUID().uuidString)"
            let model = provider(server, key: TestKey(wrong))
            #expect(await model.availability == .unavailable(.unauthorized))
            do {
                _ = try await model.respond(to: GenerationRequest(prompt: "Hi", options: .init(maximumResponseTokens: 4)))
                Issue.record("expected unauthorized")
            } catch let error as LanguageModelError {
                #expect(error.code == "unauthorized")
                #expect(!"\(error)".contains(wrong))
            }
        }
    }
}

/// Answers like the Messages API: a guided answer through output_config, a tool_use block when a tool is forced.
private func anthropicFake(rejectOutputConfig: Bool = false, answer: String = #"{"answer":"yes"}"#) throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer { request, connection in
        guard request.path == "/v1/messages", let body = request.json else {
            connection.respond(status: 404, json: #"{"type":"error","error":{"type":"not_found_error","message":"Not found"}}"#)
            return
        }
        if rejectOutputConfig && body["output_config"] != nil {
            connection.respond(status: 400, json: #"{"type":"error","error":{"type":"invalid_request_error","message":"output_config: Extra inputs are not permitted"},"request_id":"req_1"}"#)
            return
        }
        let usage = #""usage":{"input_tokens":12,"output_tokens":5}"#
        if body["stream"]?.boolValue == true {
            connection.startStream(contentType: "text/event-stream")
            connection.send("event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude-test\",\"content\":[],\"stop_reason\":null,\"usage\":{\"input_tokens\":12,\"output_tokens\":1}}}\n\n")
            connection.send("event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n")
            connection.send("event: ping\ndata: {\"type\": \"ping\"}\n\n")
            let half = answer.index(answer.startIndex, offsetBy: answer.count / 2)
            for piece in [String(answer[..<half]), String(answer[half...])] {
                let escaped = piece.replacingOccurrences(of: "\"", with: "\\\"")
                connection.send("event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"\(escaped)\"}}\n\n")
            }
            connection.send("event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n")
            connection.send("event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":5}}\n\n")
            connection.send("event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n")
            connection.endStream()
        } else if let tool = body["tool_choice"]?["name"]?.stringValue {
            connection.respond(status: 200, json: #"{"id":"msg_2","type":"message","role":"assistant","model":"claude-test","content":[{"type":"tool_use","id":"toolu_1","name":"\#(tool)","input":\#(answer)}],"stop_reason":"tool_use","stop_sequence":null,\#(usage)}"#)
        } else {
            let escaped = answer.replacingOccurrences(of: "\"", with: "\\\"")
            connection.respond(status: 200, json: #"{"id":"msg_3","type":"message","role":"assistant","model":"claude-test","content":[{"type":"text","text":"\#(escaped)"}],"stop_reason":"end_turn","stop_sequence":null,\#(usage)}"#)
        }
    }
}

@Suite("Anthropic provider against a faithful fake")
struct AnthropicProviderFakeTests {
    private func provider(_ server: LoopbackHTTPServer, mode: AnthropicConfiguration.StructuredOutput = .automatic,
                          key: String = "sk-ant-\(UUID().uuidString)") -> AnthropicProvider {
        let testKey = TestKey(key)
        return AnthropicProvider(
            configuration: AnthropicConfiguration(
                baseURL: server.baseURL, model: "claude-test", apiKeyEnvironmentVariable: testKey.variable,
                structuredOutput: mode, requestTimeout: .seconds(10)),
            environment: testKey.environment)
    }

    @Test("guided generation sends output_config.format with the schema and the required headers")
    func outputConfig() async throws {
        let server = try anthropicFake()
        defer { server.stop() }
        let key = "sk-ant-\(UUID().uuidString)"
        let response = try await provider(server, key: key).respond(to: GenerationRequest(
            prompt: "Sky blue?", instructions: "Answer.", schema: verdictSchema,
            options: .init(sampling: .random(top: 40), temperature: 0.3, maximumResponseTokens: 50)))
        #expect(try response.content.value(String.self, forProperty: "answer") == "yes")
        #expect(response.metadata.usage == TokenUsage(promptTokens: 12, completionTokens: 5))
        let request = try #require(server.requests.first)
        #expect(request.header("x-api-key") == key)
        #expect(request.header("anthropic-version") == "2023-06-01")
        let body = try #require(request.json)
        #expect(body["max_tokens"]?.intValue == 50)
        #expect(body["top_k"]?.intValue == 40)
        #expect(body["system"]?.stringValue?.hasPrefix("Answer.") == true)
        #expect(body["output_config"]?["format"]?["type"]?.stringValue == "json_schema")
        #expect(body["output_config"]?["format"]?["schema"]?["properties"]?["answer"] != nil)
        #expect(body["tools"] == nil)
    }

    @Test("forced-tool mode sends only that tool, forces it, and reads the tool_use input")
    func forcedTool() async throws {
        let server = try anthropicFake()
        defer { server.stop() }
        let response = try await provider(server, mode: .forcedTool).respond(to: GenerationRequest(prompt: "x", schema: verdictSchema))
        #expect(try response.content.value(String.self, forProperty: "answer") == "yes")
        let body = try #require(server.requests.first?.json)
        #expect(body["tools"]?.elements?.count == 1)
        #expect(body["tool_choice"]?["type"]?.stringValue == "tool")
        #expect(body["tool_choice"]?["name"]?.stringValue == body["tools"]?.elements?.first?["name"]?.stringValue)
        #expect(body["output_config"] == nil)
    }

    @Test("automatic mode falls back to a forced tool when the server rejects output_config")
    func automaticFallback() async throws {
        let server = try anthropicFake(rejectOutputConfig: true)
        defer { server.stop() }
        let response = try await provider(server).respond(to: GenerationRequest(prompt: "x", schema: verdictSchema))
        #expect(try response.content.value(String.self, forProperty: "answer") == "yes")
        #expect(server.requests.count == 2)
        #expect(server.requests.last?.json?["tool_choice"] != nil)
    }

    @Test("a streamed guided answer arrives as deltas and validates at message_stop")
    func streamedGuided() async throws {
        let server = try anthropicFake()
        defer { server.stop() }
        var deltas: [String] = []
        var completed: GenerationResponse?
        for try await event in provider(server).streamResponse(to: GenerationRequest(prompt: "x", schema: verdictSchema)) {
            if case .delta(let text) = event { deltas.append(text) }
            if case .completed(let response) = event { completed = response }
        }
        #expect(deltas.joined() == #"{"answer":"yes"}"#)
        #expect(try completed?.content.value(String.self, forProperty: "answer") == "yes")
    }

    @Test("output that violates the schema is a decoding failure")
    func invalidOutput() async throws {
        let server = try anthropicFake(answer: #"{"answer":42}"#)
        defer { server.stop() }
        await #expect(throws: LanguageModelError.self) {
            try await provider(server).respond(to: GenerationRequest(prompt: "x", schema: verdictSchema))
        }
    }

    @Test("stop_reason refusal is a refusal; overloaded (529) and rate_limit (429 + retry-after) are rate limits")
    func errorShapes() async throws {
        let server = try LoopbackHTTPServer { request, connection in
            switch request.json?["messages"]?.elements?.first?["content"]?.stringValue {
            case "refuse":
                connection.respond(status: 200, json: #"{"id":"m","type":"message","role":"assistant","content":[],"stop_reason":"refusal","usage":{"input_tokens":3,"output_tokens":0}}"#)
            case "overload":
                connection.respond(status: 529, json: #"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"},"request_id":"r"}"#)
            default:
                connection.respond(status: 429, json: #"{"type":"error","error":{"type":"rate_limit_error","message":"Number of requests has exceeded your rate limit"},"request_id":"r"}"#, headers: ["retry-after": "7"])
            }
        }
        defer { server.stop() }
        let model = provider(server)
        await #expect { try await model.respond(to: GenerationRequest(prompt: "refuse")) } throws: { ($0 as? LanguageModelError)?.code == "refusal" }
        await #expect { try await model.respond(to: GenerationRequest(prompt: "overload")) } throws: { ($0 as? LanguageModelError)?.code == "rateLimited" }
        do {
            _ = try await model.respond(to: GenerationRequest(prompt: "limit"))
        } catch let error as LanguageModelError {
            guard case .rateLimited(let wait, _) = error else { Issue.record("unexpected \(error)"); return }
            #expect(wait == .seconds(7))
        }
    }
}
