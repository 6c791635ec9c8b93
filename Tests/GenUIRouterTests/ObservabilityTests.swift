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
import MetricsTestKit
import Synchronization
import Testing
import Tracing

@Suite("Chain observability: spans, metrics and logs", .tags(.unit))
struct ObservabilityTests {
    /// One in-memory backend of each kind, injected into a chain.
    struct Backends {
        let tracer = InMemoryTracer(idGenerator: .w3cRandom)
        let metrics = TestMetrics()
        let logs = InMemoryLogHandler()

        /// Every log line and its metadata, span name, attribute, event and status, and metric label and dimension, as
        /// text.
        var everythingEmitted: [String] {
            var emitted: [String] = []
            for entry in logs.entries {
                emitted.append(entry.message.description)
                emitted += entry.metadata.map { "\($0.key)=\($0.value)" }
            }
            for span in tracer.finishedSpans {
                emitted.append(span.operationName)
                span.attributes.forEach { name, value in emitted.append("\(name)=\(value)") }
                emitted += span.events.map { event in "\(event.name) \(event.attributes)" }
                emitted.append("\(String(describing: span.status))")
            }
            for counter in metrics.counters { emitted.append("\(counter.label) \(counter.dimensions)") }
            for timer in metrics.timers { emitted.append("\(timer.label) \(timer.dimensions)") }
            for recorder in metrics.recorders { emitted.append("\(recorder.label) \(recorder.dimensions)") }
            return emitted
        }

        /// The chain most tests route through: `absent` is skipped (not configured), `broken` fails (500), `tiny`
        /// serves, all observed by these backends.
        func skipFailServe() -> ProviderChain {
            ProviderChain(
                name: "main",
                members: [
                    ChainMember(
                        FailingLanguageModel(name: "absent", behavior: .unavailable(.notConfigured(missing: "model")))),
                    ChainMember(
                        FailingLanguageModel(
                            name: "broken", behavior: .fail(.serverError(status: 500, .init(debugDescription: "boom"))))
                    ),
                    ChainMember(ReportingModel(name: "tiny")),
                ],
                options: quickOptions(), observability: observability)
        }

        var observability: ChainObservability {
            var logger = Logger(label: "genui.test") { _ in logs }
            logger.logLevel = .trace
            return ChainObservability(logger: logger, tracer: tracer, metricsFactory: metrics)
        }
    }

    @Test(
        "a request that skips one member, fails on a second and is served by a third gives one chain span with a skip event and a child span per attempt"
    )
    func spanTree() async throws {
        let backends = Backends()
        let chain = backends.skipFailServe()

        let response = try await chain.respond(to: GenerationRequest(prompt: "Hi"))
        #expect(response.metadata.provider == "tiny")
        // The route trace carries the serving step's usage, cached and reasoning tokens included; no other step's.
        let steps = try #require(response.metadata.trace?.steps)
        #expect(
            steps.map(\.usage) == [
                nil, nil, TokenUsage(promptTokens: 12, completionTokens: 3, cachedPromptTokens: 8, reasoningTokens: 2),
            ])

        let spans = backends.tracer.finishedSpans
        #expect(spans.count == 3)
        let root = try #require(spans.first { $0.parentSpanID == nil })
        #expect(root.operationName == "genui.route main")
        #expect(root.attributes["genui.route.outcome"]?.toSpanAttribute() == .string("served"))
        #expect(root.attributes["gen_ai.provider.name"]?.toSpanAttribute() == .string("tiny"))
        #expect(root.attributes["gen_ai.response.model"]?.toSpanAttribute() == .string("tiny-1.0"))
        let skips = root.events.filter { $0.name == "genui.provider.skipped" }
        #expect(skips.count == 1)
        #expect(skips.first?.attributes["gen_ai.provider.name"]?.toSpanAttribute() == .string("absent"))
        #expect(skips.first?.attributes["genui.reason"]?.toSpanAttribute() == .string("notConfigured"))

