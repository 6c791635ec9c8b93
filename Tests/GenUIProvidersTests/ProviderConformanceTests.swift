import Foundation
import GenUI
import GenUIAnthropic
import GenUIGemini
import GenUIHTTP
import GenUIOllama
import GenUIOpenAI
import GenUITestSupport
import GenUITesting
import Synchronization
import Testing

@testable import GenUIOnDevice

/// The suite's settings for real models: small answers keep the runs short; the first on-device request also starts
/// llama-server, so a generation may take as long as a start.
private let conformanceOptions = LanguageModelConformance.Options(
    generationTimeout: .seconds(120), cancellationGrace: .seconds(10), maximumResponseTokens: 96)

/// `report` passed, except for the checks in `knownDefects` (check name → the provider defect, reported to the
/// provider's owner), and its tool checks ran rather than being skipped. A known defect that no longer fails is an
/// issue too (unless `intermittent`: a model may pass by chance), so the entry is removed once it is fixed.
private func expectConforms(
    _ report: ConformanceReport, knownDefects: [String: String] = [:], intermittent: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let unexpected = report.failures.filter { knownDefects[$0.name] == nil }
    #expect(unexpected.isEmpty, "\(report.model):\n\(report)", sourceLocation: sourceLocation)
    for (check, defect) in knownDefects.sorted(by: { $0.key < $1.key }) {
        withKnownIssue(Comment(rawValue: defect), isIntermittent: intermittent) {
            #expect(
                !report.failures.contains { $0.name == check }, "\(report.model): \(check)",
                sourceLocation: sourceLocation)
        }
    }
    let ran = report.checks.filter { !$0.skipped }.map(\.name)
    #expect(ran.contains(LanguageModelConformance.ToolCheck.offered), "\(report)", sourceLocation: sourceLocation)
    #expect(
        ran.contains(LanguageModelConformance.ToolCheck.foreignCallsBack), "\(report)", sourceLocation: sourceLocation)
    if ProcessInfo.processInfo.environment["GENUI_PRINT_CONFORMANCE"] != nil { print("\(report.model):\n\(report)") }
}

/// Seen in about 3 of 10 runs, through both the OpenAI-compatible and the Anthropic endpoint, each on a server of
/// its own: a request with a tool gets no answer within the 120 s generation limit, where it otherwise takes about
/// a second (96 tokens at most). Not CPU starvation (the server generated 120 tokens per second just before, with
/// one thread), and not reproduced by repeating the same tool request alone. In the one server log kept so far,
/// the last lines are the slot taking the request whose prompt it already held entirely ("need to evaluate at
/// least 1 token … n_past was set to 33"), a path an earlier request of the same run had passed through fine.
/// The server's log is kept with the test outputs (``JinjaLlamaServer/logPath``).
private let llamaServerToolHang =
    "llama-server --jinja with SmolLM2 sometimes never answers a request with a tool (cause not known; see its log)"

@Suite("Every shipped provider passes the conformance suite, tool checks included", .tags(.llamaServer))
struct ProviderConformanceTests {
    @Test(
        "the on-device provider (llama-server with SmolLM2, genui's grammar)", .enabled(if: OnDeviceFixture.shouldRun))
    func onDevice() async throws {
        let model = OnDeviceLanguageModel(
            configuration: try OnDeviceFixture.configuration(name: "on-device-conformance"))
        let report = await LanguageModelConformance.run(model, options: conformanceOptions)
        await model.shutdown()
        expectConforms(report)
    }

    @Test(
        "the OpenAI-compatible provider against llama-server --jinja (/v1/chat/completions)",
        .enabled(if: LlamaTestEnvironment.runnable))
    func openAIOnLlamaServer() async throws {
        try await JinjaLlamaServer.with { server in
            let openAI = OpenAILanguageModel(
                configuration: OpenAIConfiguration(
                    name: "llama-openai", baseURL: server.baseURL.appendingPathComponent("v1"), model: "smollm2",
                    apiKeyEnvironmentVariable: nil, requestTimeout: .seconds(120), sendsTopK: true))
            expectConforms(
                await LanguageModelConformance.run(openAI, options: conformanceOptions),
                knownDefects: [LanguageModelConformance.ToolCheck.offered: llamaServerToolHang], intermittent: true)
        }
    }

