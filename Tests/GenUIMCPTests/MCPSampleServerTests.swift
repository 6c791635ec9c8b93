import Foundation
import GenUI
import GenUIMCP
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Testing

@Suite("Tools of an MCP server written with the Python SDK", .tags(.integration), .enabled(if: MCPFixtures.enabled))
struct MCPSampleServerTests {
    @Test("text, structured content and images come back as the tool's output; the arguments follow the schema")
    func resultKinds() async throws {
        let server = MCPServer(MCPFixtures.server("sample", script: "sample_server.py"))
        defer { Task { await server.stop() } }
        let tools = try await server.tools()
        #expect(tools.map(\.name) == ["echo", "weather", "fail", "slow", "count_calls", "picture"])
        let byName = Dictionary(uniqueKeysWithValues: tools.map { ($0.name, $0) })

        let echoed = try await #require(byName["echo"]).call(arguments: GeneratedContent(properties: ["text": "ciao"]))
        #expect(echoed.text == "ciao")

        let weather = try #require(byName["weather"])
        #expect(weather.signature == #"weather(city: string, unit?: "celsius"|"fahrenheit")"#)
        let forecast = try await weather.call(arguments: GeneratedContent(properties: ["city": "Turin"]))
        guard case .structure(let structured)? = forecast.segments.first else {
            Issue.record("expected structured content, got \(forecast.segments)")
            return
        }
        #expect(try structured.content.value(Int.self, forProperty: "temperature") == 21)
        #expect(try structured.content.value(String.self, forProperty: "city") == "Turin")
        #expect(forecast.segments.count == 1, "the text block that repeats the structured content is read once")

        let picture = try await #require(byName["picture"]).call(arguments: GeneratedContent(properties: [:]))
        guard case .attachment(let attachment)? = picture.segments.first, case .image(let image) = attachment.content
        else {
            Issue.record("expected an image, got \(picture.segments)")
            return
        }
        #expect(image.url?.absoluteString.hasPrefix("data:image/png;base64,iVBORw0KGgo") == true)
    }

