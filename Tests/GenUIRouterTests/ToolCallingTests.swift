import GenUI
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Synchronization
import Testing

/// A tool with typed arguments that counts its calls and answers with a fixed sentence about the city.
private final class WeatherTool: Tool {
    struct Arguments: ConvertibleFromGeneratedContent {
        var city: String
        init(_ content: GeneratedContent) throws {
            city = try content.value(String.self, forProperty: "city")
        }
    }

    let description = "The current weather in a city."
    let calls = Mutex<[String]>([])
    let failure: (any Error)?

    init(failure: (any Error)? = nil) { self.failure = failure }

    var name: String { "get_weather" }

    var parameters: GenerationSchema {
        GenerationSchema(
            node: .object(
                .init(
                    name: "Arguments",
                    properties: [
                        .init(name: "city", node: .string(.init(minimumLength: 1, maximumLength: 40)))
                    ])), name: "Arguments")
    }

    func call(arguments: Arguments) async throws -> String {
        calls.withLock { $0.append(arguments.city) }
        if let failure { throw failure }
        return "It is 21 °C and sunny in \(arguments.city)."
    }
}

/// Two calls of this tool finish only when both have started: called one after the other, the first never returns.
private final class RendezvousTool: Tool {
    struct Arguments: ConvertibleFromGeneratedContent {
        init(_ content: GeneratedContent) throws {}
    }

    let description = "Waits for its twin."
    private let arrived = Mutex<(count: Int, waiters: [CheckedContinuation<Void, Never>])>((0, []))

    var name: String { "rendezvous" }
    var parameters: GenerationSchema {
        GenerationSchema(node: .object(.init(name: "None", properties: [])), name: "None")
    }

    func call(arguments: Arguments) async throws -> String {
        await withCheckedContinuation { continuation in
            let ready: [CheckedContinuation<Void, Never>] = arrived.withLock { state in
                state.count += 1
                state.waiters.append(continuation)
                return state.count == 2 ? state.waiters : []
            }
            for waiter in ready { waiter.resume() }
        }
        return "met"
    }
}

private struct StationClosed: Error {}

private func call(_ id: String, cityContent: GeneratedContent) -> Transcript.ToolCall {
    Transcript.ToolCall(
        id: id, toolName: "get_weather", arguments: GeneratedContent(orderedProperties: [("city", cityContent)]))
}

private func call(_ id: String, city: String) -> Transcript.ToolCall {
    call(id, cityContent: GeneratedContent(kind: .string(city)))
}

private let toolCapable: Set<LanguageModelCapability> = [.guidedGeneration, .streaming, .toolCalling]

@Suite("Tool calling in sessions and chains", .tags(.unit))
struct ToolCallingTests {
    @Test("a session runs the tool the model asks for once, and the answer is built from its output")
    func sessionRunsToolOnce() async throws {
        let tool = WeatherTool()
        let model = FailingLanguageModel(
            name: "m", behavior: .callTools([call("c1", city: "Lisbon")]), capabilities: toolCapable)
        let session = LanguageModelSession(model: model, tools: [tool])
        let response = try await session.respond(to: "Weather in Lisbon?")
        #expect(tool.calls.withLock { $0 } == ["Lisbon"])
        #expect(response.content == "It is 21 °C and sunny in Lisbon.")
        #expect(model.requestCount == 2)
        #expect(response.metadata.toolCalls.map(\.tool) == ["get_weather"])
        #expect(response.metadata.toolCalls.first?.outcome == .succeeded)
        #expect(response.metadata.toolCalls.first?.requestedBy == "m")
        let kinds = session.transcript.map { entry -> String in
            switch entry {
            case .instructions: "instructions"
            case .prompt: "prompt"
            case .toolCalls: "toolCalls"
            case .toolOutput: "toolOutput"
            case .response: "response"
            default: "other"
            }
        }
        // The instructions entry records the tools the session offered, as in Foundation Models.
        #expect(kinds == ["instructions", "prompt", "toolCalls", "toolOutput", "response"])
    }

    @Test("the second request carries the model's calls and the tool's output, paired by the call's id")
    func outputsGoBackInTheRequest() async throws {
        let tool = WeatherTool()
        let recorder = RequestRecordingModel(
            wrapping: FailingLanguageModel(
                name: "m", behavior: .callTools([call("c7", city: "Oslo")]), capabilities: toolCapable))
        let session = LanguageModelSession(model: recorder, tools: [tool])
        _ = try await session.respond(to: "Weather in Oslo?")
        let requests = recorder.requests
        try #require(requests.count == 2)
        #expect(requests[0].tools.map(\.name) == ["get_weather"])
        #expect(requests[0].impliedCapabilities.contains(.toolCalling))
        let messages = requests[1].messages
        try #require(messages.count == 3)
        #expect(messages[1].role == .assistant && messages[1].toolCalls.map(\.id) == ["c7"])
        #expect(messages[2].role == .tool && messages[2].toolCallID == "c7" && messages[2].toolName == "get_weather")
        #expect(messages[2].content == "It is 21 °C and sunny in Oslo.")
    }