        let children = spans.filter { $0.parentSpanID == root.spanID }
        #expect(children.count == 2)
        #expect(children.allSatisfy { $0.traceID == root.traceID && $0.kind == .client })
        let failed = try #require(
            children.first { $0.attributes["gen_ai.provider.name"]?.toSpanAttribute() == .string("broken") })
        #expect(failed.operationName == "chat")
        #expect(failed.attributes["error.type"]?.toSpanAttribute() == .string("serverError"))
        #expect(failed.status?.code == .error)
        let served = try #require(
            children.first { $0.attributes["gen_ai.provider.name"]?.toSpanAttribute() == .string("tiny") })
        #expect(served.operationName == "chat tiny-1.0")
        #expect(served.attributes["gen_ai.operation.name"]?.toSpanAttribute() == .string("chat"))
        #expect(served.attributes["gen_ai.response.model"]?.toSpanAttribute() == .string("tiny-1.0"))
        #expect(served.attributes["gen_ai.usage.input_tokens"]?.toSpanAttribute() == .int64(12))
        #expect(served.attributes["gen_ai.usage.output_tokens"]?.toSpanAttribute() == .int64(3))
        #expect(served.attributes["gen_ai.usage.cache_read.input_tokens"]?.toSpanAttribute() == .int64(8))
        #expect(served.attributes["gen_ai.usage.reasoning.output_tokens"]?.toSpanAttribute() == .int64(2))
        #expect(served.attributes["gen_ai.response.finish_reasons"]?.toSpanAttribute() == .stringArray(["stop"]))
        #expect(served.attributes["error.type"] == nil)
    }

    @Test("the same request counts requests per provider and outcome, fallbacks by reason, durations and token usage")
    func metrics() async throws {
        let backends = Backends()
        let chain = backends.skipFailServe()
        _ = try await chain.respond(to: GenerationRequest(prompt: "Hi"))

        let metrics = backends.metrics
        #expect(
            metrics.counterTotal(
                label: "genui.chain.requests", dimensions: [("genui.chain", "main"), ("genui.route.outcome", "served")])
                == 1)
        #expect(
            metrics.counterTotal(
                label: "genui.router.fallbacks",
                dimensions: [
                    ("genui.chain", "main"), ("gen_ai.provider.name", "absent"), ("genui.route.step", "skipped"),
                    ("genui.reason", "notConfigured"),
                ]) == 1)
        #expect(
            metrics.counterTotal(
                label: "genui.router.fallbacks",
                dimensions: [
                    ("genui.chain", "main"), ("gen_ai.provider.name", "broken"), ("genui.route.step", "failed"),
                    ("genui.reason", "serverError"),
                ]) == 1)
        #expect(metrics.counterTotal(label: "genui.router.fallbacks") == 2)
        #expect(
            metrics.counterTotal(
                label: "genui.provider.requests",
                dimensions: [
                    ("gen_ai.provider.name", "broken"), ("genui.route.outcome", "failed"),
                    ("error.type", "serverError"),
                ]) == 1)
        #expect(
            metrics.counterTotal(
                label: "genui.provider.requests",
                dimensions: [
                    ("gen_ai.provider.name", "tiny"), ("genui.route.outcome", "served"),
                ]) == 1)
        let durations = metrics.timers(label: "gen_ai.client.operation.duration")
        #expect(durations.count == 2)
        #expect(durations.allSatisfy { $0.values.count == 1 && $0.values[0] >= 0 })
        let tokens = metrics.recorders(label: "gen_ai.client.token.usage")
        let byType = Dictionary(
            uniqueKeysWithValues: tokens.compactMap { recorder -> (String, [Double])? in
                guard let type = recorder.dimensions.first(where: { $0.0 == "gen_ai.token.type" })?.1 else {
                    return nil
                }
                return (type, recorder.values)
            })
        #expect(byType["input"] == [12])
        #expect(byType["output"] == [3])
    }

    @Test("logs: a debug line per attempt, an info line per fallback, with chain, provider and attempt metadata")
    func logLines() async throws {
        let backends = Backends()
        let chain = backends.skipFailServe()
        _ = try await chain.respond(to: GenerationRequest(prompt: "Hi"))

        let entries = backends.logs.entries
        let attempts = entries.filter { $0.message.description == "attempt started" }
        #expect(attempts.map(\.level) == [.debug, .debug])
        #expect(attempts.compactMap { $0.metadata["genui.provider"]?.description } == ["broken", "tiny"])
        #expect(
            attempts.allSatisfy {
                $0.metadata["genui.chain"]?.description == "main" && $0.metadata["genui.attempt"] != nil
            })
        let fallbacks = entries.filter { $0.message.description == "falling back past a provider" }
        #expect(fallbacks.map(\.level) == [.info, .info])
        #expect(fallbacks.compactMap { $0.metadata["genui.reason"]?.description } == ["notConfigured", "serverError"])
        #expect(!entries.contains { $0.level >= .error })
    }

    @Test("a chain that runs out of providers logs an error and ends its span with the error status and outcome")
    func exhausted() async throws {
        let backends = Backends()
        let chain = ProviderChain(
            name: "lonely",
            members: [
                ChainMember(
                    FailingLanguageModel(
                        name: "broken", behavior: .fail(.serverError(status: 503, .init(debugDescription: "down")))))
            ],
            options: quickOptions(), observability: backends.observability)
        let error = await routingError { _ = try await chain.respond(to: GenerationRequest(prompt: "Hi")) }
        #expect(error?.code == "noProviderAvailable")

        let root = try #require(backends.tracer.finishedSpans.first { $0.parentSpanID == nil })
        #expect(root.status?.code == .error)
        #expect(root.attributes["genui.route.outcome"]?.toSpanAttribute() == .string("noProviderAvailable"))
        #expect(root.attributes["error.type"]?.toSpanAttribute() == .string("noProviderAvailable"))
        let errors = backends.logs.entries.filter { $0.level == .error }
        #expect(errors.map(\.message.description) == ["the chain ran out of providers"])
        #expect(
            backends.metrics.counterTotal(
                label: "genui.chain.requests",
                dimensions: [("genui.chain", "lonely"), ("genui.route.outcome", "noProviderAvailable")]) == 1)
    }

    @Test("a streamed request gets the same span tree as a plain one")
    func streamedSpans() async throws {
        let backends = Backends()
        let chain = ProviderChain(
            name: "stream",
            members: [ChainMember(FailingLanguageModel(name: "a")), ChainMember(ReportingModel(name: "tiny"))],
            options: quickOptions(), observability: backends.observability)
        for try await _ in chain.streamResponse(to: GenerationRequest(prompt: "Hi")) {}
        let spans = backends.tracer.finishedSpans
        let root = try #require(spans.first { $0.parentSpanID == nil })
        #expect(root.attributes["genui.streaming"]?.toSpanAttribute() == .bool(true))
        #expect(spans.filter { $0.parentSpanID == root.spanID }.count == 1)
    }

    @Test(
        "an OpenAI-compatible provider in a chain sends the attempt span's W3C traceparent, and no log line, span or metric holds its API key"
    )
    func traceparentAndNoSecrets() async throws {
        let key = "sk-OBSERVE-\(UUID().uuidString)"
        let variable = "GENUI_OBSERVABILITY_TEST_KEY"
        let seen = Mutex<[String: String]>([:])
        let server = try LoopbackHTTPServer { request, connection in
            switch request.path {
            case "/v1/models":
                connection.respond(
                    json: #"{"object":"list","data":[{"id":"loop-model","object":"model","owned_by":"test"}]}"#)
            case "/v1/chat/completions":
                seen.withLock { $0 = request.headers }
                connection.respond(
                    json:
                        #"{"id":"c1","object":"chat.completion","model":"loop-model","choices":[{"index":0,"message":{"role":"assistant","content":"Hello."},"finish_reason":"stop"}],"usage":{"prompt_tokens":9,"completion_tokens":2,"total_tokens":11}}"#
                )
            default:
                connection.respond(
                    status: 404, json: #"{"error":{"message":"not found","type":"invalid_request_error"}}"#)
            }
        }
        defer { server.stop() }
        let provider = OpenAILanguageModel(
            configuration: .init(
                name: "loop", baseURL: server.baseURL.appendingPathComponent("v1"), model: "loop-model",
                apiKeyEnvironmentVariable: variable, allowInsecure: true),
            environment: .values([variable: key]))
        let backends = Backends()
        let chain = ProviderChain(
            name: "remote", members: [ChainMember(provider)], options: quickOptions(),
            observability: backends.observability)

        let response = try await TraceContextPropagation.$instrument.withValue(W3CInstrument()) {
            try await chain.respond(to: GenerationRequest(prompt: "Hi"))
        }
        #expect(response.text == "Hello.")

        let headers = seen.withLock { $0 }
        #expect(
            headers["authorization"] == "Bearer \(key)", "the provider sent its key, so the scan below means something")
        let traceparent = try #require(headers["traceparent"])
        let parts = traceparent.split(separator: "-").map(String.init)
        #expect(parts.count == 4)
        #expect(parts.first == "00")
        let hex = Set("0123456789abcdef")
        #expect(parts.count == 4 && parts[1].count == 32 && parts[2].count == 16 && parts[3] == "01")
        #expect(parts.dropFirst().allSatisfy { $0.allSatisfy(hex.contains) })
        let spans = backends.tracer.finishedSpans
        let root = try #require(spans.first { $0.parentSpanID == nil })
        let attempt = try #require(spans.first { $0.parentSpanID == root.spanID })
        #expect(parts.count == 4 && parts[1] == root.traceID && parts[2] == attempt.spanID)
        #expect(attempt.operationName == "chat loop-model")

        let emitted = backends.everythingEmitted
        #expect(emitted.count > 10)
        #expect(!emitted.contains { $0.contains(key) || $0.contains(String(key.dropFirst(3))) })
    }
}

