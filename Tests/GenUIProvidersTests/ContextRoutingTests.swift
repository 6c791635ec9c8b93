import Foundation
@_spi(Reading) import GenUI
import GenUIDiagnostics
import GenUIHTTP
import GenUIOnDevice
import GenUIOpenAI
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Testing

/// Options for a chain in these tests: no caching, generous limits.
private func contextOptions(availability: Duration = .seconds(10), reserve: Int = 512) -> ChainOptions {
    ChainOptions(
        attemptTimeout: .seconds(120), deadline: .seconds(240), availabilityTimeout: availability,
        availabilityTTL: .zero, responseTokenReserve: reserve)
}

/// Distinct English sentences, `count` of them, for a long prompt that tokenizes like prose.
private func prose(sentences count: Int) -> String {
    let subjects = ["The committee", "A small bird", "Every engineer", "The old library", "Our neighbour"]
    let verbs = ["reviewed", "watched", "described", "rebuilt", "measured"]
    let objects = [
        "the quarterly report", "the river at dawn", "a quiet garden", "the broken clock", "seven tall trees",
    ]
    return (0..<count).map { index in
        "\(subjects[index % 5]) \(verbs[(index / 5) % 5]) \(objects[(index / 25) % 5]) on day \(index)."
    }.joined(separator: " ")
}

@Suite("Token estimate", .tags(.unit))
struct TokenEstimateTests {
    @Test("ASCII counts a quarter token per byte, rounded up; every other scalar one token")
    func estimateRule() {
        #expect(TokenEstimate.tokens(in: "") == 0)
        #expect(TokenEstimate.tokens(in: "abcd") == 1)
        #expect(TokenEstimate.tokens(in: "abcde") == 2)
        #expect(TokenEstimate.tokens(in: "日本語") == 3)
        #expect(TokenEstimate.tokens(in: "abcd日本") == 3)
    }

    @Test("a request's estimate adds its instructions and each message, with the template's share per message")
    func requestEstimate() {
        let request = GenerationRequest(
            instructions: "abcdefgh",
            messages: [
                .init(role: .user, content: "abcd"), .init(role: .assistant, content: "abcd"),
            ])
        #expect(TokenEstimate.tokens(in: request) == 2 + 1 + 1 + 3 * TokenEstimate.tokensPerMessage)
    }

    @Test("the bound is the bytes plus the template allowance, so it never falls below a byte-level count")
    func upperBound() {
        let request = GenerationRequest(prompt: "héllo", instructions: "be brief")
        #expect(
            TokenEstimate.upperBound(for: request)
                == 6 + 8 + TokenEstimate.templateAllowance + 2 * TokenEstimate.allowancePerMessage)
        #expect(TokenEstimate.upperBound(for: request) > TokenEstimate.tokens(in: request))
    }
}

