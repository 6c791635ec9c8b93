import GenUI
import GenUIRouter
import GenUITestSupport
import GenUITesting
import InMemoryLogging
import Logging
import Synchronization
import Testing

/// A tool that answers with a fixed sentence, or throws.
private struct ClockTool: Tool {
    struct Arguments: ConvertibleFromGeneratedContent {
        init(_ content: GeneratedContent) throws {}
    }

    var fails = false
    let description = "The time of day."
    var name: String { "clock" }
    var parameters: GenerationSchema {
        GenerationSchema(node: .object(.init(name: "None", properties: [])), name: "None")
    }

    func call(arguments: Arguments) async throws -> String {
        if fails { throw ClockBroken() }
        return "SECRET-TOOL-OUTPUT 12:00"
    }
}

private struct ClockBroken: Error {}

/// A model that asks for the clock on every turn, never answering.
private struct InsistentModel: RoutableModel {
    let name = "insistent"
    var availability: Availability { .available }
    var supportedCapabilities: Set<LanguageModelCapability> { [.toolCalling, .streaming] }

    func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        let call = Transcript.ToolCall(
            id: "c\(request.messages.count)", toolName: "clock", arguments: GeneratedContent(orderedProperties: []))
        return GenerationResponse(
            content: GeneratedContent(kind: .string("")), text: "",
            metadata: ResponseMetadata(provider: name, finishReason: .toolCalls), toolCalls: [call])
    }
}

@Suite("Session observability: request and tool-call log lines", .tags(.unit))
struct SessionObservabilityTests {
    private static func logger(_ handler: InMemoryLogHandler, level: Logger.Level = .debug) -> Logger {
        var logger = Logger(label: "genui.test") { _ in handler }
        logger.logLevel = level
        return logger
    }

    private static let toolCapable: Set<LanguageModelCapability> = [.guidedGeneration, .streaming, .toolCalling]

    private static func clockCall(_ id: String) -> Transcript.ToolCall {
        Transcript.ToolCall(id: id, toolName: "clock", arguments: GeneratedContent(orderedProperties: []))
    }

    @Test("a session with tools logs each tool call at debug with the tool's name, round and duration, and its own end")
    func toolCallsAreLogged() async throws {
        let logs = InMemoryLogHandler()
        let model = FailingLanguageModel(
            name: "m", behavior: .callTools([Self.clockCall("c1"), Self.clockCall("c2")]),
            capabilities: Self.toolCapable)
        let session = LanguageModelSession(model: model, tools: [ClockTool()], logger: Self.logger(logs))
        let prompt = "SECRET-PROMPT what time is it?"
        _ = try await session.respond(to: prompt)

        let calls = logs.entries.filter { $0.message.description == "tool call finished" }
        #expect(calls.count == 2)
        #expect(calls.allSatisfy { $0.level == .debug })
        #expect(calls.allSatisfy { $0.metadata["genui.tool"]?.description == "clock" })
        #expect(calls.allSatisfy { $0.metadata["genui.tool.round"]?.description == "1" })
        #expect(calls.allSatisfy { $0.metadata["genui.provider"]?.description == "m" })
        #expect(calls.allSatisfy { Double($0.metadata["genui.seconds"]?.description ?? "") != nil })
        let end = try #require(logs.entries.first { $0.message.description == "session responded" })
        #expect(end.metadata["genui.tool_calls"]?.description == "2")
        #expect(end.metadata["genui.streaming"]?.description == "false")
        // Names and numbers only: never the prompt, or a tool's output.
        #expect(
            !logs.entries.contains { entry in
                "\(entry.message) \(entry.metadata)".contains("SECRET")
            })
    }

    @Test("a streamed session logs its tool calls the same way")
    func streamedToolCallsAreLogged() async throws {
        let logs = InMemoryLogHandler()
        let model = FailingLanguageModel(
            name: "m", behavior: .callTools([Self.clockCall("c1")]), capabilities: Self.toolCapable)
        let session = LanguageModelSession(model: model, tools: [ClockTool()], logger: Self.logger(logs))
        _ = try await session.streamResponse(to: "What time is it?").collect()
        #expect(logs.entries.filter { $0.message.description == "tool call finished" }.count == 1)
        let end = try #require(logs.entries.first { $0.message.description == "session responded" })
        #expect(end.metadata["genui.streaming"]?.description == "true")
    }

    @Test(
        "a tool that throws is logged as a failed call naming the tool; the session's failure is logged with its type")
    func failedToolCall() async throws {
        let logs = InMemoryLogHandler()
        let model = FailingLanguageModel(
            name: "m", behavior: .callTools([Self.clockCall("c1")]), capabilities: Self.toolCapable)
        let session = LanguageModelSession(model: model, tools: [ClockTool(fails: true)], logger: Self.logger(logs))
        await #expect(throws: LanguageModelSession.ToolCallError.self) { _ = try await session.respond(to: "Time?") }
        let failed = try #require(logs.entries.first { $0.message.description == "tool call failed" })
        #expect(failed.metadata["genui.tool"]?.description == "clock")
        #expect(failed.metadata["error.type"]?.description == "toolCallError")
        let end = try #require(logs.entries.first { $0.message.description == "session request failed" })
        #expect(end.metadata["error.type"]?.description == "toolCallError")
    }

    @Test("a request stopped at the tool round limit is logged at info with the limit")
    func roundLimitIsLogged() async throws {
        let logs = InMemoryLogHandler()
        let session = LanguageModelSession(
            model: InsistentModel(), tools: [ClockTool()], maximumToolRounds: 2, logger: Self.logger(logs, level: .info)
        )
        let error = await routingError { _ = try await session.respond(to: "Time?") }
        guard case .toolRoundLimitReached? = error else {
            Issue.record("expected toolRoundLimitReached, got \(String(describing: error))")
            return
        }
        let limit = try #require(logs.entries.first { $0.message.description == "tool round limit reached" })
        #expect(limit.level == .info)
        #expect(limit.metadata["genui.tool_rounds"]?.description == "2")
        #expect(limit.metadata["genui.provider"]?.description == "insistent")
        // At info, the per-call debug lines are not written.
        #expect(!logs.entries.contains { $0.level == .debug })
    }

    @Test("a session created without a logger keeps the Foundation Models initializers and logs nowhere")
    func defaultSessionLogsNothing() async throws {
        let session = LanguageModelSession(
            model: FailingLanguageModel(name: "m", behavior: .serve), instructions: "Be brief.")
        _ = try await session.respond(to: "Hi")
        #expect(session.logger.logLevel == ProviderInstrumentation.disabledLogger.logLevel)
        #expect(session.logger.handler is SwiftLogNoOpLogHandler)
    }
}