    @Test(
        "arguments of the wrong type are an invalid tool call naming the tool and the JSON pointer; the tool never runs"
    )
    func wrongTypedArguments() async throws {
        let tool = WeatherTool()
        let model = FailingLanguageModel(
            name: "m", behavior: .callTools([call("c1", cityContent: GeneratedContent(kind: .number(42)))]),
            capabilities: toolCapable)
        let session = LanguageModelSession(model: model, tools: [tool])
        let before = session.transcript
        let error = await routingError { _ = try await session.respond(to: "Weather?") }
        guard case .invalidToolCall(let name, let path, _, let context)? = error else {
            Issue.record("expected invalidToolCall, got \(String(describing: error))")
            return
        }
        #expect(name == "get_weather")
        #expect(path == "/city")
        #expect(context.provider == "m")
        #expect(tool.calls.withLock { $0 }.isEmpty)
        #expect(session.transcript == before, "the transcript holds only the instructions with the tools")
    }

    @Test("a call of a tool the session does not have is an invalid tool call")
    func unknownTool() async throws {
        let model = FailingLanguageModel(
            name: "m",
            behavior: .callTools([
                Transcript.ToolCall(id: "c1", toolName: "launch", arguments: GeneratedContent(orderedProperties: []))
            ]),
            capabilities: toolCapable)
        let session = LanguageModelSession(model: model, tools: [WeatherTool()])
        let error = await routingError { _ = try await session.respond(to: "Go") }
        guard case .invalidToolCall(let name, let path, _, _)? = error else {
            Issue.record("expected invalidToolCall, got \(String(describing: error))")
            return
        }
        #expect(name == "launch" && path == "")
    }

    @Test("a tool that throws surfaces as ToolCallError with the tool and its error, and the transcript is unchanged")
    func throwingTool() async throws {
        let tool = WeatherTool(failure: StationClosed())
        let model = FailingLanguageModel(
            name: "m", behavior: .callTools([call("c1", city: "Rome")]), capabilities: toolCapable)
        let session = LanguageModelSession(model: model, tools: [tool])
        let before = session.transcript
        do {
            _ = try await session.respond(to: "Weather in Rome?")
            Issue.record("expected ToolCallError")
        } catch let error as LanguageModelSession.ToolCallError {
            #expect(error.tool.name == "get_weather")
            #expect(error.underlyingError is StationClosed)
        }
        #expect(session.transcript == before && before.count == 1, "the transcript holds only the instructions")
        #expect(!session.isResponding)
    }

    @Test("a model that never stops calling tools ends at the round limit with a clear error")
    func roundLimit() async throws {
        let tool = WeatherTool()
        let looping = LoopingModel(call: call("c", city: "Paris"))
        let session = LanguageModelSession(model: looping, tools: [tool], maximumToolRounds: 3)
        let error = await routingError { _ = try await session.respond(to: "Weather?") }
        guard case .toolRoundLimitReached(let rounds, _)? = error else {
            Issue.record("expected toolRoundLimitReached, got \(String(describing: error))")
            return
        }
        #expect(rounds == 3)
        #expect(tool.calls.withLock { $0.count } == 3)
    }

