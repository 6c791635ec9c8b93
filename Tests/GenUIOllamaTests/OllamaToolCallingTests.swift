import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP
import GenUIOllama
import GenUITestSupport
import GenUITesting
import Testing

// Tool calling on the Ollama provider, against a fake daemon that checks every /api/chat body against the documented
// shapes (ollama docs/api.md "Tool calling", api/types.go: `tools`, `message.tool_calls` whose `function.arguments`
// is a JSON object, `role: tool` messages with `tool_name`).

private let ollamaWeather = RecordingWeatherTool().definition

private let ollamaTime = GenerationRequest.ToolDefinition(
    name: "get_time", description: "The local time in a time zone.",
    parameters: GenerationSchema(
        node: .object(
            .init(
                name: "TimeArguments",
                properties: [
                    .init(name: "zone", node: .string(.init()))
                ])), name: "TimeArguments"))

/// The Ollama daemon the tool-calling tests run against (``OllamaWireFake``): `qwen3:0.6b` installed, reporting
/// `capabilities`, 60 prompt and 14 generated tokens in every answer.
private func toolDaemon(
    capabilities: [String] = ["completion", "tools"], answer: String? = nil, tools: OllamaWireFake.Tools = .init()
) throws -> OllamaWireFake {
    try OllamaWireFake(capabilities: capabilities, answer: answer, usage: (60, 14), tools: tools)
}

extension OllamaWireFake {
    /// The Ollama provider for this daemon's model.
    fileprivate func provider() -> OllamaLanguageModel {
        OllamaLanguageModel(
            configuration: OllamaConfiguration(
                host: host, model: "qwen3:0.6b", requestTimeout: .seconds(20), availabilityTimeout: .seconds(2)))
    }
}

private func city(_ name: String) -> GeneratedContent { .object([("city", .string(name))]) }

/// Earlier turns in which the model asked for two calls at once (ids made by genui) and both were answered.
private let ollamaAnsweredTwoCalls: [GenerationRequest.Message] = [
    .init(role: .user, content: "Weather and time in Lisbon?"),
    .toolCalls([
        Transcript.ToolCall(id: "call_1", toolName: "get_weather", arguments: city("Lisbon")),
        Transcript.ToolCall(
            id: "call_2", toolName: "get_time", arguments: .object([("zone", .string("Europe/Lisbon"))])),
    ]),
    .toolOutput(id: "call_1", toolName: "get_weather", text: "21 °C"),
    .toolOutput(id: "call_2", toolName: "get_time", text: "14:05"),
]

@Suite("Ollama provider: tool calling against a faithful fake", .tags(.unit))
struct OllamaToolCallingTests {
    @Test("tool calling is reported only when /api/show lists tools among the model's capabilities")
    func capabilityDiscovery() async throws {
        let withTools = try toolDaemon(capabilities: ["completion", "tools"])
        defer { withTools.server.stop() }
        let without = try toolDaemon(capabilities: ["completion"])
        defer { without.server.stop() }
        let model = withTools.provider()
        #expect(await model.supportedCapabilities.contains(.toolCalling))
        #expect(await model.supportedCapabilities.contains(.toolCalling))
        #expect(withTools.server.requests.filter { $0.path == "/api/show" }.count == 1)
        #expect(await !without.provider().supportedCapabilities.contains(.toolCalling))
    }

    @Test(
        "tools are declared in the function shape; message.tool_calls with object arguments become calls with genui-made unique ids"
    )
    func respondWithToolCalls() async throws {
        let fake = try toolDaemon(
            tools: .init(calls: { _ in
                [
                    .init(name: "get_weather", arguments: city("Lisbon")),
                    .init(name: "get_weather", arguments: city("Porto")),
                ]
            }))
        defer { fake.server.stop() }
        let provider = fake.provider()
        let response = try await provider.respond(
            to: GenerationRequest(
                messages: [.init(role: .user, content: "Weather in Lisbon and Porto?")], schema: verdictSchema,
                tools: [ollamaWeather, ollamaTime]))
        #expect(response.toolCalls.map(\.toolName) == ["get_weather", "get_weather"])
        #expect(response.toolCalls.map(\.arguments) == [city("Lisbon"), city("Porto")])
        #expect(Set(response.toolCalls.map(\.id)).count == 2)
        #expect(response.toolCalls.allSatisfy { !$0.id.isEmpty })
        #expect(response.metadata.finishReason == .toolCalls)
        #expect(response.metadata.usage == TokenUsage(promptTokens: 60, completionTokens: 14))
        _ = try await provider.respond(to: GenerationRequest(prompt: "Hi"))
        let bodies = fake.chatBodies
        try #require(bodies.count == 2)
        let tools = try #require(bodies[0]["tools"]?.elements)
        #expect(tools.count == 2)
        #expect(tools[0]["type"]?.stringValue == "function")
        #expect(tools[0]["function"]?["name"]?.stringValue == "get_weather")
        #expect(tools[0]["function"]?["description"]?.stringValue == "The current weather in a city.")
        #expect(tools[0]["function"]?["parameters"]?["properties"]?["city"]?["type"]?.stringValue == "string")
        #expect(tools[0]["function"]?["parameters"]?["required"]?.elements?.compactMap(\.stringValue) == ["city"])
        #expect(bodies[0]["format"] != nil, "a schema is sent as format next to the tools")
        #expect(bodies[1]["tools"] == nil)
    }