    /// Each provider gets a server of its own, one after the other, with one thread (``JinjaLlamaServer``).
    @Test(
        "the Anthropic provider against llama-server --jinja (/v1/messages)",
        .enabled(if: LlamaTestEnvironment.runnable))
    func anthropicOnLlamaServer() async throws {
        try await JinjaLlamaServer.with { server in
            let anthropic = AnthropicLanguageModel(
                configuration: AnthropicConfiguration(
                    name: "llama-anthropic", baseURL: server.baseURL, model: "smollm2", apiKeyEnvironmentVariable: nil,
                    requestTimeout: .seconds(120)))
            // llama-server's /v1/messages ignores both ways the provider asks for guided output
            // (`output_config.format`, and a forced tool with `tool_choice`), without an error that would let
            // `.automatic` switch: SmolLM2 answers free text, so the claimed guided generation is not real against
            // this server.
            expectConforms(
                await LanguageModelConformance.run(anthropic, options: conformanceOptions),
                knownDefects: [
                    "guided output validates against the schema":
                        "llama-server's /v1/messages ignores output_config.format and tool_choice; guided output is unconstrained",
                    LanguageModelConformance.ToolCheck.offered: llamaServerToolHang,
                ], intermittent: true)
        }
    }

    @Test("the Ollama provider against a protocol-faithful daemon")
    func ollama() async throws {
        let fake = try OllamaWireFake(
            capabilities: ["completion", "tools", "thinking"], contextLength: 40960, usage: (40, 12))
        defer { fake.stop() }
        let model = fake.provider()
        let report = await LanguageModelConformance.run(model, options: conformanceOptions)
        expectConforms(report)
        // The fake rejects what the API would: every body it was sent was in the documented shape.
        #expect(fake.server.requests.filter { $0.path == "/api/chat" }.count >= 6)
    }

    @Test("the Gemini provider against a protocol-faithful generateContent API")
    func gemini() async throws {
        let fake = try GeminiWireFake(key: "AIza-conformance-\(UUID().uuidString)", models: ["gemini-2.5-flash"])
        defer { fake.stop() }
        let model = fake.provider()
        let report = await LanguageModelConformance.run(model, options: conformanceOptions)
        expectConforms(report)
        #expect(fake.server.requests.contains { $0.path.hasSuffix(":streamGenerateContent") })
    }
}

@Suite("Shipped providers pass the conformance suite through Foundation Models 27's executor path", .tags(.llamaServer))
struct ExecutorPathConformanceTests {
    @Test(
        "the on-device provider, driven as an FM 27 model (executor, channel events, reduction)",
        .enabled(if: OnDeviceFixture.shouldRun))
    func onDevice() async throws {
        let model = OnDeviceLanguageModel(configuration: try OnDeviceFixture.configuration(name: "on-device-fm27"))
        let report = await LanguageModelConformance.run(
            ExecutorModel(ExecutorPath(base: model)), options: conformanceOptions)
        await model.shutdown()
        expectConforms(report)
    }

    @Test(
        "the OpenAI-compatible provider against llama-server --jinja, driven as an FM 27 model through its own executor",
        .enabled(if: LlamaTestEnvironment.runnable))
    func openAIOnLlamaServer() async throws {
        try await JinjaLlamaServer.with { server in
            let openAI = OpenAILanguageModel(
                configuration: OpenAIConfiguration(
                    name: "llama-openai-fm27", baseURL: server.baseURL.appendingPathComponent("v1"), model: "smollm2",
                    apiKeyEnvironmentVariable: nil, requestTimeout: .seconds(120), sendsTopK: true))
            expectConforms(
                await LanguageModelConformance.run(
                    ExecutorModel(ExecutorPath(base: openAI)), options: conformanceOptions),
                knownDefects: [LanguageModelConformance.ToolCheck.offered: llamaServerToolHang], intermittent: true)
        }
    }