/// A model that serves with the metadata a network provider reports: a model name, token usage and a finish reason.
private struct ReportingModel: RoutableModel {
    let name: String
    var timings: GenerationTimings?
    var supportedCapabilities: Set<LanguageModelCapability> { [.guidedGeneration, .streaming] }
    var availability: Availability { .available }

    func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        GenerationResponse(
            content: GeneratedContent(kind: .string("ok")), text: "ok",
            metadata: ResponseMetadata(
                provider: name, model: "\(name)-1.0",
                usage: TokenUsage(promptTokens: 12, completionTokens: 3, cachedPromptTokens: 8, reasoningTokens: 2),
                timings: timings, guided: true, finishReason: .stop))
    }
}

/// An instrument that writes the W3C `traceparent` of the in-memory span in the context, as an OpenTelemetry
/// tracer would.
private struct W3CInstrument: Instrument {
    func extract<Carrier, Extract>(_ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract)
    where Extract: Extractor, Extract.Carrier == Carrier {}

    func inject<Carrier, Inject>(_ context: ServiceContext, into carrier: inout Carrier, using injector: Inject)
    where Inject: Injector, Inject.Carrier == Carrier {
        guard let span = context.inMemorySpanContext else { return }
        injector.inject("00-\(span.traceID)-\(span.spanID)-01", forKey: "traceparent", into: &carrier)
    }
}

