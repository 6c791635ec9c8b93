import Foundation
@_spi(Reading) import GenUI
import GenUIConfig
import GenUIDiagnostics
import GenUIGemini
import GenUIHTTP
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Testing

/// The Gemini API these tests run against (``GeminiWireFake``): it serves `gemini-test`, says `answer` to every
/// generation and reports 8 prompt and 6 candidate tokens.
private func geminiFake(
    key: String?, fault: GeminiWireFake.Fault? = nil, answer: String = #"{"answer":"no"}"#,
    inputTokenLimit: Int? = 1_048_576, countTokensReply: String? = nil
) throws -> LoopbackHTTPServer {
    try GeminiWireFake(
        key: key, inputTokenLimit: inputTokenLimit, fault: fault, answer: .text(answer),
        usage: .init(prompt: 8, candidates: 6), countTokensReply: countTokensReply
    ).server
}

@Suite("Gemini provider against a protocol-faithful fake", .tags(.unit))
struct GeminiProviderTests {
    private func provider(
        _ server: LoopbackHTTPServer, key: String?, model: String = "gemini-test",
        timeout: Duration = .seconds(10)
    ) -> GeminiLanguageModel {
        let testKey = TestKey(key)
        return GeminiLanguageModel(
            configuration: GeminiConfiguration(
                baseURL: server.baseURL.appendingPathComponent("v1beta"), model: model,
                apiKeyEnvironmentVariable: testKey.variable, requestTimeout: timeout, availabilityTimeout: .seconds(1)),
            environment: testKey.environment)
    }