@Suite("Context check before sending", .tags(.unit))
struct ContextCheckTests {
    @Test("a provider whose window cannot hold the counted prompt and the answer is skipped before any request")
    func skipsTooSmall() async throws {
        let small = ContextLanguageModel(name: "small", contextSize: 2048, counting: .exact(3000))
        let large = ContextLanguageModel(name: "large", contextSize: 8192, counting: .exact(3010))
        let chain = ProviderChain(name: "c", models: [small, large], options: contextOptions())
        let request = GenerationRequest(
            prompt: String(repeating: "word ", count: 3000), options: .init(maximumResponseTokens: 100))
        let response = try await chain.respond(to: request)
        let steps = try #require(response.metadata.trace?.steps)
        #expect(steps.map(\.reason) == ["contextWindowTooSmall", "served"])
        #expect(small.requestCount == 0)
        #expect(large.requestCount == 1)
        let check = try #require(steps[0].contextCheck)
        #expect(check == .init(tokenCount: 3000, responseTokens: 100, contextSize: 2048, method: .counted))
        #expect(
            steps[1].contextCheck == .init(tokenCount: 3010, responseTokens: 100, contextSize: 8192, method: .counted))
        let reason = Diagnostics(language: .english).reason(of: steps[0])
        #expect(reason.contains("3000") && reason.contains("2048") && reason.contains("100"), "\(reason)")
    }

    @Test("the answer's tokens count: a prompt that fits alone is skipped when the answer would not fit")
    func answerCounts() async throws {
        let small = ContextLanguageModel(name: "small", contextSize: 2048, counting: .exact(1900))
        let large = ContextLanguageModel(name: "large", contextSize: 8192, counting: .exact(1900))
        let chain = ProviderChain(name: "c", models: [small, large], options: contextOptions())
        let request = GenerationRequest(
            prompt: String(repeating: "word ", count: 1900), options: .init(maximumResponseTokens: 200))
        let response = try await chain.respond(to: request)
        #expect(response.metadata.trace?.servedBy == "large")
        #expect(small.requestCount == 0)
    }

    @Test("a request that surely fits is not counted: the common path asks no provider anything")
    func commonPathDoesNotCount() async throws {
        let model = ContextLanguageModel(name: "m", contextSize: 4096, counting: .exact(10))
        let chain = ProviderChain(name: "c", models: [model], options: contextOptions())
        let response = try await chain.respond(to: GenerationRequest(prompt: "Say hello."))
        #expect(response.metadata.trace?.servedBy == "m")
        #expect(model.countCalls == 0)
        #expect(response.metadata.trace?.steps.first?.contextCheck == nil)
    }

    @Test("a failed count does not block routing: the estimate decides and the failure is recorded")
    func countingFailureFallsBackToEstimate() async throws {
        let failing = ContextLanguageModel(
            name: "m", contextSize: 4096,
            counting: .fails(.serverError(status: 500, .init(debugDescription: "tokenizer down"))))
        let chain = ProviderChain(name: "c", models: [failing], options: contextOptions())
        // 12,000 bytes: the bound (over 4,096) asks for a count; the estimate (about 1,200) fits.
        let request = GenerationRequest(prompt: String(repeating: "abcdefghi ", count: 1200))
        let response = try await chain.respond(to: request)
        let step = try #require(response.metadata.trace?.steps.first)
        #expect(step.outcome == .served)
        let check = try #require(step.contextCheck)
        #expect(check.method == .estimatedAfterCountingFailed)
        #expect(check.tokenCount == TokenEstimate.tokens(in: request))
        #expect(check.countingFailure?.contains("tokenizer down") == true)
        #expect(failing.countCalls == 1)
    }

    @Test("a count that never answers is cut at the availability timeout and the estimate decides")
    func stalledCount() async throws {
        let stalling = ContextLanguageModel(name: "m", contextSize: 1024, counting: .stalls)
        let fallback = ContextLanguageModel(name: "big", contextSize: nil)
        let chain = ProviderChain(
            name: "c", models: [stalling, fallback], options: contextOptions(availability: .milliseconds(300)))
        let request = GenerationRequest(prompt: String(repeating: "abcdefghi ", count: 1200))
        let response = try await chain.respond(to: request)
        let steps = try #require(response.metadata.trace?.steps)
        #expect(steps.map(\.reason) == ["contextWindowTooSmall", "served"])
        #expect(steps[0].contextCheck?.method == .estimatedAfterCountingFailed)
        #expect(steps[0].contextCheck?.countingFailure?.contains("did not answer") == true)
        #expect(stalling.requestCount == 0)
    }

    @Test("without token counting the estimate is used and labelled as such")
    func estimateLabelled() async throws {
        let small = ContextLanguageModel(name: "small", contextSize: 512, counting: .estimate)
        let large = ContextLanguageModel(name: "large", contextSize: nil)
        let chain = ProviderChain(name: "c", models: [small, large], options: contextOptions())
        let request = GenerationRequest(prompt: String(repeating: "abcdefghi ", count: 400))
        let response = try await chain.respond(to: request)
        let step = try #require(response.metadata.trace?.steps.first)
        #expect(step.reason == "contextWindowTooSmall")
        #expect(step.contextCheck?.method == .estimated)
        #expect(step.contextCheck?.tokenCount == TokenEstimate.tokens(in: request))
        #expect(Diagnostics(language: .english).reason(of: step).contains("estimated"))
    }

    @Test("when every provider is too small the error is contextSizeExceeded with the largest window and the count")
    func allTooSmall() async throws {
        let a = ContextLanguageModel(name: "a", contextSize: 1024, counting: .exact(5000))
        let b = ContextLanguageModel(name: "b", contextSize: 4096, counting: .exact(5000))
        let chain = ProviderChain(name: "c", models: [a, b], options: contextOptions())
        do {
            _ = try await chain.respond(to: GenerationRequest(prompt: String(repeating: "word ", count: 5000)))
            Issue.record("expected contextSizeExceeded")
        } catch let error as GenUIError {
            guard case .contextSizeExceeded(let size, let count, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(size == 4096)
            #expect(count == 5000)
            #expect(error.trace?.steps.map(\.reason) == ["contextWindowTooSmall", "contextWindowTooSmall"])
            let message = Diagnostics(language: .german).describe(error).message
            #expect(message.contains("5000") && message.contains("4096"), "\(message)")
        }
        #expect(a.requestCount == 0 && b.requestCount == 0)
    }

    @Test("llama-server's overflow error carries its n_ctx and n_prompt_tokens")
    func overflowNumbers() {
        let body =
            #"{"error":{"code":400,"message":"request (3000 tokens) exceeds the available context size (2048 tokens)","type":"exceed_context_size_error","n_prompt_tokens":3000,"n_ctx":2048}}"#
        let error = HTTPErrorMapping.error(status: 400, headers: [:], body: Data(body.utf8), provider: "llama")
        guard case .contextSizeExceeded(let size, let count, _) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(size == 2048)
        #expect(count == 3000)
        #expect(Diagnostics(language: .english).describe(error).message.contains("2048"))
    }
}