extension InMemoryTracer.IDGenerator {
    /// Random W3C-sized identifiers: 16-byte trace ids and 8-byte span ids in lowercase hex.
    static var w3cRandom: Self {
        Self(nextTraceID: { randomHex(bytes: 16) }, nextSpanID: { randomHex(bytes: 8) })
    }

    private static func randomHex(bytes: Int) -> String {
        (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }
}

extension ObservabilityTests {
    @Test("a streamed request records its time to first output once; a plain request records none")
    func timeToFirstOutput() async throws {
        let backends = Backends()
        let chain = ProviderChain(
            name: "stream", members: [ChainMember(ReportingModel(name: "tiny"))], options: quickOptions(),
            observability: backends.observability)
        _ = try await chain.respond(to: GenerationRequest(prompt: "Hi"))
        #expect(backends.metrics.timers(label: "gen_ai.client.operation.time_to_first_chunk").isEmpty)
        for try await _ in chain.streamResponse(to: GenerationRequest(prompt: "Hi")) {}
        let timers = backends.metrics.timers(label: "gen_ai.client.operation.time_to_first_chunk")
        #expect(timers.count == 1)
        #expect(timers.first?.values.count == 1)
        #expect(timers.first?.dimensions.contains { $0 == "gen_ai.provider.name" && $1 == "tiny" } == true)
    }

