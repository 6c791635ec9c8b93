import Foundation
@_spi(Reading) import GenUI
import GenUIAnthropic
import GenUIConfig
import GenUIDiagnostics
import GenUIHTTP
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Testing

@Suite(
    "Anthropic provider against llama-server's /v1/messages", .tags(.llamaServer),
    .enabled(if: LlamaTestEnvironment.runnable))
struct AnthropicProviderLlamaTests {
    private func provider(_ server: LlamaServerFixture, key: TestKey? = nil) -> AnthropicLanguageModel {
        AnthropicLanguageModel(
            configuration: AnthropicConfiguration(
                name: "claude-local", baseURL: server.baseURL, model: "smollm2",
                apiKeyEnvironmentVariable: key?.variable,
                requestTimeout: .seconds(60)),
            environment: key?.environment ?? .process)
    }

    @Test("plain generation returns the message text with usage")
    func plain() async throws {
        try await LlamaServerFixture.with { server in
            let model = provider(server)
            #expect(await model.availability == .available)
            let response = try await model.respond(
                to: GenerationRequest(
                    prompt: "Say hello.", instructions: "You are terse.",
                    options: .init(sampling: .greedy, maximumResponseTokens: 16)))
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
            let request = GenerationRequest(
                prompt: "Count to five.", options: .init(sampling: .greedy, maximumResponseTokens: 24))
            for try await event in provider(server).streamResponse(to: request) {
                if case .delta(let text) = event { deltas.append(text) }
                if case .completed(let response) = event { completed = response }
            }
            let response = try #require(completed)
            #expect(deltas.count > 1)
            #expect(deltas.joined() == response.text)
        }
    }

    @Test(
        "tokenCount asks llama-server's /v1/messages/count_tokens, which counts the templated prompt as /tokenize does")
    func countTokens() async throws {
        let apiKey = "count-key-\(UUID().uuidString)"
        try await LlamaServerFixture.with(apiKey: apiKey) { server in
            let request = GenerationRequest(
                prompt: "Name three rivers of Europe and one fact about each.", instructions: "You are terse.")
            let counted = try await provider(server, key: TestKey(apiKey)).tokenCount(for: request)
            // The server's own count of the same conversation: the chat template, then its tokenizer.
            let client = HTTPClient(timeouts: .init(connect: .seconds(5), total: .seconds(30)))
            let headers = ["Authorization": "Bearer \(apiKey)"]
            let messages = GeneratedContent.array([
                .object([("role", .string("system")), ("content", .string("You are terse."))]),
                .object([
                    ("role", .string("user")),
                    ("content", .string("Name three rivers of Europe and one fact about each.")),
                ]),
            ])
            let template = try await client.send(
                .postJSON(
                    server.baseURL.appendingPathComponent("apply-template"), json: .object([("messages", messages)]),
                    headers: headers))
            let prompt = try #require(template.json?["prompt"]?.stringValue)
            let tokenized = try await client.send(
                .postJSON(
                    server.baseURL.appendingPathComponent("tokenize"),
                    json: .object([
                        ("content", .string(prompt)), ("add_special", .bool(true)), ("parse_special", .bool(true)),
                    ]),
                    headers: headers))
            let tokens = try #require(tokenized.json?["tokens"]?.elements)
            #expect(counted > 10)
            #expect(counted == tokens.count)
        }
    }

    @Test("with --api-key, a wrong x-api-key is unauthorized and never shown")
    func unauthorized() async throws {
        try await LlamaServerFixture.with(apiKey: "right-key-\(UUID().uuidString)") { server in
            let wrong = "sk-ant-wrong-\(UUID().uuidString)"
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
        }
    }
}