@Suite(
    "Context routing against llama-server", .tags(.llamaServer), .serialized, .enabled(if: OnDeviceFixture.shouldRun))
struct ContextRoutingTests {
    /// An OpenAI-compatible fake with a larger window: lists its model, answers chat completions, counts them.
    private func largeFake() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request, connection in
            switch request.path {
            case "/v1/models":
                connection.respond(
                    json: #"{"object":"list","data":[{"id":"big-context","object":"model","owned_by":"test"}]}"#)
            case "/v1/chat/completions":
                connection.respond(
                    json:
                        #"{"id":"c1","object":"chat.completion","model":"big-context","choices":[{"index":0,"message":{"role":"assistant","content":"Summarised."},"finish_reason":"stop"}],"usage":{"prompt_tokens":3100,"completion_tokens":2,"total_tokens":3102}}"#
                )
            default:
                connection.respond(
                    status: 404, json: #"{"error":{"message":"not found","type":"invalid_request_error"}}"#)
            }
        }
    }

    /// What the running server's own `/apply-template` and `/tokenize` say about `request`.
    private func serverCount(_ model: OnDeviceLanguageModel, _ request: GenerationRequest) async throws -> Int {
        let base = try #require(await model.serverURL)
        let headers = try #require(await model.serverRequestHeaders)
        var messages: [GeneratedContent] = []
        for message in request.messages {
            messages.append(.object([("role", .string(message.role.rawValue)), ("content", .string(message.content))]))
        }
        let template = try await HTTPClient.shared.send(
            .postJSON(
                base.appendingPathComponent("apply-template"), json: .object([("messages", .array(messages))]),
                headers: headers, totalTimeout: .seconds(60)))
        let prompt = try #require(template.json?["prompt"]?.stringValue)
        let tokenized = try await HTTPClient.shared.send(
            .postJSON(
                base.appendingPathComponent("tokenize"), json: .object([("content", .string(prompt))]),
                headers: headers,
                totalTimeout: .seconds(60)))
        guard case .array(let tokens)? = tokenized.json?["tokens"]?.kind else {
            Issue.record("no tokens in \(tokenized.text)")
            return -1
        }
        return tokens.count
    }