    @Test(
        "the Anthropic provider against llama-server --jinja (/v1/messages), driven as an FM 27 model through its own executor",
        .enabled(if: LlamaTestEnvironment.runnable))
    func anthropicOnLlamaServer() async throws {
        try await JinjaLlamaServer.with { server in
            let anthropic = AnthropicLanguageModel(
                configuration: AnthropicConfiguration(
                    name: "llama-anthropic-fm27", baseURL: server.baseURL, model: "smollm2",
                    apiKeyEnvironmentVariable: nil,
                    requestTimeout: .seconds(120)))
            expectConforms(
                await LanguageModelConformance.run(
                    ExecutorModel(ExecutorPath(base: anthropic)), options: conformanceOptions),
                knownDefects: [
                    "guided output validates against the schema":
                        "llama-server's /v1/messages ignores output_config.format and tool_choice; guided output is unconstrained",
                    LanguageModelConformance.ToolCheck.offered: llamaServerToolHang,
                ], intermittent: true)
        }
    }

    @Test("the Ollama provider against a protocol-faithful daemon, driven as an FM 27 model")
    func ollama() async throws {
        let fake = try OllamaWireFake(
            capabilities: ["completion", "tools", "thinking"], contextLength: 40960, usage: (40, 12))
        defer { fake.stop() }
        let model = fake.provider()
        expectConforms(
            await LanguageModelConformance.run(ExecutorModel(ExecutorPath(base: model)), options: conformanceOptions))
    }

    @Test("the Gemini provider against a protocol-faithful generateContent API, driven as an FM 27 model")
    func gemini() async throws {
        let fake = try GeminiWireFake(key: "AIza-conformance-\(UUID().uuidString)", models: ["gemini-2.5-flash"])
        defer { fake.stop() }
        let model = fake.provider()
        expectConforms(
            await LanguageModelConformance.run(ExecutorModel(ExecutorPath(base: model)), options: conformanceOptions))
    }
}

extension OllamaWireFake {
    /// The Ollama provider the conformance runs use against this daemon.
    func provider() -> OllamaLanguageModel {
        OllamaLanguageModel(
            configuration: OllamaConfiguration(
                host: host, model: "qwen3:0.6b", requestTimeout: .seconds(20), availabilityTimeout: .seconds(2)))
    }
}

extension GeminiWireFake {
    /// The Gemini provider the conformance runs use against this API, its key given through a test environment.
    func provider() -> GeminiLanguageModel {
        let key = TestKey(self.key)
        return GeminiLanguageModel(
            configuration: GeminiConfiguration(
                baseURL: baseURL, model: model, apiKeyEnvironmentVariable: key.variable, requestTimeout: .seconds(20)),
            environment: key.environment)
    }
}

// MARK: - The tool checks can fail

/// A model with one tool-calling defect (or none): it answers plain requests like ``ScriptedLanguageModel``, and a
/// request with tools by one call of the first tool, or, once the conversation ends in a tool output, by an answer.
private final class ToolDefectModel: RoutableModel {
    enum Defect: Sendable {
        case none
        /// Calls a tool that was not offered.
        case unofferedName
        /// Gives the call an empty id.
        case emptyID
        /// Sends the arguments under a property the schema does not have.
        case wrongArguments
        /// Ends a turn of calls with finish reason `stop`.
        case stopFinish
        /// Rejects a conversation whose call ids are not in its own style.
        case rejectsForeignIDs
        /// Rejects every conversation that carries tool outputs (its own calls included).
        case rejectsToolOutputs
        /// Streams the call's JSON as text deltas.
        case streamsCallsAsText
    }

    let defect: Defect
    let claimsTools: Bool
    let toolRequests = Mutex(0)
    private let scripted = ScriptedLanguageModel(name: "defect")

    init(_ defect: Defect, claimsTools: Bool = true) {
        self.defect = defect
        self.claimsTools = claimsTools
    }

    var name: String { "defect" }
    var availability: Availability { .available }
    var supportedCapabilities: Set<LanguageModelCapability> {
        var set = scripted.supportedCapabilities
        if claimsTools { set.insert(.toolCalling) }
        return set
    }