    @Test("a breaker that opens and later closes is logged at info, counted and marked on the chain span")
    func breakerTransitions() async throws {
        let backends = Backends()
        let flaky = FailingLanguageModel(
            name: "flaky", behavior: .fail(.serverError(status: 500, .init(debugDescription: "boom"))))
        let clock = ManualClock()
        let chain = ProviderChain(
            name: "main", members: [ChainMember(flaky), ChainMember(ReportingModel(name: "tiny"))],
            options: quickOptions(threshold: 1, coolDown: .milliseconds(50)), observability: backends.observability,
            clock: clock.chainClock)
        _ = try await chain.respond(to: GenerationRequest(prompt: "Hi"))
        flaky.behavior = .serve
        clock.advance(by: .milliseconds(50))
        let response = try await chain.respond(to: GenerationRequest(prompt: "Hi"))
        #expect(response.metadata.provider == "flaky")

        let lines = backends.logs.entries.filter { $0.message.description.hasPrefix("circuit breaker") }
        #expect(lines.map(\.message.description) == ["circuit breaker opened", "circuit breaker closed"])
        #expect(lines.allSatisfy { $0.level == .info && $0.metadata["genui.provider"]?.description == "flaky" })
        for state in ["open", "closed"] {
            #expect(
                backends.metrics.counterTotal(
                    label: "genui.breaker.transitions",
                    dimensions: [
                        ("genui.chain", "main"), ("gen_ai.provider.name", "flaky"), ("genui.breaker.state", state),
                    ]) == 1)
        }
        let events = backends.tracer.finishedSpans.filter { $0.parentSpanID == nil }.flatMap(\.events).map(\.name)
        #expect(events.filter { $0.hasPrefix("genui.breaker.") } == ["genui.breaker.opened", "genui.breaker.closed"])
    }

    @Test("a cancelled request ends its chain span and its attempt span as cancelled")
    func cancellation() async throws {
        let backends = Backends()
        let stalled = FailingLanguageModel(name: "stalled", behavior: .stall)
        let chain = ProviderChain(
            name: "main", members: [ChainMember(stalled)],
            options: quickOptions(attempt: .seconds(60), deadline: .seconds(120)),
            observability: backends.observability)
        let task = Task { try await chain.respond(to: GenerationRequest(prompt: "Hi")) }
        while stalled.requestCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
        task.cancel()
        _ = await task.result

        let spans = backends.tracer.finishedSpans
        #expect(spans.count == 2)
        #expect(backends.tracer.activeSpans.isEmpty)
        let root = try #require(spans.first { $0.parentSpanID == nil })
        #expect(root.attributes["genui.route.outcome"]?.toSpanAttribute() == .string("cancelled"))
        let attempt = try #require(spans.first { $0.parentSpanID == root.spanID })
        #expect(attempt.attributes["error.type"]?.toSpanAttribute() == .string("cancelled"))
        #expect(attempt.status?.code == .error)
        #expect(!backends.logs.entries.contains { $0.level >= .error })
    }
}

extension ObservabilityTests {
    @Test("a chain given no logger discards its lines instead of writing to the app's standard output")
    func defaultLoggerIsSilent() {
        #expect(ChainObservability().logger.handler is SwiftLogNoOpLogHandler)
        #expect(ProviderChain(name: "c", models: []).observability.logger.handler is SwiftLogNoOpLogHandler)
    }
}

extension ObservabilityTests {
    @Test("availability checks are timed per provider and status; a check that does not answer in time is a warning")
    func availabilityChecks() async throws {
        let backends = Backends()
        let chain = ProviderChain(
            name: "main",
            members: [
                ChainMember(FailingLanguageModel(name: "hung", behavior: .stallAvailability)),
                ChainMember(ReportingModel(name: "tiny")),
            ],
            options: quickOptions(availability: .milliseconds(200)), observability: backends.observability)
        _ = try await chain.respond(to: GenerationRequest(prompt: "Hi"))

        let timers = backends.metrics.timers(label: "genui.availability.duration")
        let statuses = Set(timers.compactMap { $0.dimensions.first { $0.0 == "genui.availability.status" }?.1 })
        #expect(statuses == ["availabilityCheckTimedOut", "available"])
        let warnings = backends.logs.entries.filter { $0.level == .warning }
        #expect(warnings.map(\.message.description) == ["availability check timed out"])
        #expect(warnings.first?.metadata["genui.provider"]?.description == "hung")
    }