    @Test("availability: available, notConfigured without a key (no request), unauthorized, modelNotInstalled")
    func availability() async throws {
        let key = "AIza-\(UUID().uuidString)"
        let server = try geminiFake(key: key)
        defer { server.stop() }
        let unset = provider(server, key: nil)
        guard case .unavailable(.notConfigured) = await unset.availability else {
            Issue.record("expected notConfigured")
            return
        }
        #expect(server.requests.isEmpty)
        #expect(await provider(server, key: key).availability == .available)
        #expect(await provider(server, key: "wrong-key-123").availability == .unavailable(.unauthorized))
        #expect(
            await provider(server, key: key, model: "gemini-nope").availability
                == .unavailable(.modelNotInstalled(name: "gemini-nope")))
    }

    @Test("guided generation sends responseMimeType + responseJsonSchema and generation settings; the answer validates")
    func guided() async throws {
        let key = "AIza-\(UUID().uuidString)"
        let server = try geminiFake(key: key)
        defer { server.stop() }
        let response = try await provider(server, key: key).respond(
            to: GenerationRequest(
                prompt: "Sky green?", instructions: "Answer.", schema: verdictSchema,
                options: .init(
                    sampling: .random(probabilityThreshold: 0.8, seed: 3), temperature: 0.2, maximumResponseTokens: 30))
        )
        #expect(try response.content.value(String.self, forProperty: "answer") == "no")
        #expect(response.metadata.usage == TokenUsage(promptTokens: 8, completionTokens: 6))
        #expect(response.metadata.model == "gemini-test-001")
        let request = try #require(server.requests.first)
        #expect(request.path == "/v1beta/models/gemini-test:generateContent")
        #expect(request.query == nil)
        let body = try #require(request.json)
        #expect(body["contents"]?.elements?.first?["role"]?.stringValue == "user")
        #expect(
            body["systemInstruction"]?["parts"]?.elements?.first?["text"]?.stringValue?.hasPrefix("Answer.") == true)
        let config = try #require(body["generationConfig"])
        #expect(config["responseMimeType"]?.stringValue == "application/json")
        #expect(config["responseJsonSchema"]?["properties"]?["answer"] != nil)
        #expect(config["responseSchema"] == nil)
        #expect(config["temperature"]?.numberValue == 0.2)
        #expect(config["topP"]?.numberValue == 0.8)
        #expect(config["seed"]?.intValue == 3)
        #expect(config["maxOutputTokens"]?.intValue == 30)
    }

    @Test("SSE streaming (CRLF framing) yields deltas; a cut stream is a lost connection")
    func streaming() async throws {
        let key = "AIza-\(UUID().uuidString)"
        let server = try geminiFake(key: key, answer: "Bonjour tout le monde")
        defer { server.stop() }
        var deltas: [String] = []
        var completed: GenerationResponse?
        for try await event in provider(server, key: key).streamResponse(to: GenerationRequest(prompt: "Hi")) {
            if case .delta(let text) = event { deltas.append(text) }
            if case .completed(let response) = event { completed = response }
        }
        #expect(deltas.count == 2)
        #expect(completed?.text == "Bonjour tout le monde")
        #expect(completed?.metadata.finishReason == .stop)

        let cut = try geminiFake(key: key, fault: .cutStream)
        defer { cut.stop() }
        do {
            for try await _ in provider(cut, key: key).streamResponse(to: GenerationRequest(prompt: "Hi")) {}
            Issue.record("expected the cut to surface")
        } catch let error as GenUIError {
            guard case .transport(.connectionLost, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }

    @Test("an error event inside the stream ends it as the status it carries, after the text that came before it")
    func streamError() async throws {
        let key = "AIza-\(UUID().uuidString)"
        let server = try geminiFake(key: key, fault: .errorEvent, answer: "Bonjour")
        defer { server.stop() }
        var deltas: [String] = []
        do {
            for try await event in provider(server, key: key).streamResponse(to: GenerationRequest(prompt: "Hi")) {
                if case .delta(let text) = event { deltas.append(text) }
            }
            Issue.record("expected a server error")
        } catch let error as GenUIError {
            guard case .serverError(500, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(error.provider == "gemini")
            #expect(
                error.context.debugDescription.contains("An internal error has occurred."),
                "\(error.context.debugDescription)")
        }
        #expect(deltas == ["Bon"])
    }

    @Test("faults: 429 with RetryInfo, 500, a blocked prompt, a bad key, a refused port, a silent server")
    func faults() async throws {
        let key = "AIza-\(UUID().uuidString)"
        func failure(_ fault: GeminiWireFake.Fault?, key requestKey: String? = nil) async throws -> GenUIError? {
            let server = try geminiFake(key: key, fault: fault)
            defer { server.stop() }
            do {
                _ = try await provider(server, key: requestKey ?? key, timeout: .milliseconds(500)).respond(
                    to: GenerationRequest(prompt: "Hi"))
                return nil
            } catch let error as GenUIError { return error }
        }
        guard case .rateLimited(let wait, _) = try await failure(.rateLimited) else {
            Issue.record("expected rateLimited")
            return
        }
        #expect(wait == .seconds(13))
        guard case .serverError(500, _) = try await failure(.serverError) else {
            Issue.record("expected a 500")
            return
        }
        #expect(try await failure(.blocked)?.code == "guardrailViolation")
        #expect(try await failure(nil, key: "wrong-key-456")?.code == "unauthorized")
        #expect(try await failure(.stall)?.code == "timedOut")
        let testKey = TestKey(key)
        let refused = GeminiLanguageModel(
            configuration: GeminiConfiguration(
                baseURL: URL(string: "http://127.0.0.1:\(unusedLoopbackPort())/v1beta")!, model: "gemini-test",
                apiKeyEnvironmentVariable: testKey.variable),
            environment: testKey.environment)
        await #expect { try await refused.respond(to: GenerationRequest(prompt: "Hi")) } throws: { error in
            guard case .transport(.connectionRefused, _) = error as? GenUIError else { return false }
            return true
        }
    }
}

@Suite("Gemini token counting and the context check", .tags(.unit))
struct GeminiTokenCountingTests {
    private func provider(_ server: LoopbackHTTPServer, key: String, context: Int? = nil) -> GeminiLanguageModel {
        let testKey = TestKey(key)
        var configuration = GeminiConfiguration(
            baseURL: server.baseURL.appendingPathComponent("v1beta"), model: "gemini-test",
            apiKeyEnvironmentVariable: testKey.variable, requestTimeout: .seconds(10), availabilityTimeout: .seconds(5))
        configuration.contextSize = context
        return GeminiLanguageModel(configuration: configuration, environment: testKey.environment)
    }