    @Test("ids Ollama sends are kept")
    func keepsServerIDs() async throws {
        let fake = try toolDaemon(
            tools: .init(calls: { _ in
                [
                    .init(name: "get_weather", arguments: city("Lisbon"), id: "call_abc"),
                    .init(name: "get_time", arguments: .object([("zone", .string("UTC"))]), id: "call_def"),
                ]
            }))
        defer { fake.server.stop() }
        let response = try await fake.provider().respond(
            to: GenerationRequest(
                messages: [.init(role: .user, content: "Weather?")], tools: [ollamaWeather, ollamaTime]))
        #expect(response.toolCalls.map(\.id) == ["call_abc", "call_def"])
    }

    @Test(
        "earlier calls go back as an assistant turn with tool_calls (arguments an object) and outputs as role tool with tool_name"
    )
    func historyShape() async throws {
        let fake = try toolDaemon(answer: "21 °C at 14:05.")
        defer { fake.server.stop() }
        let response = try await fake.provider().respond(
            to: GenerationRequest(
                messages: ollamaAnsweredTwoCalls, tools: [ollamaWeather, ollamaTime]))
        #expect(response.text == "21 °C at 14:05.")
        #expect(response.toolCalls.isEmpty)
        #expect(response.metadata.finishReason == .stop)
        let messages = try #require(fake.chatBodies.first?["messages"]?.elements)
        try #require(messages.count == 4)
        let calls = try #require(messages[1]["tool_calls"]?.elements)
        #expect(messages[1]["role"]?.stringValue == "assistant")
        #expect(calls.map { $0["function"]?["name"]?.stringValue } == ["get_weather", "get_time"])
        #expect(calls.first?["function"]?["arguments"] == city("Lisbon"))
        #expect(messages[2]["role"]?.stringValue == "tool")
        #expect(messages[2]["tool_name"]?.stringValue == "get_weather")
        #expect(messages[2]["content"]?.stringValue == "21 °C")
        #expect(messages[3]["tool_name"]?.stringValue == "get_time")
        #expect(messages[3]["content"]?.stringValue == "14:05")
    }

    @Test(
        "streamed, whole calls in a chunk (and more in a later chunk) are collected into the completed response, with no text deltas"
    )
    func streamedCalls() async throws {
        let fake = try toolDaemon(
            tools: .init(
                callsInOwnChunks: true,
                calls: { _ in
                    [
                        .init(name: "get_weather", arguments: city("Lisbon")),
                        .init(name: "get_time", arguments: .object([("zone", .string("UTC"))])),
                    ]
                }))
        defer { fake.server.stop() }
        var deltas: [String] = []
        var completed: GenerationResponse?
        let request = GenerationRequest(
            messages: [.init(role: .user, content: "Weather and time?")], tools: [ollamaWeather, ollamaTime])
        for try await event in fake.provider().streamResponse(to: request) {
            switch event {
            case .delta(let text): deltas.append(text)
            case .completed(let response): completed = response
            case .restarted: Issue.record("a single provider never restarts")
            }
        }
        let response = try #require(completed)
        #expect(deltas.isEmpty)
        #expect(response.toolCalls.map(\.toolName) == ["get_weather", "get_time"])
        #expect(response.toolCalls.first?.arguments == city("Lisbon"))
        #expect(Set(response.toolCalls.map(\.id)).count == 2)
        #expect(response.metadata.finishReason == .toolCalls)
        #expect(fake.chatBodies.first?["stream"]?.boolValue == true)
    }

    @Test(
        "a session with a weather tool: the fake asks for the call, the tool runs once for Lisbon, the answer holds its output"
    )
    func sessionRoundTrip() async throws {
        for streaming in [false, true] {
            let fake = try toolDaemon(
                tools: .init(
                    answerPrefix: "Here is the weather: ",
                    calls: { _ in [.init(name: "get_weather", arguments: city("Lisbon"))] }))
            defer { fake.server.stop() }
            let tool = RecordingWeatherTool()
            let session = LanguageModelSession(model: fake.provider(), tools: [tool])
            let answer: String =
                if streaming {
                    try await session.streamResponse(to: "What is the weather in Lisbon?").collect().content
                } else {
                    try await session.respond(to: "What is the weather in Lisbon?").content
                }
            #expect(tool.calls.withLock { $0 } == ["Lisbon"], "streaming: \(streaming)")
            #expect(answer == "Here is the weather: It is 21 °C and sunny in Lisbon.", "streaming: \(streaming)")
            let bodies = fake.chatBodies
            #expect(bodies.count == 2)
            let second = try #require(bodies.last?["messages"]?.elements)
            #expect(second.map { $0["role"]?.stringValue ?? "" } == ["user", "assistant", "tool"])
            #expect(second[2]["tool_name"]?.stringValue == "get_weather")
        }
    }

    @Test("arguments that are text but not JSON are an invalid tool call naming the tool")
    func invalidArguments() async throws {
        let fake = try toolDaemon(
            tools: .init(calls: { _ in [.init(name: "get_weather", arguments: .string(#"{"city": Lis"#))] }))
        defer { fake.server.stop() }
        do {
            _ = try await fake.provider().respond(
                to: GenerationRequest(
                    messages: [.init(role: .user, content: "Weather?")], tools: [ollamaWeather]))
            Issue.record("expected invalidToolCall")
        } catch let error as GenUIError {
            guard case .invalidToolCall(let tool, _, _, let context) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(tool == "get_weather")
            #expect(context.provider == "ollama")
        }
    }
}
