import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP
import GenUIOpenAI
import GenUITestSupport
import GenUITesting
import Testing

@Suite(
    "OpenAI-compatible provider against llama-server", .tags(.llamaServer), .enabled(if: LlamaTestEnvironment.runnable))
struct OpenAIProviderLlamaTests {
    private func provider(_ server: LlamaServerFixture, key: TestKey? = nil) -> OpenAILanguageModel {
        OpenAILanguageModel(
            configuration: OpenAIConfiguration(
                name: "llama", baseURL: server.baseURL.appendingPathComponent("v1"), model: "smollm2",
                apiKeyEnvironmentVariable: key?.variable, requestTimeout: .seconds(60), sendsTopK: true),
            environment: key?.environment ?? .process)
    }

    @Test("plain generation returns text with usage and timings, attributed to the provider")
    func plainGeneration() async throws {
        try await LlamaServerFixture.with { server in
            let model = provider(server)
            #expect(await model.availability == .available)
            let response = try await model.respond(
                to: GenerationRequest(
                    prompt: "Say hello.", options: .init(sampling: .greedy, maximumResponseTokens: 16)))
            #expect(!response.text.isEmpty)
            #expect(response.content == GeneratedContent(kind: .string(response.text)))
            #expect(response.metadata.provider == "llama")
            #expect((response.metadata.usage.completionTokens ?? 0) > 0)
            #expect(response.metadata.timings?.generationTokensPerSecond != nil)
            #expect(response.metadata.finishReason != nil)
        }
    }

    @Test("streaming delivers deltas whose concatenation is the completed text")
    func streaming() async throws {
        try await LlamaServerFixture.with { server in
            var deltas: [String] = []
            var completed: GenerationResponse?
            let request = GenerationRequest(
                prompt: "Count to five.", options: .init(sampling: .greedy, maximumResponseTokens: 24))
            for try await event in provider(server).streamResponse(to: request) {
                switch event {
                case .delta(let text): deltas.append(text)
                case .completed(let response): completed = response
                case .restarted: Issue.record("a single provider never restarts")
                }
            }
            let response = try #require(completed)
            #expect(deltas.count > 1)
            #expect(deltas.joined() == response.text)
            #expect((response.metadata.usage.completionTokens ?? 0) > 0)
        }
    }

    @Test("guided generation through response_format yields content that validates against the schema")
    func guided() async throws {
        try await LlamaServerFixture.with { server in
            let response = try await provider(server).respond(
                to: GenerationRequest(
                    prompt: "Is the sky blue? Answer yes or no.", schema: verdictSchema,
                    options: .init(sampling: .greedy, maximumResponseTokens: 48)))
            try verdictSchema.validate(response.content)
            let answer = try response.content.value(String.self, forProperty: "answer")
            #expect(["yes", "no"].contains(answer))
            #expect(response.metadata.guided)
        }
    }

    @Test("with --api-key, a wrong key is unauthorized in availability and in generation, and the key is never shown")
    func wrongKey() async throws {
        try await LlamaServerFixture.with(apiKey: "right-key-\(UUID().uuidString)") { server in
            let wrong = "sk-wrong-\(UUID().uuidString)"
            let model = provider(server, key: TestKey(wrong))
            #expect(await model.availability == .unavailable(.unauthorized))
            do {
                _ = try await model.respond(
                    to: GenerationRequest(prompt: "Hi", options: .init(maximumResponseTokens: 4)))
                Issue.record("expected unauthorized")
            } catch let error as GenUIError {
                #expect(error.code == "unauthorized")
                #expect(!"\(error)".contains(wrong))
            }
            #expect(await provider(server, key: TestKey(server.apiKey)).availability == .available)
        }
    }
}

@Suite("OpenAI-compatible provider against a faithful fake", .tags(.unit))
struct OpenAIProviderFakeTests {
    private func provider(_ url: URL, key: TestKey? = nil) -> OpenAILanguageModel {
        OpenAILanguageModel(
            configuration: OpenAIConfiguration(
                name: "openai", baseURL: url.appendingPathComponent("v1"), model: "gpt-test",
                apiKeyEnvironmentVariable: key?.variable, requestTimeout: .seconds(10), availabilityTimeout: .seconds(1)
            ),
            environment: key?.environment ?? .process)
    }

