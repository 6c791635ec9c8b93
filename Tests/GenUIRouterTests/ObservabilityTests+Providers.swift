import Foundation
import GenUI
import GenUIHTTP
import GenUIOpenAI
import GenUIRouter
import GenUITestSupport
import GenUITesting
import InMemoryLogging
import InMemoryTracing
import Instrumentation
import Logging
import Synchronization
import Testing
import Tracing

/// A loopback OpenAI-compatible server that serves `model` and echoes nothing; `probeDelay` holds the model listing.
private func openAIServer(
    answering model: String = "served-model", answer: String = "Hello.", probeDelay: TimeInterval = 0,
    seen: SeenHeaders? = nil
) throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer { request, connection in
        switch request.path {
        case "/v1/models":
            if probeDelay > 0 { Thread.sleep(forTimeInterval: probeDelay) }
            connection.respond(
                json: #"{"object":"list","data":[{"id":"\#(model)","object":"model","owned_by":"test"}]}"#)
        case "/v1/chat/completions":
            seen?.record(request.headers)
            connection.respond(
                json:
                    #"{"id":"c1","object":"chat.completion","model":"\#(model)","choices":[{"index":0,"message":{"role":"assistant","content":"\#(answer)"},"finish_reason":"stop"}],"usage":{"prompt_tokens":9,"completion_tokens":2,"total_tokens":11}}"#
            )
        default:
            connection.respond(status: 404, json: #"{"error":{"message":"not found","type":"invalid_request_error"}}"#)
        }
    }
}

/// The headers of the last chat request a loopback server received.
private final class SeenHeaders: Sendable {
    private let value = Mutex<[String: String]>([:])
    var headers: [String: String] { value.withLock { $0 } }
    func record(_ headers: [String: String]) { value.withLock { $0 = headers } }
}

private func debugLogger(_ handler: InMemoryLogHandler) -> Logger {
    var logger = Logger(label: "genui.test") { _ in handler }
    logger.logLevel = .debug
    return logger
}

/// Every log line's message and metadata as text.
private func logText(_ handler: InMemoryLogHandler) -> [String] {
    handler.entries.map { entry in
        ([entry.message.description] + entry.metadata.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
    }
}

@Suite("Provider observability: HTTP request lines, slow checks, request model, trace context", .tags(.unit))
struct ProviderObservabilityTests {
    @Test(
        "an HTTP provider logs each request at debug with method, path, status, sizes and duration, and never its key, host, prompt or answer"
    )
    func requestLines() async throws {
        let key = "sk-LOGGED-\(UUID().uuidString)"
        let variable = "GENUI_PROVIDER_LOG_TEST_KEY"
        let seen = SeenHeaders()
        let answer = "SECRET-ANSWER-\(UUID().uuidString)"
        let server = try openAIServer(answer: answer, seen: seen)
        defer { server.stop() }
        let logs = InMemoryLogHandler()
        let provider = OpenAILanguageModel(
            configuration: .init(
                name: "loop", baseURL: server.baseURL.appendingPathComponent("v1"), model: "served-model",
                apiKeyEnvironmentVariable: variable, allowInsecure: true),
            environment: .values([variable: key]), logger: debugLogger(logs))
        let prompt = "SECRET-PROMPT-\(UUID().uuidString)"

        let availability = await provider.availability
        #expect(availability == .available)
        let response = try await provider.respond(to: GenerationRequest(prompt: prompt))
        #expect(response.text == answer)
        #expect(seen.headers["authorization"] == "Bearer \(key)", "the key was sent, so the scan below means something")

        let lines = logs.entries.filter { $0.message.description == "http request finished" }
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.level == .debug && $0.metadata["genui.provider"]?.description == "loop" })
        let probe = try #require(lines.first { $0.metadata["url.path"]?.description == "/v1/models" })
        #expect(probe.metadata["http.request.method"]?.description == "GET")
        #expect(probe.metadata["http.response.status_code"]?.description == "200")
        let chat = try #require(lines.first { $0.metadata["url.path"]?.description == "/v1/chat/completions" })
        #expect(chat.metadata["http.request.method"]?.description == "POST")
        #expect(chat.metadata["http.response.status_code"]?.description == "200")
        let sentBytes = server.requests.first { $0.path == "/v1/chat/completions" }?.body.count
        #expect(chat.metadata["http.request.body.size"]?.description == sentBytes.map(String.init))
        #expect(Int(chat.metadata["http.response.body.size"]?.description ?? "") ?? 0 > answer.utf8.count)
        #expect(Double(chat.metadata["genui.seconds"]?.description ?? "") != nil)

        let text = logText(logs)
        #expect(
            !text.contains { line in
                line.contains(key) || line.contains(String(key.dropFirst(3))) || line.contains(prompt)
                    || line.contains(answer) || line.contains("127.0.0.1") || line.contains("\(server.port)")
            })
    }

    @Test("a streamed request is logged when its body ends, with the bytes received")
    func streamedRequestLine() async throws {
        let server = try LoopbackHTTPServer { request, connection in
            connection.respond(
                status: 200, headers: ["Content-Type": "text/event-stream"],
                body: Data(
                    "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n"
                        .utf8))
        }
        defer { server.stop() }
        let logs = InMemoryLogHandler()
        let provider = OpenAILanguageModel(
            configuration: .init(
                name: "loop", baseURL: server.baseURL.appendingPathComponent("v1"), model: "m",
                apiKeyEnvironmentVariable: nil),
            logger: debugLogger(logs))
        for try await _ in provider.streamResponse(to: GenerationRequest(prompt: "Hi")) {}
        // The stream ends at `[DONE]`; the transfer's end, which writes the line, may come a moment later.
        let logged = await eventually { logs.entries.contains { $0.message.description == "http request finished" } }
        #expect(logged, "no line when the body ended")
        let line = try #require(logs.entries.first { $0.message.description == "http request finished" })
        #expect(line.metadata["url.path"]?.description == "/v1/chat/completions")
        #expect(Int(line.metadata["http.response.body.size"]?.description ?? "") ?? 0 > 40)
    }

    @Test(
        "an availability check that takes half its timeout or longer is a warning with its seconds and answer; a quick one is not"
    )
    func slowAvailabilityCheck() async throws {
        let slow = try openAIServer(probeDelay: 0.8)
        defer { slow.stop() }
        let logs = InMemoryLogHandler()
        let provider = OpenAILanguageModel(
            configuration: .init(
                name: "slow", baseURL: slow.baseURL.appendingPathComponent("v1"), model: "served-model",
                apiKeyEnvironmentVariable: nil, availabilityTimeout: .seconds(1)),
            logger: debugLogger(logs))
        _ = await provider.availability
        let warning = try #require(logs.entries.first { $0.level == .warning })
        #expect(warning.message.description == "availability check slow")
        #expect(warning.metadata["genui.provider"]?.description == "slow")
        #expect(Double(warning.metadata["genui.seconds"]?.description ?? "") ?? 0 >= 0.5)
        #expect(warning.metadata["genui.limit_seconds"]?.description == "1.0")
        #expect(warning.metadata["genui.availability.status"] != nil)

        let quick = try openAIServer()
        defer { quick.stop() }
        let quickLogs = InMemoryLogHandler()
        let quickProvider = OpenAILanguageModel(
            configuration: .init(
                name: "quick", baseURL: quick.baseURL.appendingPathComponent("v1"), model: "served-model",
                apiKeyEnvironmentVariable: nil, availabilityTimeout: .seconds(60)),
            logger: debugLogger(quickLogs))
        let quickAvailability = await quickProvider.availability
        #expect(quickAvailability == .available)
        #expect(!quickLogs.entries.contains { $0.level == .warning })
    }

    @Test(
        "the attempt span is named after the model the provider asks for and carries it as gen_ai.request.model, beside the model that answered"
    )
    func requestModelOnAttemptSpan() async throws {
        let server = try openAIServer(answering: "served-model-2025")
        defer { server.stop() }
        let provider = OpenAILanguageModel(
            configuration: .init(
                name: "loop", baseURL: server.baseURL.appendingPathComponent("v1"), model: "asked-model",
                apiKeyEnvironmentVariable: nil))
        let tracer = InMemoryTracer()
        let chain = ProviderChain(
            name: "main", members: [ChainMember(provider)], options: quickOptions(),
            observability: ChainObservability(tracer: tracer))
        _ = try await chain.respond(to: GenerationRequest(prompt: "Hi"))
        let attempt = try #require(tracer.finishedSpans.first { $0.kind == .client })
        #expect(attempt.operationName == "chat asked-model")
        #expect(attempt.attributes["gen_ai.request.model"]?.toSpanAttribute() == .string("asked-model"))
        #expect(attempt.attributes["gen_ai.response.model"]?.toSpanAttribute() == .string("served-model-2025"))
        #expect(provider.requestedModelName == "asked-model")
    }

    @Test(
        "a tracer injected into the chain, with nothing bootstrapped, writes the attempt's traceparent on the provider's HTTP request"
    )
    func injectedTracerPropagates() async throws {
        let seen = SeenHeaders()
        let server = try openAIServer(seen: seen)
        defer { server.stop() }
        let provider = OpenAILanguageModel(
            configuration: .init(
                name: "loop", baseURL: server.baseURL.appendingPathComponent("v1"), model: "served-model",
                apiKeyEnvironmentVariable: nil))
        let tracer = W3CTracer()
        let chain = ProviderChain(
            name: "main", members: [ChainMember(provider)], options: quickOptions(),
            observability: ChainObservability(tracer: tracer))
        #expect(InstrumentationSystem.instrument is NoOpInstrument, "nothing is bootstrapped in this process")
        _ = try await chain.respond(to: GenerationRequest(prompt: "Hi"))

        let traceparent = try #require(seen.headers["traceparent"])
        let attempt = try #require(tracer.base.finishedSpans.first { $0.kind == .client })
        #expect(traceparent == "00-\(attempt.traceID)-\(attempt.spanID)-01")
    }
}

/// A tracer the app injects into a chain without bootstrapping it: in-memory spans, and the W3C `traceparent` an
/// OpenTelemetry tracer writes.
struct W3CTracer: Tracer {
    let base = InMemoryTracer(idGenerator: .w3cRandom)

    func startSpan<Instant: TracerInstant>(
        _ operationName: String, context: @autoclosure () -> ServiceContext, ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> InMemorySpan {
        base.startSpan(
            operationName, context: context(), ofKind: kind, at: instant(), function: function, file: fileID, line: line
        )
    }

    func forceFlush() {}

    func extract<Carrier, Extract>(_ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract)
    where Extract: Extractor, Extract.Carrier == Carrier {}

    func inject<Carrier, Inject>(_ context: ServiceContext, into carrier: inout Carrier, using injector: Inject)
    where Inject: Injector, Inject.Carrier == Carrier {
        guard let span = context.inMemorySpanContext else { return }
        injector.inject("00-\(span.traceID)-\(span.spanID)-01", forKey: "traceparent", into: &carrier)
    }
}