@Suite("Anthropic provider against a faithful fake", .tags(.unit))
struct AnthropicProviderFakeTests {
    private func provider(
        _ server: LoopbackHTTPServer, mode: AnthropicConfiguration.StructuredOutput = .automatic,
        key: String = "sk-ant-\(UUID().uuidString)"
    ) -> AnthropicLanguageModel {
        let testKey = TestKey(key)
        return AnthropicLanguageModel(
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
        let response = try await provider(server, key: key).respond(
            to: GenerationRequest(
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
        let response = try await provider(server, mode: .forcedTool).respond(
            to: GenerationRequest(prompt: "x", schema: verdictSchema))
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
        for try await event in provider(server).streamResponse(
            to: GenerationRequest(prompt: "x", schema: verdictSchema))
        {
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
        await #expect(throws: GenUIError.self) {
            try await provider(server).respond(to: GenerationRequest(prompt: "x", schema: verdictSchema))
        }
    }

    @Test("stop_reason refusal is a refusal; overloaded (529) and rate_limit (429 + retry-after) are rate limits")
    func errorShapes() async throws {
        let server = try LoopbackHTTPServer { request, connection in
            switch request.json?["messages"]?.elements?.first?["content"]?.stringValue {
            case "refuse":
                connection.respond(
                    status: 200,
                    json:
                        #"{"id":"m","type":"message","role":"assistant","content":[],"stop_reason":"refusal","usage":{"input_tokens":3,"output_tokens":0}}"#
                )
            case "overload":
                connection.respond(
                    status: 529,
                    json:
                        #"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"},"request_id":"r"}"#
                )
            default:
                connection.respond(
                    status: 429,
                    json:
                        #"{"type":"error","error":{"type":"rate_limit_error","message":"Number of requests has exceeded your rate limit"},"request_id":"r"}"#,
                    headers: ["retry-after": "7"])
            }
        }
        defer { server.stop() }
        let model = provider(server)
        await #expect { try await model.respond(to: GenerationRequest(prompt: "refuse")) } throws: {
            ($0 as? GenUIError)?.code == "refusal"
        }
        await #expect { try await model.respond(to: GenerationRequest(prompt: "overload")) } throws: {
            ($0 as? GenUIError)?.code == "rateLimited"
        }
        do {
            _ = try await model.respond(to: GenerationRequest(prompt: "limit"))
        } catch let error as GenUIError {
            guard case .rateLimited(let wait, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(wait == .seconds(7))
        }
    }
}

@Suite("Anthropic token counting and the context check", .tags(.unit))
struct AnthropicTokenCountingTests {
    private func provider(
        _ server: LoopbackHTTPServer, key: String, mode: AnthropicConfiguration.StructuredOutput = .automatic,
        context: Int? = nil
    ) -> AnthropicLanguageModel {
        let testKey = TestKey(key)
        var configuration = AnthropicConfiguration(
            baseURL: server.baseURL, model: "claude-test", apiKeyEnvironmentVariable: testKey.variable,
            structuredOutput: mode, requestTimeout: .seconds(10))
        configuration.contextSize = context
        return AnthropicLanguageModel(configuration: configuration, environment: testKey.environment)
    }

    @Test(
        "tokenCount posts model, system and messages to /v1/messages/count_tokens with the API's headers and returns input_tokens"
    )
    func countsWithTheEndpoint() async throws {
        let key = "sk-ant-\(UUID().uuidString)"
        let server = try anthropicFake(key: key)
        defer { server.stop() }
        let model = provider(server, key: key)
        #expect(await model.supportedCapabilities.contains(.tokenCounting))
        let count = try await model.tokenCount(
            for: GenerationRequest(
                instructions: "Be brief.",
                messages: [
                    .init(role: .user, content: "one two three"), .init(role: .assistant, content: "four"),
                    .init(role: .user, content: "five six"),
                ],
                options: .init(temperature: 0.5, maximumResponseTokens: 50)))
        // The fake's rule: 2 words of system, then 3 per message plus its words.
        #expect(count == 2 + (3 + 3) + (3 + 1) + (3 + 2))
        #expect(server.requests.count == 1)
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/v1/messages/count_tokens")
        #expect(request.header("x-api-key") == key)
        #expect(request.header("anthropic-version") == "2023-06-01")
        let body = try #require(request.json)
        #expect(body.orderedProperties?.map(\.key) == ["model", "system", "messages"])
        #expect(body["model"]?.stringValue == "claude-test")
        #expect(body["system"]?.stringValue == "Be brief.")
        #expect(body["messages"]?.elements?.map { $0["role"]?.stringValue } == ["user", "assistant", "user"])
    }

    @Test(
        "a schema is counted the way generation sends it: output_config, the forced tool, or the tool after a rejection"
    )
    func schemaCounted() async throws {
        let key = "sk-ant-\(UUID().uuidString)"
        let request = GenerationRequest(prompt: "Is the sky blue?", schema: verdictSchema)

        let native = try anthropicFake(key: key)
        defer { native.stop() }
        let nativeCount = try await provider(native, key: key).tokenCount(for: request)
        let nativeBody = try #require(native.requests.first?.json)
        #expect(nativeBody["output_config"]?["format"]?["schema"]?["properties"]?["answer"] != nil)
        #expect(nativeBody["tools"] == nil)
        #expect(nativeCount == fakeAnthropicCount(nativeBody))

        let forced = try anthropicFake(key: key)
        defer { forced.stop() }
        let forcedCount = try await provider(forced, key: key, mode: .forcedTool).tokenCount(for: request)
        let forcedBody = try #require(forced.requests.first?.json)
        #expect(forcedBody["tools"]?.elements?.first?["input_schema"]?["properties"]?["answer"] != nil)
        #expect(forcedBody["tool_choice"]?["type"]?.stringValue == "tool")
        #expect(forcedBody["output_config"] == nil)
        #expect(forcedCount == fakeAnthropicCount(forcedBody))

        let rejecting = try anthropicFake(rejectOutputConfig: true, key: key)
        defer { rejecting.stop() }
        let retriedCount = try await provider(rejecting, key: key).tokenCount(for: request)
        #expect(rejecting.requests.map(\.path) == ["/v1/messages/count_tokens", "/v1/messages/count_tokens"])
        #expect(rejecting.requests.last?.json?["tool_choice"] != nil)
        #expect(retriedCount == forcedCount)
    }

    @Test("a server without count_tokens is an error that names the endpoint and never the key")
    func missingEndpoint() async throws {
        let key = "sk-ant-secret-\(UUID().uuidString)"
        let server = try LoopbackHTTPServer { _, connection in
            connection.respond(
                status: 404, json: #"{"type":"error","error":{"type":"not_found_error","message":"Not found"}}"#)
        }
        defer { server.stop() }
        do {
            _ = try await provider(server, key: key).tokenCount(for: GenerationRequest(prompt: "hi"))
            Issue.record("expected an error")
        } catch let error as GenUIError {
            #expect(error.context.debugDescription.contains("count_tokens"), "\(error)")
            #expect(!"\(error)".contains(key))
        }
        #expect(server.requests.first?.path == "/v1/messages/count_tokens")
    }

    @Test("contextSize is the configured window; without one it is unknown (notConfigured context), asking nothing")
    func contextSize() async throws {
        let key = "sk-ant-\(UUID().uuidString)"
        let server = try anthropicFake(key: key)
        defer { server.stop() }
        #expect(try await provider(server, key: key, context: 200_000).contextSize == 200_000)
        do {
            _ = try await provider(server, key: key).contextSize
            Issue.record("expected notConfigured")
        } catch let error as GenUIError {
            guard case .unavailable(.notConfigured(let missing), _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(missing == "context")
        }
        #expect(server.requests.isEmpty)
    }

    /// A chain from providers.yml: `claude` (the fake, with `window`), then the scripted provider.
    private func configuredChain(_ server: LoopbackHTTPServer, key: String, window: Int) throws -> ProviderChain {
        let text = """
            version: 1
            chains:
              default: [claude, backup]
            providers:
              claude: { type: anthropic, model: claude-test, base_url: "\(server.baseURL.absoluteString)", api_key_env: GENUI_TEST_ANTHROPIC_KEY, context: \(window) }
              backup: { type: scripted }
            """
        let environment = ["GENUI_TEST_ANTHROPIC_KEY": key]
        let configuration = try ConfigurationLoader(environment: environment).parse(text)
        let models = configuration.makeProviders(context: ProviderBuildContext(environment: environment))
        let options = ChainOptions(
            attemptTimeout: .seconds(60), deadline: .seconds(120), availabilityTimeout: .seconds(10),
            availabilityTTL: .zero)
        return try #require(configuration.makeChain(models: models, options: options))
    }

    @Test("a configured chain counts with count_tokens and skips a window too small before sending, with both numbers")
    func chainSkipsSmallWindow() async throws {
        let key = "sk-ant-\(UUID().uuidString)"
        let server = try anthropicFake(key: key)
        defer { server.stop() }
        let chain = try configuredChain(server, key: key, window: 2048)
        let request = GenerationRequest(
            prompt: String(repeating: "word ", count: 3000), options: .init(maximumResponseTokens: 100))
        let response = try await chain.respond(to: request)
        let steps = try #require(response.metadata.trace?.steps)
        #expect(steps.map(\.reason) == ["contextWindowTooSmall", "served"])
        #expect(steps.map(\.provider) == ["claude", "backup"])
        // The fake counts 3 for the message and 3,000 words: the backend's count, not genui's estimate.
        #expect(
            steps[0].contextCheck == .init(tokenCount: 3003, responseTokens: 100, contextSize: 2048, method: .counted))
        #expect(server.requests.map(\.path) == ["/v1/models", "/v1/messages/count_tokens"])
        let reason = Diagnostics(language: .english).reason(of: steps[0])
        #expect(reason.contains("3003") && reason.contains("2048"), "\(reason)")
    }

    @Test("a configured window that holds the counted request and its answer is used")
    func chainServesWhenItFits() async throws {
        let key = "sk-ant-\(UUID().uuidString)"
        let server = try anthropicFake(key: key)
        defer { server.stop() }
        let chain = try configuredChain(server, key: key, window: 8192)
        let request = GenerationRequest(
            prompt: String(repeating: "word ", count: 3000), options: .init(maximumResponseTokens: 100))
        let response = try await chain.respond(to: request)
        let step = try #require(response.metadata.trace?.steps.first)
        #expect(step.provider == "claude" && step.outcome == .served)
        #expect(step.contextCheck == .init(tokenCount: 3003, responseTokens: 100, contextSize: 8192, method: .counted))
        #expect(server.requests.map(\.path) == ["/v1/models", "/v1/messages/count_tokens", "/v1/messages"])
    }
}