    func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        guard let tool = request.tools.first else { return try await scripted.respond(to: request) }
        toolRequests.withLock { $0 += 1 }
        let context = GenUIError.Context(provider: name, debugDescription: "rejected")
        if request.messages.last?.role == .tool {
            if defect == .rejectsToolOutputs { throw GenUIError.invalidRequest(context) }
            if defect == .rejectsForeignIDs,
                request.messages.contains(where: { $0.toolCallID?.hasPrefix("own_") == false })
            {
                throw GenUIError.invalidRequest(context)
            }
            return GenerationResponse(
                content: GeneratedContent(kind: .string("It is in France.")), text: "It is in France.",
                metadata: ResponseMetadata(provider: name, finishReason: .stop))
        }
        let arguments: GeneratedContent =
            defect == .wrongArguments
            ? .object([("town", .string("Paris"))]) : .object([("city", .string("Paris"))])
        let call = Transcript.ToolCall(
            id: defect == .emptyID ? "" : "own_1", toolName: defect == .unofferedName ? "search_web" : tool.name,
            arguments: arguments)
        return GenerationResponse(
            content: GeneratedContent(kind: .string("")), text: "",
            metadata: ResponseMetadata(provider: name, finishReason: defect == .stopFinish ? .stop : .toolCalls),
            toolCalls: [call])
    }

    func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let response = try await respond(to: request)
                    if defect == .streamsCallsAsText, let call = response.toolCalls.first {
                        continuation.yield(
                            .delta(#"{"name":"\#(call.toolName)","arguments":\#(call.arguments.jsonString)}"#))
                    } else {
                        continuation.yield(.delta(response.text))
                    }
                    continuation.yield(.completed(response))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

@Suite("The conformance suite's tool checks fail on provider bugs", .tags(.unit))
struct ConformanceToolCheckTests {
    private typealias Check = LanguageModelConformance.ToolCheck

    private func failed(_ defect: ToolDefectModel.Defect) async -> Set<String> {
        let report = await LanguageModelConformance.run(ToolDefectModel(defect))
        return Set(report.failures.map(\.name))
    }

    @Test("a model without defects passes every tool check, and they all ran")
    func soundModel() async {
        let report = await LanguageModelConformance.run(ToolDefectModel(.none))
        #expect(report.passed, "\(report)")
        let ran = Set(report.checks.filter { !$0.skipped }.map(\.name))
        #expect(ran.isSuperset(of: [Check.offered, Check.ownCallsBack, Check.foreignCallsBack, Check.streamed]))
    }

    @Test("a call of a tool that was not offered, an empty id, or arguments that do not validate fail the first check")
    func invalidCalls() async {
        for defect in [ToolDefectModel.Defect.unofferedName, .emptyID, .wrongArguments] {
            let failures = await failed(defect)
            #expect(failures.contains(Check.offered), "\(defect)")
            #expect(failures.contains(Check.streamed), "\(defect)")
        }
    }

    @Test("a turn of calls that does not finish with toolCalls fails")
    func finishReason() async {
        #expect(await failed(.stopFinish).contains(Check.offered))
    }

    @Test(
        "a model that rejects its own calls back fails that check; one that rejects only other providers' ids fails the fallback check"
    )
    func callsBack() async {
        let own = await failed(.rejectsToolOutputs)
        #expect(own.contains(Check.ownCallsBack) && own.contains(Check.foreignCallsBack))
        let foreign = await failed(.rejectsForeignIDs)
        #expect(!foreign.contains(Check.ownCallsBack))
        #expect(foreign.contains(Check.foreignCallsBack))
    }

    @Test("a stream that sends a call's JSON as text fails the streamed check")
    func streamedAsText() async {
        let failures = await failed(.streamsCallsAsText)
        #expect(failures == [Check.streamed], "\(failures)")
    }

    @Test("a model that does not claim tool calling is sent no tools, and the report says the tool checks were skipped")
    func notClaimed() async {
        let model = ToolDefectModel(.none, claimsTools: false)
        let report = await LanguageModelConformance.run(model)
        #expect(report.passed, "\(report)")
        #expect(model.toolRequests.withLock { $0 } == 0)
        #expect(report.skipped.map(\.name) == [Check.notClaimed])
        #expect(report.description.contains("skipped: the model does not claim toolCalling"))
    }
}