    @Test("the attempt's debug line gives the request's size in messages and bytes, not its text")
    func requestSize() async throws {
        let backends = Backends()
        let chain = ProviderChain(
            name: "main", members: [ChainMember(ReportingModel(name: "tiny"))], options: quickOptions(),
            observability: backends.observability)
        let prompt = "Ünïcode prompt"
        _ = try await chain.respond(to: GenerationRequest(prompt: prompt))
        let line = try #require(backends.logs.entries.first { $0.message.description == "attempt started" })
        #expect(line.metadata["genui.request.messages"]?.description == "1")
        #expect(line.metadata["genui.request.bytes"]?.description == "\(prompt.utf8.count)")
        #expect(
            !backends.logs.entries.contains { entry in
                entry.message.description.contains(prompt)
                    || entry.metadata.values.contains { "\($0)".contains(prompt) }
            })
    }
}

extension ObservabilityTests {
    @Test(
        "a server that echoes the API key in its error bodies and headers puts it in no log line, span or metric of a failed chain"
    )
    func noSecretFromFailures() async throws {
        let key = "sk-ECHO-\(UUID().uuidString)"
        let variable = "GENUI_OBSERVABILITY_ECHO_KEY"
        let server = try LoopbackHTTPServer { request, connection in
            let echoed = JSONWriter.quote(
                "rejected \(request.headers.map { "\($0.key)=\($0.value)" }.joined(separator: " "))")
            let status = request.path == "/v1/models" ? 401 : 500
            connection.respond(
                status: status, json: #"{"error":{"message":\#(echoed),"type":\#(echoed),"code":\#(echoed)}}"#,
                headers: ["X-Echo": key])
        }
        defer { server.stop() }
        let provider = OpenAILanguageModel(
            configuration: .init(
                name: "echo", baseURL: server.baseURL.appendingPathComponent("v1"), model: "m",
                apiKeyEnvironmentVariable: variable),
            environment: .values([variable: key]))
        let backends = Backends()
        let chain = ProviderChain(
            name: "remote",
            members: [
                ChainMember(provider),
                ChainMember(
                    FailingLanguageModel(
                        name: "down", behavior: .fail(.serverError(status: 503, .init(debugDescription: "down"))))),
            ],
            options: quickOptions(), observability: backends.observability)
        _ = await routingError { _ = try await chain.respond(to: GenerationRequest(prompt: "Hi")) }
        _ = await routingError { for try await _ in chain.streamResponse(to: GenerationRequest(prompt: "Hi")) {} }

        #expect(!server.requests.isEmpty)
        let emitted = backends.everythingEmitted
        #expect(emitted.contains { $0.contains("the chain ran out of providers") })
        #expect(!emitted.contains { $0.contains(key) || $0.contains(String(key.dropFirst(3))) })
    }
}

extension ObservabilityTests {
    @Test("the model server's own time is a child span of the attempt, as long as the server says it took")
    func serverTimeSpan() async throws {
        let backends = Backends()
        let timings = GenerationTimings(totalSeconds: 0.25, promptSeconds: 0.05, generationSeconds: 0.2)
        let chain = ProviderChain(
            name: "main", members: [ChainMember(ReportingModel(name: "local", timings: timings))],
            options: quickOptions(),
            observability: backends.observability)
        _ = try await chain.respond(to: GenerationRequest(prompt: "Hi"))

        let spans = backends.tracer.finishedSpans
        let attempt = try #require(spans.first { $0.operationName == "chat local-1.0" })
        let server = try #require(spans.first { $0.operationName == "genui.server local" })
        #expect(server.parentSpanID == attempt.spanID)
        #expect(server.endInstant.nanosecondsSinceEpoch - server.startInstant.nanosecondsSinceEpoch == 250_000_000)
        #expect(server.attributes["genui.server.prompt_seconds"]?.toSpanAttribute() == .double(0.05))
        #expect(server.attributes["genui.server.generation_seconds"]?.toSpanAttribute() == .double(0.2))
    }

    @Test("a response without server timings gets no server span")
    func noServerSpanWithoutTimings() async throws {
        let backends = Backends()
        let chain = ProviderChain(
            name: "main", members: [ChainMember(ReportingModel(name: "remote"))], options: quickOptions(),
            observability: backends.observability)
        _ = try await chain.respond(to: GenerationRequest(prompt: "Hi"))
        #expect(!backends.tracer.finishedSpans.contains { $0.operationName.hasPrefix("genui.server") })
        #expect(backends.tracer.finishedSpans.count == 2)
    }
}