    @Test("two calls asked for together run concurrently")
    func concurrentCalls() async throws {
        let tool = RendezvousTool()
        let empty = GeneratedContent(orderedProperties: [])
        let model = FailingLanguageModel(
            name: "m",
            behavior: .callTools([
                Transcript.ToolCall(id: "a", toolName: "rendezvous", arguments: empty),
                Transcript.ToolCall(id: "b", toolName: "rendezvous", arguments: empty),
            ]),
            capabilities: toolCapable)
        let session = LanguageModelSession(model: model, tools: [tool])
        // Run one after the other, the first call would wait for ever: the timeout turns that into a failure.
        let answer = try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask {
                let response = try await session.respond(to: "Meet")
                return response.content
            }
            group.addTask {
                try await Task.sleep(for: .seconds(120))
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
        #expect(answer == "met\nmet")
    }

    @Test("a chain skips a member without tool calling as missingCapability")
    func chainSkipsMemberWithoutTools() async throws {
        let plain = FailingLanguageModel(name: "plain", behavior: .serve)
        let capable = FailingLanguageModel(
            name: "capable", behavior: .callTools([call("c1", city: "Turin")]), capabilities: toolCapable)
        let chain = ProviderChain(name: "c", models: [plain, capable], options: quickOptions())
        let session = LanguageModelSession(model: chain, tools: [WeatherTool()])
        let response = try await session.respond(to: "Weather in Turin?")
        #expect(response.content == "It is 21 °C and sunny in Turin.")
        #expect(plain.requestCount == 0)
        let trace = try #require(response.metadata.trace)
        #expect(trace.summary == ["plain:skipped:missingCapability", "capable:served:served"])
        #expect(trace.steps.first?.missingCapabilities == [.toolCalling])
        #expect(trace.toolCalls.map(\.tool) == ["get_weather"])
    }

    @Test("a chain whose first member fails after a tool ran falls back without running the tool again")
    func fallbackAfterToolRan() async throws {
        let tool = WeatherTool()
        let first = FailingLanguageModel(
            name: "first",
            behavior: .callToolsThenFail(
                [call("c1", city: "Naples")],
                .serverError(status: 500, .init(debugDescription: "crashed"))),
            capabilities: toolCapable)
        let second = FailingLanguageModel(
            name: "second", behavior: .callTools([call("c9", city: "Bari")]), capabilities: toolCapable)
        let chain = ProviderChain(name: "c", models: [first, second], options: quickOptions())
        let session = LanguageModelSession(model: chain, tools: [tool])
        let response = try await session.respond(to: "Weather in Naples?")
        #expect(tool.calls.withLock { $0 } == ["Naples"])
        #expect(response.content == "It is 21 °C and sunny in Naples.")
        #expect(response.metadata.provider == "second")
        #expect(response.metadata.toolCalls.map(\.requestedBy) == ["first"])
    }

    @Test(
        "a chain treats wrong arguments as a failed attempt and moves on to the next member, streamed or not",
        arguments: [false, true])
    func chainFallsBackOnWrongArguments(streaming: Bool) async throws {
        let tool = WeatherTool()
        let sloppy = FailingLanguageModel(
            name: "sloppy", behavior: .callTools([call("c1", cityContent: GeneratedContent(kind: .bool(true)))]),
            capabilities: toolCapable)
        let careful = FailingLanguageModel(
            name: "careful", behavior: .callTools([call("c2", city: "Genoa")]), capabilities: toolCapable)
        let chain = ProviderChain(name: "c", models: [sloppy, careful], options: quickOptions())
        let session = LanguageModelSession(model: chain, tools: [tool])
        let response =
            if streaming {
                try await session.streamResponse(to: "Weather in Genoa?").collect()
            } else {
                try await session.respond(to: "Weather in Genoa?")
            }
        #expect(tool.calls.withLock { $0 } == ["Genoa"])
        #expect(response.metadata.toolCalls.map(\.requestedBy) == ["careful"])
    }

    @Test("a streamed response with tools runs the calls and streams the answer")
    func streamingWithTools() async throws {
        let tool = WeatherTool()
        let model = FailingLanguageModel(
            name: "m", behavior: .callTools([call("c1", city: "Milan")]), capabilities: toolCapable)
        let session = LanguageModelSession(model: model, tools: [tool])
        let response = try await session.streamResponse(to: "Weather in Milan?").collect()
        #expect(response.content == "It is 21 °C and sunny in Milan.")
        #expect(tool.calls.withLock { $0 } == ["Milan"])
    }

    @Test("two tools with the same name are refused before anything is sent")
    func duplicateToolNames() async throws {
        let model = FailingLanguageModel(name: "m", behavior: .serve, capabilities: toolCapable)
        let session = LanguageModelSession(model: model, tools: [WeatherTool(), WeatherTool()])
        let error = await routingError { _ = try await session.respond(to: "x") }
        guard case .invalidRequest? = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(model.requestCount == 0)
    }
}

/// A model that asks for the same call in every turn, never answering.
private struct LoopingModel: RoutableModel {
    let call: Transcript.ToolCall
    var name: String { "looping" }
    var availability: Availability { .available }
    var supportedCapabilities: Set<LanguageModelCapability> { [.toolCalling] }

    func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        let round = request.messages.filter { $0.role == .tool }.count
        var call = call
        call.id = "call_\(round)"
        return GenerationResponse(
            content: GeneratedContent(kind: .string("")), text: "",
            metadata: ResponseMetadata(provider: name, finishReason: .toolCalls), toolCalls: [call])
    }
}
