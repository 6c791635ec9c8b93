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

/// The documented `/api/chat` shapes with tools: the first deviation, worded like the daemon's 400s.
private enum OllamaChatContract {
    static func problem(in body: GeneratedContent) -> String? {
        if let tools = body["tools"] {
            guard let list = tools.elements, !list.isEmpty else {
                return "json: cannot unmarshal tools into Go struct field ChatRequest.tools"
            }
            for tool in list {
                guard tool["type"]?.stringValue == "function" else { return "tool type must be function" }
                guard tool["function"]?["name"]?.stringValue?.isEmpty == false else {
                    return "tool function has no name"
                }
                guard tool["function"]?["description"]?.stringValue != nil else {
                    return "tool function has no description"
                }
                guard tool["function"]?["parameters"]?["type"]?.stringValue == "object",
                    tool["function"]?["parameters"]?["properties"]?.orderedProperties != nil
                else { return "json: cannot unmarshal parameters into Go struct field ToolFunction.parameters" }
            }
        }
        guard let messages = body["messages"]?.elements, !messages.isEmpty else { return "messages are required" }
        var called: [String] = []
        for message in messages {
            guard message["content"]?.stringValue != nil else {
                return "json: cannot unmarshal content into Go struct field Message.messages.content of type string"
            }
            switch message["role"]?.stringValue {
            case "system", "user": break
            case "assistant":
                for call in message["tool_calls"]?.elements ?? [] {
                    guard let name = call["function"]?["name"]?.stringValue, !name.isEmpty else {
                        return "tool call has no name"
                    }
                    guard call["function"]?["arguments"]?.orderedProperties != nil else {
                        return
                            "json: cannot unmarshal \(call["function"]?["arguments"]?.kind == nil ? "nothing" : "value") into Go struct field ToolCallFunction.messages.tool_calls.function.arguments of type api.ToolCallFunctionArguments"
                    }
                    if let id = call["id"], id.stringValue == nil { return "tool call id must be a string" }
                    called.append(name)
                }
            case "tool":
                guard let name = message["tool_name"]?.stringValue, called.contains(name) else {
                    return "tool message without the tool_name of an earlier call"
                }
            default:
                return "invalid role"
            }
        }
        return nil
    }
}

/// An Ollama daemon: `/api/show` reports `capabilities`, `/api/chat` checks ``OllamaChatContract`` (400 with
/// `{"error": …}` on a deviation) and answers with what `reply` writes.
private struct FakeToolOllama {
    let server: LoopbackHTTPServer