    /// Whether the server's only slot ever ran a completion task (`/slots` shows `id_task` once it has).
    private func slotRanATask(_ model: OnDeviceLanguageModel) async throws -> Bool {
        let base = try #require(await model.serverURL)
        let headers = try #require(await model.serverRequestHeaders)
        let slots = try await HTTPClient.shared.send(
            HTTPRequest(
                url: base.appendingPathComponent("slots"), headers: headers, totalTimeout: .seconds(30)))
        let list = try #require(slots.json?.elements, "unexpected /slots: \(slots.text)")
        return list.contains { $0["id_task"] != nil }
    }

    @Test("a ~3,000-token prompt skips llama-server (context 2048) before any completion; the larger member serves it")
    func skipsSmallServer() async throws {
        let onDevice = OnDeviceLanguageModel(configuration: try OnDeviceFixture.configuration(name: "on-device"))
        defer { Task { await onDevice.shutdown() } }
        await onDevice.prewarm(promptPrefix: nil)
        #expect(try await onDevice.contextSize == 2048)
        #expect(try await !slotRanATask(onDevice), "a fresh server has run no completion")

        let fake = try largeFake()
        defer { fake.stop() }
        var configuration = OpenAIConfiguration(
            name: "large", baseURL: fake.baseURL.appendingPathComponent("v1"), model: "big-context",
            apiKeyEnvironmentVariable: nil, requestTimeout: .seconds(30), availabilityTimeout: .seconds(5))
        configuration.contextSize = 8192
        let large = OpenAILanguageModel(configuration: configuration)
        let chain = ProviderChain(
            name: "long", models: [onDevice, large], options: contextOptions(availability: .seconds(60)))

        let request = GenerationRequest(
            prompt: "Summarise: " + prose(sentences: 222), options: .init(maximumResponseTokens: 64))
        let response = try await chain.respond(to: request)

        let steps = try #require(response.metadata.trace?.steps)
        #expect(steps.map { "\($0.provider):\($0.reason)" } == ["on-device:contextWindowTooSmall", "large:served"])
        #expect(response.text == "Summarised.")
        let check = try #require(steps.first?.contextCheck)
        #expect(check.method == .counted)
        #expect(check.contextSize == 2048)
        #expect(check.responseTokens == 64)
        let own = try await serverCount(onDevice, request)
        #expect((2700...3300).contains(own), "the prompt is about 3,000 tokens: \(own)")
        #expect(abs(check.tokenCount - own) * 100 <= own, "counted \(check.tokenCount), /tokenize says \(own)")
        #expect(
            TokenEstimate.upperBound(for: request) >= check.tokenCount, "the fast path's bound is never below the count"
        )
        let reason = Diagnostics(language: .english).reason(of: steps[0])
        let format = HumanFormatter(language: .english)
        #expect(
            reason.contains(format.decimal(Double(check.tokenCount), maximumFractionDigits: 0))
                && reason.contains("2048"), "\(reason)")

        // llama-server saw no completion request; the fake saw exactly one.
        #expect(try await !slotRanATask(onDevice), "llama-server ran a completion task")
        #expect(fake.requests.filter { $0.path == "/v1/chat/completions" }.count == 1)

        // The same server does record a completion it is sent: the check above can fail.
        _ = try await onDevice.respond(to: GenerationRequest(prompt: "Hi", options: .init(maximumResponseTokens: 2)))
        #expect(try await slotRanATask(onDevice))
    }
}