    @Test("messages alone are counted with {contents} at :countTokens, with the key in x-goog-api-key")
    func countsContents() async throws {
        let key = "AIza-\(UUID().uuidString)"
        let server = try geminiFake(key: key)
        defer { server.stop() }
        let model = provider(server, key: key)
        #expect(await model.supportedCapabilities.contains(.tokenCounting))
        let count = try await model.tokenCount(
            for: GenerationRequest(
                messages: [
                    .init(role: .user, content: "one two three"), .init(role: .assistant, content: "four five"),
                ],
                options: .init(temperature: 0.3, maximumResponseTokens: 40)))
        // The fake's rule: 2 per content plus its words.
        #expect(count == (2 + 3) + (2 + 2))
        #expect(server.requests.count == 1)
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/v1beta/models/gemini-test:countTokens")
        #expect(request.query == nil)
        #expect(request.header("x-goog-api-key") == key)
        let body = try #require(request.json)
        #expect(body.orderedProperties?.map(\.key) == ["contents"])
        #expect(body["contents"]?.elements?.map { $0["role"]?.stringValue } == ["user", "model"])
    }

    @Test("instructions and a schema go in a generateContentRequest naming the model, without sampling settings")
    func countsGenerateContentRequest() async throws {
        let key = "AIza-\(UUID().uuidString)"
        let server = try geminiFake(key: key)
        defer { server.stop() }
        let count = try await provider(server, key: key).tokenCount(
            for: GenerationRequest(
                prompt: "Is the sky green?", instructions: "Answer in one word.", schema: verdictSchema,
                options: .init(sampling: .random(top: 10, seed: 4), temperature: 0.7, maximumResponseTokens: 30)))
        let body = try #require(server.requests.first?.json)
        #expect(body["contents"] == nil)
        let inner = try #require(body["generateContentRequest"])
        #expect(inner["model"]?.stringValue == "models/gemini-test")
        #expect(
            inner["systemInstruction"]?["parts"]?.elements?.first?["text"]?.stringValue?.hasPrefix(
                "Answer in one word.") == true)
        #expect(inner["generationConfig"]?.orderedProperties?.map(\.key) == ["responseMimeType", "responseJsonSchema"])
        #expect(inner["contents"]?.elements?.count == 1)
        #expect(count == GeminiWireFake.count(body))
        #expect(count > 25 + 2 + 4)
    }

    @Test(
        "contextSize: inputTokenLimit kept from the availability probe, read once otherwise, the configured window first"
    )
    func contextSize() async throws {
        let key = "AIza-\(UUID().uuidString)"
        let server = try geminiFake(key: key, inputTokenLimit: 32_768)
        defer { server.stop() }

        let probed = provider(server, key: key)
        #expect(await probed.availability == .available)
        #expect(server.requests.count == 1)
        #expect(try await probed.contextSize == 32_768)
        #expect(server.requests.count == 1)

        let fresh = provider(server, key: key)
        #expect(try await fresh.contextSize == 32_768)
        #expect(try await fresh.contextSize == 32_768)
        #expect(server.requests.count == 2)
        #expect(server.requests.last?.method == "GET")
        #expect(server.requests.last?.path == "/v1beta/models/gemini-test")

        #expect(try await provider(server, key: key, context: 4096).contextSize == 4096)
        #expect(server.requests.count == 2)
    }

    @Test("a server that needs no key (no key variable configured) still reports its inputTokenLimit")
    func contextSizeWithoutKey() async throws {
        let server = try geminiFake(key: nil, inputTokenLimit: 8192)
        defer { server.stop() }
        let model = GeminiLanguageModel(
            configuration: GeminiConfiguration(
                baseURL: server.baseURL.appendingPathComponent("v1beta"), model: "gemini-test",
                apiKeyEnvironmentVariable: nil))
        #expect(try await model.contextSize == 8192)
        #expect(server.requests.count == 1)
    }

    @Test("a model description without inputTokenLimit and no configured window leave the size unknown")
    func contextSizeUnknown() async throws {
        let key = "AIza-\(UUID().uuidString)"
        let server = try geminiFake(key: key, inputTokenLimit: nil)
        defer { server.stop() }
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
    }

    @Test("a count the server refuses is an error naming countTokens, never the key")
    func countingFails() async throws {
        let key = "AIza-secret-\(UUID().uuidString)"
        let server = try geminiFake(key: key, fault: .serverError)
        defer { server.stop() }
        do {
            _ = try await provider(server, key: key).tokenCount(for: GenerationRequest(prompt: "hi"))
            Issue.record("expected an error")
        } catch let error as GenUIError {
            guard case .serverError(500, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(error.context.debugDescription.contains("countTokens"))
            #expect(!"\(error)".contains(key))
        }
    }

    @Test(
        "a countTokens answer is read as the API writes it: no totalTokens is zero; a totalTokens that is not a whole, non-negative number is a server error saying where"
    )
    func countAnswers() async throws {
        let key = "AIza-\(UUID().uuidString)"
        func count(_ answer: String) async throws -> Int {
            let server = try geminiFake(key: key, countTokensReply: answer)
            defer { server.stop() }
            return try await provider(server, key: key).tokenCount(for: GenerationRequest(prompt: "hi"))
        }
        #expect(try await count("{}") == 0)
        #expect(
            try await count(#"{"totalTokens":42,"promptTokensDetails":[{"modality":"TEXT","tokenCount":42}]}"#) == 42)
        for (answer, located) in [
            (#"{"totalTokens":"12"}"#, "/totalTokens"), (#"{"totalTokens":4.5}"#, "/totalTokens"), ("[1]", "at /"),
            (#"{"totalTokens":-3}"#, "negative"),
        ] {
            do {
                let tokens = try await count(answer)
                Issue.record("\(answer) was read as \(tokens) tokens")
            } catch let error as GenUIError {
                guard case .serverError = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(error.context.debugDescription.contains("countTokens"), "\(error.context.debugDescription)")
                #expect(error.context.debugDescription.contains(located), "\(error.context.debugDescription)")
                #expect(error.context.provider == "gemini")
            }
        }
    }

    @Test("a configured chain reads the window from inputTokenLimit, counts with countTokens and skips before sending")
    func chainSkipsSmallWindow() async throws {
        let key = "AIza-\(UUID().uuidString)"
        let server = try geminiFake(key: key, inputTokenLimit: 2048)
        defer { server.stop() }
        let text = """
            version: 1
            chains:
              default: [gemini, backup]
            providers:
              gemini: { type: gemini, model: gemini-test, base_url: "\(server.baseURL.absoluteString)/v1beta", api_key_env: GENUI_TEST_GEMINI_KEY }
              backup: { type: scripted }
            """
        let environment = ["GENUI_TEST_GEMINI_KEY": key]
        let configuration = try ConfigurationLoader(environment: environment).parse(text)
        let models = configuration.makeProviders(context: ProviderBuildContext(environment: environment))
        let options = ChainOptions(
            attemptTimeout: .seconds(60), deadline: .seconds(120), availabilityTimeout: .seconds(10),
            availabilityTTL: .zero)
        let chain = try #require(configuration.makeChain(models: models, options: options))
        let request = GenerationRequest(
            prompt: String(repeating: "word ", count: 3000), options: .init(maximumResponseTokens: 100))
        let response = try await chain.respond(to: request)
        let steps = try #require(response.metadata.trace?.steps)
        #expect(steps.map(\.reason) == ["contextWindowTooSmall", "served"])
        // 2 for the content and its 3,000 words: the backend's count against the model's own inputTokenLimit.
        #expect(
            steps[0].contextCheck == .init(tokenCount: 3002, responseTokens: 100, contextSize: 2048, method: .counted))
        #expect(
            server.requests.map(\.path) == ["/v1beta/models/gemini-test", "/v1beta/models/gemini-test:countTokens"])
        let reason = Diagnostics(language: .english).reason(of: steps[0])
        #expect(reason.contains("3002") && reason.contains("2048"), "\(reason)")
    }
}