    init(
        capabilities: [String] = ["completion", "tools"],
        reply: @escaping @Sendable (GeneratedContent, LoopbackConnection) -> Void
    ) throws {
        server = try LoopbackHTTPServer { request, connection in
            switch (request.method, request.path) {
            case ("POST", "/api/show"):
                let list = capabilities.map { JSONWriter.quote($0) }.joined(separator: ",")
                connection.respond(
                    json:
                        #"{"modelfile":"FROM x","details":{"format":"gguf","family":"qwen2"},"model_info":{"general.architecture":"qwen2","qwen2.context_length":32768},"capabilities":[\#(list)]}"#
                )
            case ("POST", "/api/chat"):
                guard let body = request.json else {
                    connection.respond(status: 400, json: #"{"error":"invalid request body"}"#)
                    return
                }
                if let problem = OllamaChatContract.problem(in: body) {
                    connection.respond(status: 400, json: #"{"error":\#(JSONWriter.quote(problem))}"#)
                    return
                }
                reply(body, connection)
            default:
                connection.respond(status: 404, body: Data("404 page not found".utf8))
            }
        }
    }

    var chatBodies: [GeneratedContent] { server.requests.filter { $0.path == "/api/chat" }.compactMap(\.json) }

    func provider() -> OllamaLanguageModel {
        OllamaLanguageModel(
            configuration: OllamaConfiguration(
                host: "127.0.0.1:\(server.port)", model: "qwen3:0.6b", requestTimeout: .seconds(20),
                availabilityTimeout: .seconds(2)))
    }

    /// A `message` whose `tool_calls` are `calls` (name, arguments, id).
    static func message(content: String = "", calls: [(String, GeneratedContent, String?)]) -> GeneratedContent {
        .object([
            ("role", .string("assistant")), ("content", .string(content)),
            (
                "tool_calls",
                calls.isEmpty
                    ? nil
                    : .array(
                        calls.enumerated().map { index, call in
                            .object([
                                ("id", call.2.map { .string($0) }),
                                (
                                    "function",
                                    .object([
                                        ("index", call.2 == nil ? nil : .integer(index)),
                                        ("name", .string(call.0)), ("arguments", call.1),
                                    ])
                                ),
                            ])
                        })
            ),
        ])
    }

    static let statistics: [(String, GeneratedContent?)] = [
        ("total_duration", .integer(500_000_000)), ("prompt_eval_count", .integer(60)),
        ("prompt_eval_duration", .integer(100_000_000)), ("eval_count", .integer(14)),
        ("eval_duration", .integer(200_000_000)),
    ]

    /// A whole (non-streamed) answer with `message`.
    static func whole(_ message: GeneratedContent) -> String {
        GeneratedContent.object(
            [
                ("model", .string("qwen3:0.6b")), ("created_at", .string("2026-01-01T00:00:01Z")), ("message", message),
                ("done", .bool(true)), ("done_reason", .string("stop")),
            ] + statistics
        ).jsonString
    }

    /// Streams one NDJSON chunk per message (`done: false`), then the final chunk.
    static func stream(_ messages: [GeneratedContent], to connection: LoopbackConnection) {
        connection.startStream(contentType: "application/x-ndjson")
        for message in messages {
            connection.send(
                GeneratedContent.object([
                    ("model", .string("qwen3:0.6b")), ("created_at", .string("2026-01-01T00:00:00Z")),
                    ("message", message),
                    ("done", .bool(false)),
                ]).jsonString + "\n")
            connection.pause(.milliseconds(5))
        }
        connection.send(
            GeneratedContent.object(
                [
                    ("model", .string("qwen3:0.6b")), ("created_at", .string("2026-01-01T00:00:01Z")),
                    ("message", .object([("role", .string("assistant")), ("content", .string(""))])),
                    ("done", .bool(true)), ("done_reason", .string("stop")),
                ] + statistics
            ).jsonString + "\n")
        connection.endStream()
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
        let withTools = try FakeToolOllama(capabilities: ["completion", "tools"]) { _, _ in }
        defer { withTools.server.stop() }
        let without = try FakeToolOllama(capabilities: ["completion"]) { _, _ in }
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
        let fake = try FakeToolOllama { _, connection in
            connection.respond(
                json: FakeToolOllama.whole(
                    FakeToolOllama.message(calls: [
                        ("get_weather", city("Lisbon"), nil), ("get_weather", city("Porto"), nil),
                    ])))
        }
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
        let fake = try FakeToolOllama { _, connection in
            connection.respond(
                json: FakeToolOllama.whole(
                    FakeToolOllama.message(calls: [
                        ("get_weather", city("Lisbon"), "call_abc"),
                        ("get_time", .object([("zone", .string("UTC"))]), "call_def"),
                    ])))
        }
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
        let fake = try FakeToolOllama { _, connection in
            connection.respond(
                json: FakeToolOllama.whole(
                    .object([
                        ("role", .string("assistant")), ("content", .string("21 °C at 14:05.")),
                    ])))
        }
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
        let fake = try FakeToolOllama { _, connection in
            FakeToolOllama.stream(
                [
                    FakeToolOllama.message(calls: [("get_weather", city("Lisbon"), nil)]),
                    FakeToolOllama.message(calls: [("get_time", .object([("zone", .string("UTC"))]), nil)]),
                ], to: connection)
        }
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
            let fake = try FakeToolOllama { body, connection in
                let messages = body["messages"]?.elements ?? []
                let message: GeneratedContent
                if let last = messages.last, last["role"]?.stringValue == "tool" {
                    message = .object([
                        ("role", .string("assistant")),
                        ("content", .string("Here is the weather: \(last["content"]?.stringValue ?? "")")),
                    ])
                } else {
                    message = FakeToolOllama.message(calls: [("get_weather", city("Lisbon"), nil)])
                }
                if body["stream"]?.boolValue == true {
                    FakeToolOllama.stream([message], to: connection)
                } else {
                    connection.respond(json: FakeToolOllama.whole(message))
                }
            }
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
        let fake = try FakeToolOllama { _, connection in
            connection.respond(
                json: FakeToolOllama.whole(
                    FakeToolOllama.message(calls: [
                        ("get_weather", .string(#"{"city": Lis"#), nil)
                    ])))
        }
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