    @Test("a tool that reports an error (isError) throws it with the server's text, and the server stays up")
    func toolError() async throws {
        let server = MCPServer(MCPFixtures.server("sample", script: "sample_server.py"))
        defer { Task { await server.stop() } }
        let tools = try await server.tools()
        let fail = try #require(tools.first { $0.name == "fail" })
        do {
            _ = try await fail.call(arguments: GeneratedContent(properties: ["reason": "the station is closed"]))
            Issue.record("the call should have thrown")
        } catch let error as MCPServerError {
            guard case .toolFailed(let message) = error.reason else {
                Issue.record("expected toolFailed, got \(error)")
                return
            }
            #expect(message.contains("the station is closed"))
            #expect(error.tool == "fail")
            #expect(error.description.contains("Tool fail of MCP server sample reported an error"))
        }
        let echo = try #require(tools.first { $0.name == "echo" })
        #expect(
            try await echo.call(arguments: GeneratedContent(properties: ["text": "still here"])).text == "still here")
    }

    @Test("a call over its timeout is cancelled on the server and reported, and the next call is served")
    func callTimeout() async throws {
        let log = try MCPFixtures.temporaryDirectory().appendingPathComponent("calls.log")
        let server = MCPServer(
            MCPFixtures.server(
                "sample", script: "sample_server.py", environment: ["MCP_CALL_LOG": log.path], callTimeout: .seconds(1))
        )
        defer { Task { await server.stop() } }
        let tools = try await server.tools()
        let slow = try #require(tools.first { $0.name == "slow" })
        let started = ContinuousClock.now
        do {
            _ = try await slow.call(arguments: GeneratedContent(properties: ["seconds": 60]))
            Issue.record("the call should have timed out")
        } catch let error as MCPServerError {
            guard case .timedOut(let step, let after) = error.reason else {
                Issue.record("expected timedOut, got \(error)")
                return
            }
            #expect(step == "slow")
            #expect(after == .seconds(1))
        }
        #expect(ContinuousClock.now - started < .seconds(30))
        // The server heard notifications/cancelled: its sleep was cut short and it wrote so.
        #expect(
            await eventually(within: .seconds(10)) {
                (try? String(contentsOf: log, encoding: .utf8))?.contains("cancelled slow") == true
            })
        let echo = try #require(tools.first { $0.name == "echo" })
        #expect(try await echo.call(arguments: GeneratedContent(properties: ["text": "next"])).text == "next")
    }

    @Test("cancelling the task that waits for a call cancels it on the server")
    func cancellation() async throws {
        let log = try MCPFixtures.temporaryDirectory().appendingPathComponent("calls.log")
        let server = MCPServer(
            MCPFixtures.server("sample", script: "sample_server.py", environment: ["MCP_CALL_LOG": log.path]))
        defer { Task { await server.stop() } }
        let slow = try #require(try await server.tools().first { $0.name == "slow" })
        let call = Task { try await slow.call(arguments: GeneratedContent(properties: ["seconds": 60])) }
        try await Task.sleep(for: .milliseconds(500))
        let started = ContinuousClock.now
        call.cancel()
        let result = await call.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(
            await eventually(within: .seconds(10)) {
                (try? String(contentsOf: log, encoding: .utf8))?.contains("cancelled slow") == true
            })
    }

    @Test("through a chain whose first member fails after the tool ran, the second answers and the tool ran once")
    func chainFallbackRunsTheToolOnce() async throws {
        let log = try MCPFixtures.temporaryDirectory().appendingPathComponent("calls.log")
        let toolbox = MCPToolbox(servers: [
            MCPFixtures.server("sample", script: "sample_server.py", environment: ["MCP_CALL_LOG": log.path])
        ])
        defer { Task { await toolbox.stop() } }
        let tools = try await toolbox.tools(from: ["sample"])
        let call = Transcript.ToolCall(
            id: "c1", toolName: "count_calls", arguments: GeneratedContent(properties: ["tag": "fallback"]))
        let capabilities: Set<LanguageModelCapability> = [.guidedGeneration, .streaming, .toolCalling]
        let first = FailingLanguageModel(
            name: "first",
            behavior: .callToolsThenFail([call], .serverError(status: 503, .init(debugDescription: "crashed"))),
            capabilities: capabilities)
        let second = FailingLanguageModel(name: "second", behavior: .callTools([call]), capabilities: capabilities)
        let chain = ProviderChain(name: "mcp", models: [first, second])
        let session = LanguageModelSession(model: chain, tools: tools)
        let response = try await session.respond(to: "Count this call.")
        #expect(response.content == "counted")
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        #expect(lines == ["fallback"], "the tool ran \(lines.count) time(s)")
        #expect(first.requestCount >= 1)
        #expect(second.requestCount == 1)
    }

    @Test("a session surfaces a tool's error as LanguageModelSession.ToolCallError, as for any tool that throws")
    func sessionToolError() async throws {
        let toolbox = MCPToolbox(servers: [MCPFixtures.server("sample", script: "sample_server.py")])
        defer { Task { await toolbox.stop() } }
        let call = Transcript.ToolCall(
            id: "c1", toolName: "fail", arguments: GeneratedContent(properties: ["reason": "no route"]))
        let model = FailingLanguageModel(
            name: "m", behavior: .callTools([call]), capabilities: [.guidedGeneration, .streaming, .toolCalling])
        let session = LanguageModelSession(model: model, tools: try await toolbox.tools())
        do {
            _ = try await session.respond(to: "Fail, please.")
            Issue.record("the session should have thrown")
        } catch let error as LanguageModelSession.ToolCallError {
            #expect(error.tool.name == "fail")
            let underlying = try #require(error.underlyingError as? MCPServerError)
            #expect(underlying.reason == .toolFailed(message: "no route"))
        }
    }
}