    @Test("a missing API key variable is notConfigured without any network call")
    func missingKey() async throws {
        let server = try LoopbackHTTPServer { _, connection in connection.respond(status: 200, json: #"{"data":[]}"#) }
        defer { server.stop() }
        let key = TestKey(nil)
        let model = provider(server.baseURL, key: key)
        #expect(await model.availability == .unavailable(.notConfigured(missing: key.variable)))
        await #expect(throws: GenUIError.self) { try await model.respond(to: GenerationRequest(prompt: "x")) }
        #expect(server.requests.isEmpty)
    }

    @Test("a refused port is unreachable in availability and a connectionRefused error in generation")
    func refused() async throws {
        let model = provider(URL(string: "http://127.0.0.1:\(unusedLoopbackPort())")!)
        guard case .unavailable(.unreachable) = await model.availability else {
            Issue.record("expected unreachable")
            return
        }
        do {
            _ = try await model.respond(to: GenerationRequest(prompt: "x"))
        } catch let error as GenUIError {
            guard case .transport(.connectionRefused, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(error.provider == "openai")
        }
    }

    @Test("plain http to a remote host is refused before any request")
    func insecure() async {
        let model = provider(URL(string: "http://203.0.113.7:8080")!)
        guard case .unavailable(.notConfigured) = await model.availability else {
            Issue.record("expected notConfigured")
            return
        }
        await #expect(throws: GenUIError.self) { try await model.respond(to: GenerationRequest(prompt: "x")) }
    }

    @Test("the request carries the strict json_schema response_format, sampling fields and the bearer key")
    func requestShape() async throws {
        let key = "sk-\(UUID().uuidString)"
        let server = try LoopbackHTTPServer { _, connection in
            connection.respond(
                status: 200,
                json:
                    #"{"id":"c1","object":"chat.completion","model":"gpt-test","choices":[{"index":0,"message":{"role":"assistant","content":"{\"answer\":\"no\"}","refusal":null},"finish_reason":"stop"}],"usage":{"prompt_tokens":9,"completion_tokens":4,"total_tokens":13}}"#
            )
        }
        defer { server.stop() }
        let response = try await provider(server.baseURL, key: TestKey(key)).respond(
            to: GenerationRequest(
                instructions: "Be brief.", messages: [.init(role: .user, content: "Q?")], schema: verdictSchema,
                options: .init(
                    sampling: .random(probabilityThreshold: 0.9, seed: 7), temperature: 0.5, maximumResponseTokens: 20))
        )
        #expect(try response.content.value(String.self, forProperty: "answer") == "no")
        #expect(response.metadata.usage == TokenUsage(promptTokens: 9, completionTokens: 4))
        let request = try #require(server.requests.first)
        #expect(request.path == "/v1/chat/completions")
        #expect(request.header("authorization") == "Bearer \(key)")
        let body = try #require(request.json)
        #expect(body["model"]?.stringValue == "gpt-test")
        #expect(body["messages"]?.elements?.first?["role"]?.stringValue == "system")
        #expect(body["temperature"]?.numberValue == 0.5)
        #expect(body["top_p"]?.numberValue == 0.9)
        #expect(body["seed"]?.intValue == 7)
        #expect(body["max_tokens"]?.intValue == 20)
        #expect(body["top_k"] == nil)
        let format = try #require(body["response_format"])
        #expect(format["type"]?.stringValue == "json_schema")
        #expect(format["json_schema"]?["strict"]?.boolValue == true)
        #expect(format["json_schema"]?["name"]?.stringValue == "Verdict")
        #expect(format["json_schema"]?["schema"]?["additionalProperties"]?.boolValue == false)
    }

    @Test("message.refusal is a refusal error")
    func refusal() async throws {
        let server = try LoopbackHTTPServer { _, connection in
            connection.respond(
                status: 200,
                json:
                    #"{"choices":[{"index":0,"message":{"role":"assistant","content":null,"refusal":"I can't help with that."},"finish_reason":"stop"}]}"#
            )
        }
        defer { server.stop() }
        do {
            _ = try await provider(server.baseURL).respond(to: GenerationRequest(prompt: "x", schema: verdictSchema))
            Issue.record("expected a refusal")
        } catch let error as GenUIError {
            #expect(error.code == "refusal")
        }
    }

    @Test("guided output that violates the schema is a decoding failure, even when the server claims conformance")
    func trustButVerify() async throws {
        let server = try LoopbackHTTPServer { _, connection in
            connection.respond(
                status: 200,
                json:
                    #"{"choices":[{"index":0,"message":{"role":"assistant","content":"{\"answer\":\"maybe\"}"},"finish_reason":"stop"}]}"#
            )
        }
        defer { server.stop() }
        do {
            _ = try await provider(server.baseURL).respond(to: GenerationRequest(prompt: "x", schema: verdictSchema))
            Issue.record("expected a decoding failure")
        } catch let error as GenUIError {
            #expect(error.code == "decodingFailure", "\(error)")
            #expect(error.provider == "openai")
        }
    }

    @Test("429 with Retry-After is rateLimited with the wait; an error inside the stream is mapped too")
    func rateLimitAndStreamError() async throws {
        let server = try LoopbackHTTPServer { request, connection in
            if request.json?["stream"]?.boolValue == true {
                connection.startStream(contentType: "text/event-stream")
                connection.send("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"}}]}\n\n")
                connection.send("data: {\"error\":{\"code\":500,\"message\":\"boom\",\"type\":\"server_error\"}}\n\n")
                connection.endStream()
            } else {
                connection.respond(
                    status: 429,
                    json: #"{"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}"#,
                    headers: ["Retry-After": "2"])
            }
        }
        defer { server.stop() }
        let model = provider(server.baseURL)
        do {
            _ = try await model.respond(to: GenerationRequest(prompt: "x"))
            Issue.record("expected rateLimited")
        } catch let error as GenUIError {
            guard case .rateLimited(let wait, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(wait == .seconds(2))
        }
        var deltas: [String] = []
        do {
            for try await event in model.streamResponse(to: GenerationRequest(prompt: "x")) {
                if case .delta(let text) = event { deltas.append(text) }
            }
            Issue.record("expected a server error")
        } catch let error as GenUIError {
            #expect(error.code == "serverError", "\(error)")
            #expect(error.provider == "openai")
        }
        #expect(deltas == ["Hi"])
    }
}
