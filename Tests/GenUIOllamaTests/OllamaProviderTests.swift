import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP
import GenUIOllama
import GenUITestSupport
import GenUITesting
import Synchronization
import Testing

/// The Ollama daemon these tests run against (``OllamaWireFake``): `qwen2.5:0.5b` installed, with tools and vision,
/// a 32,768-token context, answering `answer` to every chat; a pull reports five progress lines 150 ms apart.
private func daemon(fault: OllamaWireFake.Fault? = nil, answer: String = #"{"answer":"yes"}"#) throws -> OllamaWireFake
{
    try OllamaWireFake(
        model: "qwen2.5:0.5b", capabilities: ["completion", "tools", "vision"], fault: fault, answer: answer,
        pullSteps: 4, pullPause: .milliseconds(150))
}

@Suite("Ollama provider against a protocol-faithful fake", .tags(.unit))
struct OllamaProviderTests {
    private func provider(_ fake: OllamaWireFake, model: String = "qwen2.5:0.5b", timeout: Duration = .seconds(10))
        -> OllamaLanguageModel
    {
        OllamaLanguageModel(
            configuration: OllamaConfiguration(
                host: fake.host, model: model, keepAlive: "5m", contextLength: 4096, requestTimeout: timeout,
                availabilityTimeout: .seconds(5)))
    }

    @Test("OLLAMA_HOST conventions: default, bare host, explicit scheme default ports, 0.0.0.0")
    func hostResolution() {
        #expect(OllamaConfiguration.resolveHost("").absoluteString == "http://127.0.0.1:11434")
        #expect(OllamaConfiguration.resolveHost("example.com").absoluteString == "http://example.com:11434")
        #expect(OllamaConfiguration.resolveHost("example.com:8080").absoluteString == "http://example.com:8080")
        #expect(OllamaConfiguration.resolveHost("http://example.com").absoluteString == "http://example.com:80")
        #expect(OllamaConfiguration.resolveHost("https://example.com").absoluteString == "https://example.com:443")
        #expect(OllamaConfiguration.resolveHost("0.0.0.0").absoluteString == "http://127.0.0.1:11434")
        #expect(OllamaConfiguration.resolveHost("0.0.0.0:9999").absoluteString == "http://127.0.0.1:9999")
    }

    @Test("availability: available when tagged, modelNotInstalled when not, unreachable when refused or silent")
    func availability() async throws {
        let fake = try daemon()
        defer { fake.server.stop() }
        #expect(await provider(fake).availability == .available)
        #expect(
            await provider(fake, model: "qwen2.5").availability == .unavailable(.modelNotInstalled(name: "qwen2.5")))
        let refused = OllamaLanguageModel(
            configuration: OllamaConfiguration(host: "127.0.0.1:\(unusedLoopbackPort())", model: "m"))
        #expect(
            await refused.availability
                == .unavailable(.unreachable(endpoint: refused.configuration.baseURL.absoluteString)))
        let silent = try LoopbackHTTPServer { _, connection in connection.stall(for: .seconds(60)) }
        defer { silent.stop() }
        let blackhole = OllamaLanguageModel(
            configuration: OllamaConfiguration(
                host: "127.0.0.1:\(silent.port)", model: "m", availabilityTimeout: .milliseconds(300)))
        guard case .unavailable(.unreachable) = await blackhole.availability else {
            Issue.record("a silent server must be unreachable")
            return
        }
    }

    @Test("capabilities and context length come from /api/show and are cached")
    func capabilities() async throws {
        let fake = try daemon()
        defer { fake.server.stop() }
        let model = provider(fake)
        let capabilities = await model.supportedCapabilities
        #expect(capabilities.isSuperset(of: [.guidedGeneration, .streaming, .toolCalling, .vision]))
        #expect(!capabilities.contains(.reasoning))
        #expect(await model.contextLength == 32768)
        _ = await model.supportedCapabilities
        #expect(fake.server.requests.filter { $0.path == "/api/show" }.count == 1)
    }

    @Test("guided generation sends format = schema, options and keep_alive, and validates the answer")
    func guidedRequest() async throws {
        let fake = try daemon()
        defer { fake.server.stop() }
        let response = try await provider(fake).respond(
            to: GenerationRequest(
                prompt: "Sky blue?", schema: verdictSchema,
                options: .init(sampling: .random(top: 20, seed: 42), temperature: 0.7, maximumResponseTokens: 64)))
        #expect(try response.content.value(String.self, forProperty: "answer") == "yes")
        #expect(response.metadata.usage == TokenUsage(promptTokens: 26, completionTokens: 10))
        #expect(response.metadata.timings?.generationTokensPerSecond == 50)
        #expect(response.metadata.timings?.promptSeconds == 0.1)
        #expect(response.metadata.timings?.generationSeconds == 0.2)
        #expect(response.metadata.finishReason == .stop)
        let body = try #require(fake.server.requests.first { $0.path == "/api/chat" }?.json)
        #expect(body["model"]?.stringValue == "qwen2.5:0.5b")
        #expect(body["stream"]?.boolValue == false)
        #expect(body["format"]?["properties"]?["answer"]?["enum"] != nil)
        #expect(body["options"]?["temperature"]?.numberValue == 0.7)
        #expect(body["options"]?["top_k"]?.intValue == 20)
        #expect(body["options"]?["seed"]?.intValue == 42)
        #expect(body["options"]?["num_predict"]?.intValue == 64)
        #expect(body["options"]?["num_ctx"]?.intValue == 4096)
        #expect(body["keep_alive"]?.stringValue == "5m")
        #expect(body["messages"]?.elements?.first?["role"]?.stringValue == "system")
    }

    @Test("NDJSON streaming yields the deltas and a completion with Ollama's statistics")
    func streaming() async throws {
        let fake = try daemon(answer: "Hello there, friend.")
        defer { fake.server.stop() }
        var deltas: [String] = []
        var completed: GenerationResponse?
        for try await event in provider(fake).streamResponse(to: GenerationRequest(prompt: "Hi")) {
            if case .delta(let text) = event { deltas.append(text) }
            if case .completed(let response) = event { completed = response }
        }
        #expect(deltas.count == 2)
        #expect(completed?.text == "Hello there, friend.")
        #expect(completed?.metadata.usage.completionTokens == 10)
    }

    @Test("a stream cut mid-document is a lost connection after the text that arrived")
    func cutStream() async throws {
        let fake = try daemon(fault: .cutStream, answer: "Hello there, friend.")
        defer { fake.server.stop() }
        var deltas: [String] = []
        do {
            for try await event in provider(fake).streamResponse(to: GenerationRequest(prompt: "Hi")) {
                if case .delta(let text) = event { deltas.append(text) }
            }
            Issue.record("expected the cut to surface")
        } catch let error as GenUIError {
            guard case .transport(.connectionLost, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(error.provider == "ollama")
        }
        #expect(deltas == ["Hello ther"])
    }

    @Test("faults map to typed errors: 404 model, 429 with Retry-After, 500, an error line, ignored format, timeout")
    func faults() async throws {
        func failure(_ fault: OllamaWireFake.Fault, schema: GenerationSchema? = nil, stream: Bool = false) async throws
            -> GenUIError?
        {
            let fake = try daemon(fault: fault)
            defer { fake.server.stop() }
            let model = provider(fake, timeout: .milliseconds(500))
            let request = GenerationRequest(prompt: "Hi", schema: schema)
            do {
                if stream {
                    for try await _ in model.streamResponse(to: request) {}
                } else {
                    _ = try await model.respond(to: request)
                }
                return nil
            } catch let error as GenUIError {
                return error
            }
        }
        let notFound = try await failure(.modelNotFound)
        guard case .unavailable(.modelNotInstalled("qwen2.5:0.5b"), let context) = notFound else {
            Issue.record("unexpected \(String(describing: notFound))")
            return
        }
        #expect(context.debugDescription.contains("ollama pull qwen2.5:0.5b"))
        guard case .rateLimited(let wait, _) = try await failure(.rateLimited) else {
            Issue.record("expected rateLimited")
            return
        }
        #expect(wait == .seconds(4))
        guard case .serverError(500, _) = try await failure(.serverError) else {
            Issue.record("expected a 500")
            return
        }
        #expect(try await failure(.errorLine, stream: true)?.code == "serverError")
        #expect(try await failure(.ignoresFormat, schema: verdictSchema)?.code == "decodingFailure")
        #expect(try await failure(.stall)?.code == "timedOut")
    }

    @Test("a pull started by the provider makes the model modelNotReady with progress, then available")
    func pull() async throws {
        let fake = try daemon()
        defer { fake.server.stop() }
        let model = provider(fake, model: "llama3.2")
        #expect(await model.availability == .unavailable(.modelNotInstalled(name: "llama3.2")))
        var sawProgress = false
        for try await progress in model.pull() where progress.fraction != nil && progress.fraction! < 1 {
            guard case .unavailable(.modelNotReady(let fraction, let detail)) = await model.availability else {
                Issue.record("expected modelNotReady during the pull")
                break
            }
            // The pull runs on without waiting for this loop, so availability shows the progress just seen or a
            // later line of the same pull, never an earlier one.
            let seen = try #require(progress.fraction)
            let reported = try #require(fraction)
            #expect(reported >= seen && reported <= 1)
            #expect(detail?.contains("pulling") == true)
            sawProgress = true
        }
        #expect(sawProgress)
        #expect(await model.availability == .available)
    }

    @Test("cancelling a generation that stalls closes the connection to the daemon")
    func cancellation() async throws {
        let fake = try daemon(fault: .stall)
        defer { fake.server.stop() }
        let model = provider(fake, timeout: .seconds(120))
        let task = Task {
            for try await _ in model.streamResponse(to: GenerationRequest(prompt: "Hi")) {}
        }
        while !fake.server.requests.contains(where: { $0.path == "/api/chat" }) {
            try await Task.sleep(for: .milliseconds(10))
        }
        task.cancel()
        // A cancelled AsyncThrowingStream ends its iteration; what matters is that the transfer stops.
        _ = await task.result
        #expect(await fake.server.waitForClientClosure())
    }
}
