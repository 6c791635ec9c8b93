import Foundation
import GenUI
import GenUIOnDevice
import GenUIRouter
import GenUITestSupport
import InMemoryLogging
import InMemoryTracing
import Logging
import Testing
import Tracing

/// The managed llama-server's logs and spans, with the real llama-server and SmolLM2 (GENUI_LLAMA_SERVER,
/// GENUI_TEST_MODEL, or scripts/bootstrap's install). Under CI a missing runtime fails these tests; elsewhere they are
/// skipped with a message.
@Suite("Managed server observability", .tags(.llamaServer), .serialized)
struct ManagedServerObservabilityTests {
    static let serverPath = OnDeviceRuntime.serverPath
    static let modelPath = OnDeviceRuntime.modelPath
    static let enabled = OnDeviceRuntime.enabled

    @Test(
        "the managed llama-server logs its start (pid, port, model file, seconds) and stop at info, and its start is a genui.server.start span under the attempt that caused it",
        .enabled(if: enabled, "llama-server and SmolLM2 are not installed"))
    func startAndStop() async throws {
        try OnDeviceRuntime.require()
        let logs = InMemoryLogHandler()
        var logger = Logger(label: "genui.test") { _ in logs }
        logger.logLevel = .debug
        let model = OnDeviceLanguageModel(
            configuration: OnDeviceConfiguration(
                name: "on-device", modelPath: Self.modelPath, serverPath: Self.serverPath, contextSize: 1024,
                threads: 2,
                idleShutdownSeconds: 120, startTimeoutSeconds: 300, requestTimeoutSeconds: 300),
            logger: logger)
        let tracer = InMemoryTracer()
        let chain = ProviderChain(
            name: "local", members: [ChainMember(model)],
            options: quickOptions(attempt: .seconds(300), deadline: .seconds(600)),
            observability: ChainObservability(tracer: tracer))
        let response = try await chain.respond(
            to: GenerationRequest(
                prompt: "Say hi.", options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 4)))
        #expect(response.metadata.provider == "on-device")
        let pid = try #require(await model.serverProcessID)
        await model.shutdown()

        let fileName = URL(fileURLWithPath: Self.modelPath).lastPathComponent
        let started = try #require(logs.entries.first { $0.message.description == "llama-server started" })
        #expect(started.level == .info)
        #expect(started.metadata["genui.provider"]?.description == "on-device")
        #expect(started.metadata["genui.server.pid"]?.description == "\(pid)")
        let port = try #require(Int(started.metadata["genui.server.port"]?.description ?? ""))
        #expect(port > 0)
        #expect(started.metadata["genui.server.model"]?.description == fileName)
        #expect((Double(started.metadata["genui.seconds"]?.description ?? "") ?? -1) > 0)
        let stopped = try #require(logs.entries.first { $0.message.description == "llama-server stopped" })
        #expect(stopped.level == .info)
        #expect(stopped.metadata["genui.server.pid"]?.description == "\(pid)")
        #expect(stopped.metadata["genui.server.stop_reason"]?.description == "shutdown")
        // Requests to the server are logged at debug; the start's health polls are not.
        let requests = logs.entries.filter { $0.message.description == "http request finished" }
        #expect(requests.contains { $0.metadata["url.path"]?.description == "/completion" })
        #expect(!requests.contains { $0.metadata["url.path"]?.description == "/health" })
        // Neither the model's directories nor a prompt appear.
        let directory = URL(fileURLWithPath: Self.modelPath).deletingLastPathComponent().path
        #expect(
            !logs.entries.contains {
                "\($0.message) \($0.metadata)".contains(directory) || "\($0.metadata)".contains("Say hi")
            })

        let spans = tracer.finishedSpans
        let attempt = try #require(spans.first { $0.kind == .client })
        #expect(attempt.operationName == "chat \(fileName.replacingOccurrences(of: ".gguf", with: ""))")
        let start = try #require(spans.first { $0.operationName == "genui.server.start" })
        #expect(start.parentSpanID == attempt.spanID)
        #expect(start.traceID == attempt.traceID)
        #expect(start.kind == .internal)
        #expect(start.attributes["genui.server.pid"]?.toSpanAttribute() == .int64(Int64(pid)))
        #expect(start.attributes["genui.server.port"]?.toSpanAttribute() == .int64(Int64(port)))
        #expect(start.attributes["gen_ai.provider.name"]?.toSpanAttribute() == .string("on-device"))
        #expect(start.endInstant.nanosecondsSinceEpoch <= attempt.endInstant.nanosecondsSinceEpoch)
    }

    @Test(
        "a llama-server that exits while starting is logged as an error and its start span ends with the error status",
        .enabled(if: enabled, "llama-server and SmolLM2 are not installed"))
    func failedStart() async throws {
        try OnDeviceRuntime.require()
        let logs = InMemoryLogHandler()
        var logger = Logger(label: "genui.test") { _ in logs }
        logger.logLevel = .info
        // An option llama-server does not know: it exits at once, before listening.
        let model = OnDeviceLanguageModel(
            configuration: OnDeviceConfiguration(
                name: "on-device", modelPath: Self.modelPath, serverPath: Self.serverPath, contextSize: 1024,
                threads: 1,
                startTimeoutSeconds: 120, requestTimeoutSeconds: 120, extraArguments: ["--no-such-genui-option"]),
            logger: logger)
        let tracer = InMemoryTracer()
        let chain = ProviderChain(
            name: "local", members: [ChainMember(model)],
            options: quickOptions(attempt: .seconds(200), deadline: .seconds(300)),
            observability: ChainObservability(tracer: tracer))
        _ = await routingError { _ = try await chain.respond(to: GenerationRequest(prompt: "Hi")) }
        await model.shutdown()

        let failure = try #require(logs.entries.first { $0.message.description == "llama-server did not start" })
        #expect(failure.level == .error)
        // It exited with a status before it served: the runtime failed, a reason (runtimeFailed), not a server error.
        #expect(failure.metadata["error.type"]?.description == "unavailable")
        #expect(!logs.entries.contains { $0.message.description == "llama-server started" })
        let start = try #require(tracer.finishedSpans.first { $0.operationName == "genui.server.start" })
        #expect(start.status?.code == .error)
        #expect(start.attributes["error.type"]?.toSpanAttribute() == .string("unavailable"))
    }
}
