import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP
import GenUIOllama
import GenUITestSupport
import GenUITesting
import Synchronization
import Testing

/// A protocol-faithful Ollama daemon (docs/api.md): version, tags, show, chat (NDJSON or whole), pull — with faults.
struct FakeOllama {
    typealias Fault = FakeOllamaDaemon.Fault
    let daemon: FakeOllamaDaemon
    let server: LoopbackHTTPServer

    init(fault: Fault = .none, answer: String = #"{"answer":"yes"}"#) throws {
        let daemon = FakeOllamaDaemon(fault: fault, answer: answer)
        self.daemon = daemon
        server = try LoopbackHTTPServer { request, connection in daemon.handle(request, connection) }
    }

    var host: String { "127.0.0.1:\(server.port)" }
}

/// The daemon's behaviour behind ``FakeOllama``.
final class FakeOllamaDaemon: Sendable {
    enum Fault: Sendable {
        case none, cutMidStream, modelNotFound, rateLimited, serverError, errorLine, ignoresFormat, stall
    }

    let installed = Mutex<[String]>(["qwen2.5:0.5b"])
    let fault: Fault
    let answer: String

    init(fault: Fault, answer: String) {
        self.fault = fault
        self.answer = answer
    }

    private func chunk(_ content: String) -> String {
        let escaped = JSONWriter.quote(content)
        return
            #"{"model":"qwen2.5:0.5b","created_at":"2026-01-01T00:00:00.000000000Z","message":{"role":"assistant","content":\#(escaped)},"done":false}"#
            + "\n"
    }

    private let finalChunk =
        #"{"model":"qwen2.5:0.5b","created_at":"2026-01-01T00:00:01Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","total_duration":500000000,"load_duration":1000000,"prompt_eval_count":26,"prompt_eval_duration":100000000,"eval_count":10,"eval_duration":200000000}"#
        + "\n"

    func handle(_ request: LoopbackRequest, _ connection: LoopbackConnection) {
        switch (request.method, request.path) {
        case ("GET", "/api/version"):
            connection.respond(json: #"{"version":"0.12.6"}"#)
        case ("GET", "/api/tags"):
            let models = installed.withLock { $0 }.map {
                #"{"name":"\#($0)","model":"\#($0)","modified_at":"2026-01-01T00:00:00Z","size":397821319,"digest":"a8b0c5157701","details":{"format":"gguf","family":"qwen2","families":["qwen2"],"parameter_size":"494.03M","quantization_level":"Q4_K_M"}}"#
            }
            connection.respond(json: #"{"models":[\#(models.joined(separator: ","))]}"#)
        case ("POST", "/api/show"):
            guard request.json?["model"]?.stringValue == "qwen2.5:0.5b" else {
                connection.respond(status: 404, json: #"{"error":"model 'x' not found"}"#)
                return
            }
            connection.respond(
                json:
                    #"{"modelfile":"FROM x","parameters":"","template":"{{ .Prompt }}","details":{"format":"gguf","family":"qwen2"},"model_info":{"general.architecture":"qwen2","qwen2.context_length":32768,"qwen2.embedding_length":896},"capabilities":["completion","tools","vision"]}"#
            )
        case ("POST", "/api/pull"):
            connection.startStream(contentType: "application/x-ndjson")
            connection.send(#"{"status":"pulling manifest"}"# + "\n")
            for completed in stride(from: 0, through: 1000, by: 250) {
                connection.send(
                    #"{"status":"pulling 6a0746a1ec1a","digest":"sha256:6a0746a1ec1a","total":1000,"completed":\#(completed)}"#
                        + "\n")
                connection.pause(.milliseconds(150))
            }
            for status in ["verifying sha256 digest", "writing manifest", "success"] {
                connection.send(#"{"status":"\#(status)"}"# + "\n")
            }
            installed.withLock { $0.append("llama3.2:latest") }
            connection.endStream()
        case ("POST", "/api/chat"):
            chat(request, connection)
        default:
            connection.respond(status: 404, body: Data("404 page not found".utf8))
        }
    }

    private func chat(_ request: LoopbackRequest, _ connection: LoopbackConnection) {
        switch fault {
        case .modelNotFound:
            connection.respond(status: 404, json: #"{"error":"model 'qwen2.5:0.5b' not found"}"#)
            return
        case .rateLimited:
            connection.respond(status: 429, json: #"{"error":"too many requests"}"#, headers: ["Retry-After": "4"])
            return
        case .serverError:
            connection.respond(status: 500, json: #"{"error":"llama runner process has terminated: exit status 2"}"#)
            return
        case .stall:
            connection.stall(for: .seconds(60))
            return
        default: break
        }
        // Ollama rejects anything but "json" or a schema object as format.
        if let format = request.json?["format"], format.stringValue != "json", format.orderedProperties == nil {
            connection.respond(
                status: 400, json: #"{"error":"invalid format: expected \"json\" or a valid JSON schema"}"#)
            return
        }
        let text = fault == .ignoresFormat ? "Sure! The answer is yes." : answer
        if request.json?["stream"]?.boolValue == false {
            let whole =
                #"{"model":"qwen2.5:0.5b","created_at":"2026-01-01T00:00:01Z","message":{"role":"assistant","content":\#(JSONWriter.quote(text))},"done":true,"done_reason":"stop","total_duration":500000000,"load_duration":1000000,"prompt_eval_count":26,"prompt_eval_duration":100000000,"eval_count":10,"eval_duration":200000000}"#
            connection.respond(json: whole)
            return
        }
        connection.startStream(contentType: "application/x-ndjson")
        let middle = text.index(text.startIndex, offsetBy: text.count / 2)
        connection.send(chunk(String(text[..<middle])))
        connection.pause(.milliseconds(20))
        switch fault {
        case .cutMidStream:
            connection.send(#"{"model":"qwen2.5:0.5b","message":{"role":"assi"#)
            connection.abort()
            return
        case .errorLine:
            connection.send(#"{"error":"an error was encountered while running the model: unexpected EOF"}"# + "\n")
            connection.endStream()
            return
        default: break
        }
        connection.send(chunk(String(text[middle...])))
        connection.send(finalChunk)
        connection.endStream()
    }
}

@Suite("Ollama provider against a protocol-faithful fake", .tags(.unit))
struct OllamaProviderTests {
    private func provider(_ fake: FakeOllama, model: String = "qwen2.5:0.5b", timeout: Duration = .seconds(10))
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
        let fake = try FakeOllama()
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
        let fake = try FakeOllama()
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
        let fake = try FakeOllama()
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
        let fake = try FakeOllama(answer: "Hello there, friend.")
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
        let fake = try FakeOllama(fault: .cutMidStream, answer: "Hello there, friend.")
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
        func failure(_ fault: FakeOllama.Fault, schema: GenerationSchema? = nil, stream: Bool = false) async throws
            -> GenUIError?
        {
            let fake = try FakeOllama(fault: fault)
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
        let fake = try FakeOllama()
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
        let fake = try FakeOllama(fault: .stall)
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
