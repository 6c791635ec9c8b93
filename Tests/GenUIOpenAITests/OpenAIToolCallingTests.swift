import Foundation
import GenUIHTTP
import GenUIOpenAI
import GenUITestSupport
import GenUITesting
import Testing

@_spi(Reading) @testable import GenUI

// Tool calling on the OpenAI-compatible provider, against a Chat Completions fake that checks every request against
// the documented shapes (OpenAI API reference, "Create chat completion": `tools`, assistant `tool_calls`, `role: tool`
// messages) and against llama-server's own /v1/chat/completions.

private let weatherDefinition = RecordingWeatherTool().definition

private let timeDefinition = GenerationRequest.ToolDefinition(
    name: "get_time", description: "The local time in a time zone.",
    parameters: GenerationSchema(
        node: .object(
            .init(
                name: "TimeArguments",
                properties: [
                    .init(name: "zone", node: .string(.init()))
                ])), name: "TimeArguments"))

/// The documented request shapes of Chat Completions with tools: the first deviation, worded like OpenAI's 400s.
private enum ChatCompletionsContract {
    static func problem(in body: GeneratedContent) -> String? {
        if let tools = body["tools"], let problem = toolsProblem(tools) { return problem }
        guard let messages = body["messages"]?.elements, !messages.isEmpty else {
            return "'messages' must be a non-empty array"
        }
        var pending: [String] = []
        for (index, message) in messages.enumerated() {
            let role = message["role"]?.stringValue ?? ""
            if role != "tool", !pending.isEmpty {
                return
                    "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: \(pending.joined(separator: ", "))"
            }
            switch role {
            case "system", "user":
                guard message["content"]?.stringValue != nil else {
                    return "messages[\(index)].content must be a string"
                }
            case "assistant":
                let calls = message["tool_calls"]
                let content = message["content"]
                if let calls {
                    guard content == nil || content?.kind == .null || content?.stringValue != nil else {
                        return "messages[\(index)].content must be a string or null"
                    }
                    guard let list = calls.elements, !list.isEmpty else {
                        return "messages[\(index)].tool_calls must be a non-empty array"
                    }
                    for (n, call) in list.enumerated() {
                        let path = "messages[\(index)].tool_calls[\(n)]"
                        guard let id = call["id"]?.stringValue, !id.isEmpty else {
                            return "Missing required parameter: '\(path).id'"
                        }
                        guard id.count <= 40 else {
                            return
                                "Invalid '\(path).id': string too long. Expected a string with maximum length 40, but got a string with length \(id.count) instead."
                        }
                        guard call["type"]?.stringValue == "function" else {
                            return "Invalid value for '\(path).type': expected 'function'"
                        }
                        guard let name = call["function"]?["name"]?.stringValue, validName(name) else {
                            return "Invalid '\(path).function.name'"
                        }
                        guard let arguments = call["function"]?["arguments"]?.stringValue else {
                            return "Invalid type for '\(path).function.arguments': expected a string"
                        }
                        guard (try? JSONParser.parse(arguments))?.orderedProperties != nil else {
                            return "'\(path).function.arguments' is not a JSON object text"
                        }
                        pending.append(id)
                    }
                } else {
                    guard content?.stringValue != nil else { return "messages[\(index)].content must be a string" }
                }
            case "tool":
                guard let id = message["tool_call_id"]?.stringValue else {
                    return "Missing required parameter: 'messages[\(index)].tool_call_id'"
                }
                guard let position = pending.firstIndex(of: id) else {
                    return
                        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'."
                }
                pending.remove(at: position)
                guard message["content"]?.stringValue != nil else {
                    return "messages[\(index)].content must be a string"
                }
            default:
                return "Invalid value: '\(role)'. Supported values are: 'system', 'assistant', 'user', 'tool'"
            }
        }
        if !pending.isEmpty {
            return "tool_call_ids did not have response messages: \(pending.joined(separator: ", "))"
        }
        return nil
    }

    private static func toolsProblem(_ tools: GeneratedContent) -> String? {
        guard let list = tools.elements, !list.isEmpty else { return "'tools' must be a non-empty array" }
        for (n, tool) in list.enumerated() {
            guard tool["type"]?.stringValue == "function" else {
                return "Missing required parameter: 'tools[\(n)].type'"
            }
            guard let function = tool["function"] else { return "Missing required parameter: 'tools[\(n)].function'" }
            guard let name = function["name"]?.stringValue, validName(name) else {
                return "Invalid 'tools[\(n)].function.name'"
            }
            guard function["description"]?.stringValue != nil else { return "tools[\(n)].function.description missing" }
            guard function["parameters"]?["type"]?.stringValue == "object" else {
                return "Invalid schema for function '\(name)': schema must be a JSON Schema of 'type: \"object\"'"
            }
        }
        return nil
    }

    private static func validName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64
            && name.unicodeScalars.allSatisfy {
                ($0.isASCII && CharacterSet.alphanumerics.contains($0)) || $0 == "_" || $0 == "-"
            }
    }
}

/// A Chat Completions server that answers a request breaking ``ChatCompletionsContract`` with OpenAI's 400 error body
/// and any other with what `reply` writes.
private struct FakeChatCompletions {
    let server: LoopbackHTTPServer

    init(reply: @escaping @Sendable (GeneratedContent, LoopbackConnection) -> Void) throws {
        server = try LoopbackHTTPServer { request, connection in
            guard request.path == "/v1/chat/completions", let body = request.json else {
                connection.respond(
                    status: 404, json: #"{"error":{"message":"not found","type":"invalid_request_error"}}"#)
                return
            }
            if let problem = ChatCompletionsContract.problem(in: body) {
                connection.respond(
                    status: 400,
                    json:
                        #"{"error":{"message":\#(JSONWriter.quote(problem)),"type":"invalid_request_error","param":null,"code":null}}"#
                )
                return
            }
            reply(body, connection)
        }
    }

    var bodies: [GeneratedContent] { server.requests.compactMap(\.json) }

    func provider(strict: Bool = true) -> OpenAILanguageModel {
        OpenAILanguageModel(
            configuration: OpenAIConfiguration(
                name: "openai", baseURL: server.baseURL.appendingPathComponent("v1"), model: "gpt-test",
                apiKeyEnvironmentVariable: nil, requestTimeout: .seconds(20), availabilityTimeout: .seconds(2),
                strictSchema: strict))
    }

    /// A whole completion whose message asks for `calls` (id, name, arguments text).
    static func toolCallCompletion(_ calls: [(String, String, String)], content: String? = nil) -> String {
        let body = GeneratedContent.object([
            ("id", .string("chatcmpl-1")), ("object", .string("chat.completion")), ("model", .string("gpt-test")),
            (
                "choices",
                .array([
                    .object([
                        ("index", .integer(0)),
                        (
                            "message",
                            .object([
                                ("role", .string("assistant")),
                                ("content", content.map { .string($0) } ?? GeneratedContent(kind: .null)),
                                (
                                    "tool_calls",
                                    .array(
                                        calls.map { id, name, arguments in
                                            .object([
                                                ("id", .string(id)), ("type", .string("function")),
                                                (
                                                    "function",
                                                    .object([
                                                        ("name", .string(name)), ("arguments", .string(arguments)),
                                                    ])
                                                ),
                                            ])
                                        })
                                ),
                            ])
                        ),
                        ("finish_reason", .string("tool_calls")),
                    ])
                ])
            ),
            (
                "usage",
                .object([
                    ("prompt_tokens", .integer(40)), ("completion_tokens", .integer(12)),
                    ("total_tokens", .integer(52)),
                ])
            ),
        ])
        return body.jsonString
    }

    /// A whole completion answering `text`.
    static func textCompletion(_ text: String) -> String {
        GeneratedContent.object([
            ("id", .string("chatcmpl-2")), ("object", .string("chat.completion")), ("model", .string("gpt-test")),
            (
                "choices",
                .array([
                    .object([
                        ("index", .integer(0)),
                        ("message", .object([("role", .string("assistant")), ("content", .string(text))])),
                        ("finish_reason", .string("stop")),
                    ])
                ])
            ),
        ]).jsonString
    }

    /// A stream chunk whose first choice has `delta`, and `finish` when given.
    static func chunk(_ delta: GeneratedContent, finish: String? = nil) -> String {
        let body = GeneratedContent.object([
            ("id", .string("chatcmpl-3")), ("object", .string("chat.completion.chunk")), ("model", .string("gpt-test")),
            (
                "choices",
                .array([
                    .object([
                        ("index", .integer(0)), ("delta", delta),
                        ("finish_reason", finish.map { .string($0) } ?? GeneratedContent(kind: .null)),
                    ])
                ])
            ),
        ])
        return "data: \(body.jsonString)\n\n"
    }

    /// A `delta.tool_calls` piece for the call at `index`.
    static func toolCallDelta(index: Int, id: String? = nil, name: String? = nil, arguments: String) -> GeneratedContent
    {
        .object([
            (
                "tool_calls",
                .array([
                    .object([
                        ("index", .integer(index)), ("id", id.map { .string($0) }),
                        ("type", id.map { _ in .string("function") }),
                        ("function", .object([("name", name.map { .string($0) }), ("arguments", .string(arguments))])),
                    ])
                ])
            )
        ])
    }

    /// Streams `events` as server-sent events, then `[DONE]`.
    static func stream(_ events: [String], to connection: LoopbackConnection) {
        connection.startStream(contentType: "text/event-stream")
        for event in events {
            connection.send(event)
            connection.pause(.milliseconds(5))
        }
        connection.send("data: [DONE]\n\n")
        connection.endStream()
    }
}

/// Replies like a model that calls `get_weather` for Lisbon first and, once it sees the tool's output, answers with it.
private func weatherScript(streaming: Bool) -> @Sendable (GeneratedContent, LoopbackConnection) -> Void {
    { body, connection in
        let messages = body["messages"]?.elements ?? []
        if let last = messages.last, last["role"]?.stringValue == "tool" {
            let answer = "Here is the weather: \(last["content"]?.stringValue ?? "")"
            if streaming {
                FakeChatCompletions.stream(
                    [
                        FakeChatCompletions.chunk(
                            .object([("role", .string("assistant")), ("content", .string("Here is "))])),
                        FakeChatCompletions.chunk(
                            .object([("content", .string(String(answer.dropFirst("Here is ".count))))])),
                        FakeChatCompletions.chunk(.object([]), finish: "stop"),
                    ], to: connection)
            } else {
                connection.respond(json: FakeChatCompletions.textCompletion(answer))
            }
        } else if streaming {
            FakeChatCompletions.stream(
                [
                    FakeChatCompletions.chunk(
                        FakeChatCompletions.toolCallDelta(index: 0, id: "call_w1", name: "get_weather", arguments: "")),
                    FakeChatCompletions.chunk(FakeChatCompletions.toolCallDelta(index: 0, arguments: #"{"city":"#)),
                    FakeChatCompletions.chunk(FakeChatCompletions.toolCallDelta(index: 0, arguments: #""Lisbon"}"#)),
                    FakeChatCompletions.chunk(.object([]), finish: "tool_calls"),
                ], to: connection)
        } else {
            connection.respond(
                json: FakeChatCompletions.toolCallCompletion([("call_w1", "get_weather", #"{"city":"Lisbon"}"#)]))
        }
    }
}

/// The earlier turns of a conversation in which the model asked for two calls at once and both were answered.
private let answeredTwoCalls: [GenerationRequest.Message] = [
    .init(role: .user, content: "Weather and time in Lisbon?"),
    .toolCalls([
        Transcript.ToolCall(
            id: "call_a", toolName: "get_weather",
            arguments: GeneratedContent(orderedProperties: [("city", .string("Lisbon"))])),
        Transcript.ToolCall(
            id: "call_b", toolName: "get_time",
            arguments: GeneratedContent(orderedProperties: [("zone", .string("Europe/Lisbon"))])),
    ]),
    .toolOutput(id: "call_a", toolName: "get_weather", text: "21 °C"),
    .toolOutput(id: "call_b", toolName: "get_time", text: "14:05"),
]

@Suite("OpenAI-compatible provider: tool calling against a faithful fake", .tags(.unit))
struct OpenAIToolCallingFakeTests {
    @Test(
        "tools are declared as functions with name, description and object parameters; a request without tools sends none"
    )
    func declarations() async throws {
        let fake = try FakeChatCompletions { _, connection in
            connection.respond(json: FakeChatCompletions.textCompletion("ok"))
        }
        defer { fake.server.stop() }
        let provider = fake.provider()
        #expect(await provider.supportedCapabilities.contains(.toolCalling))
        _ = try await provider.respond(
            to: GenerationRequest(
                messages: [.init(role: .user, content: "Weather?")], tools: [weatherDefinition, timeDefinition]))
        _ = try await provider.respond(to: GenerationRequest(prompt: "Hi"))
        let bodies = fake.bodies
        try #require(bodies.count == 2)
        let tools = try #require(bodies[0]["tools"]?.elements)
        #expect(tools.count == 2)
        let weather = try #require(tools.first?["function"])
        #expect(tools.first?["type"]?.stringValue == "function")
        #expect(weather["name"]?.stringValue == "get_weather")
        #expect(weather["description"]?.stringValue == "The current weather in a city.")
        #expect(weather["parameters"]?["properties"]?["city"]?["type"]?.stringValue == "string")
        #expect(weather["parameters"]?["required"]?.elements?.compactMap(\.stringValue) == ["city"])
        #expect(weather["strict"]?.boolValue == true)
        #expect(bodies[0]["response_format"] == nil)
        #expect(bodies[1]["tools"] == nil)
    }

    @Test(
        "message.tool_calls become the response's calls with the server's ids, parsed arguments and finish reason toolCalls"
    )
    func respondWithToolCalls() async throws {
        let fake = try FakeChatCompletions { _, connection in
            connection.respond(
                json: FakeChatCompletions.toolCallCompletion([
                    ("call_1", "get_weather", #"{"city":"Lisbon"}"#),
                    ("call_2", "get_time", #"{"zone":"Europe/Lisbon"}"#),
                ]))
        }
        defer { fake.server.stop() }
        let response = try await fake.provider().respond(
            to: GenerationRequest(
                messages: [.init(role: .user, content: "Weather and time?")], schema: verdictSchema,
                tools: [weatherDefinition, timeDefinition]))
        #expect(response.toolCalls.map(\.id) == ["call_1", "call_2"])
        #expect(response.toolCalls.map(\.toolName) == ["get_weather", "get_time"])
        #expect(try response.toolCalls[0].arguments.value(String.self, forProperty: "city") == "Lisbon")
        #expect(try response.toolCalls[1].arguments.value(String.self, forProperty: "zone") == "Europe/Lisbon")
        #expect(response.metadata.finishReason == .toolCalls)
        #expect(response.metadata.usage == TokenUsage(promptTokens: 40, completionTokens: 12))
        #expect(response.text == "")
        // With a schema too, both the tools and the response format are sent.
        let body = try #require(fake.bodies.first)
        #expect(body["tools"]?.elements?.count == 2)
        #expect(body["response_format"]?["type"]?.stringValue == "json_schema")
    }

    @Test(
        "earlier calls go back as an assistant turn with tool_calls (arguments as JSON text, content null) and outputs as role tool with tool_call_id"
    )
    func historyShape() async throws {
        let fake = try FakeChatCompletions { _, connection in
            connection.respond(json: FakeChatCompletions.textCompletion("21 °C at 14:05."))
        }
        defer { fake.server.stop() }
        let response = try await fake.provider().respond(
            to: GenerationRequest(
                instructions: "Answer briefly.", messages: answeredTwoCalls, tools: [weatherDefinition, timeDefinition])
        )
        #expect(response.text == "21 °C at 14:05.")
        #expect(response.toolCalls.isEmpty)
        let messages = try #require(fake.bodies.first?["messages"]?.elements)
        try #require(messages.count == 5)
        let assistant = messages[2]
        #expect(assistant["role"]?.stringValue == "assistant")
        #expect(assistant["content"]?.kind == .null)
        let calls = try #require(assistant["tool_calls"]?.elements)
        #expect(calls.map { $0["id"]?.stringValue } == ["call_a", "call_b"])
        #expect(calls.map { $0["function"]?["name"]?.stringValue } == ["get_weather", "get_time"])
        let arguments = try #require(calls.first?["function"]?["arguments"]?.stringValue)
        #expect(try JSONParser.parse(arguments) == GeneratedContent(orderedProperties: [("city", .string("Lisbon"))]))
        #expect(messages[3]["role"]?.stringValue == "tool")
        #expect(messages[3]["tool_call_id"]?.stringValue == "call_a")
        #expect(messages[3]["content"]?.stringValue == "21 °C")
        #expect(messages[4]["tool_call_id"]?.stringValue == "call_b")
        #expect(messages[4]["content"]?.stringValue == "14:05")
    }

    @Test(
        "ids another provider made that are longer than OpenAI's 40 characters are shortened, the same way for the call and its output"
    )
    func foreignIDs() async throws {
        let fake = try FakeChatCompletions { _, connection in
            connection.respond(json: FakeChatCompletions.textCompletion("21 °C."))
        }
        defer { fake.server.stop() }
        let long = "toolu_" + String(repeating: "0123456789", count: 6)
        let other = "toolu_" + String(repeating: "9876543210", count: 6)
        let messages: [GenerationRequest.Message] = [
            .init(role: .user, content: "Weather in Lisbon and Porto?"),
            .toolCalls([
                Transcript.ToolCall(
                    id: long, toolName: "get_weather",
                    arguments: GeneratedContent(orderedProperties: [("city", .string("Lisbon"))])),
                Transcript.ToolCall(
                    id: other, toolName: "get_weather",
                    arguments: GeneratedContent(orderedProperties: [("city", .string("Porto"))])),
            ]),
            .toolOutput(id: long, toolName: "get_weather", text: "21 °C"),
            .toolOutput(id: other, toolName: "get_weather", text: "19 °C"),
        ]
        _ = try await fake.provider().respond(to: GenerationRequest(messages: messages, tools: [weatherDefinition]))
        let sent = try #require(fake.bodies.first?["messages"]?.elements)
        let ids = try #require(sent[1]["tool_calls"]?.elements).compactMap { $0["id"]?.stringValue }
        #expect(ids.count == 2 && Set(ids).count == 2)
        #expect(ids.allSatisfy { $0.count <= 40 })
        #expect([sent[2]["tool_call_id"]?.stringValue, sent[3]["tool_call_id"]?.stringValue] == ids)
    }

    @Test(
        "streamed argument deltas of two calls interleaved by index are assembled into whole calls, with no text deltas"
    )
    func streamedInterleavedCalls() async throws {
        let fake = try FakeChatCompletions { _, connection in
            typealias F = FakeChatCompletions
            F.stream(
                [
                    F.chunk(.object([("role", .string("assistant")), ("content", GeneratedContent(kind: .null))])),
                    F.chunk(F.toolCallDelta(index: 0, id: "call_a", name: "get_weather", arguments: "")),
                    F.chunk(F.toolCallDelta(index: 1, id: "call_b", name: "get_time", arguments: "")),
                    F.chunk(F.toolCallDelta(index: 0, arguments: #"{"ci"#)),
                    F.chunk(F.toolCallDelta(index: 1, arguments: #"{"zone":"#)),
                    F.chunk(F.toolCallDelta(index: 0, arguments: #"ty":"Lis"#)),
                    F.chunk(F.toolCallDelta(index: 1, arguments: #""Europe/Lisbon"}"#)),
                    F.chunk(F.toolCallDelta(index: 0, arguments: #"bon"}"#)),
                    F.chunk(.object([]), finish: "tool_calls"),
                    #"data: {"id":"chatcmpl-3","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":30,"completion_tokens":20}}"#
                        + "\n\n",
                ], to: connection)
        }
        defer { fake.server.stop() }
        var deltas: [String] = []
        var completed: GenerationResponse?
        let request = GenerationRequest(messages: answeredTwoCalls, tools: [weatherDefinition, timeDefinition])
        for try await event in fake.provider().streamResponse(to: request) {
            switch event {
            case .delta(let text): deltas.append(text)
            case .completed(let response): completed = response
            case .restarted: Issue.record("a single provider never restarts")
            }
        }
        let response = try #require(completed)
        #expect(deltas.isEmpty)
        #expect(response.toolCalls.map(\.id) == ["call_a", "call_b"])
        #expect(response.toolCalls.map(\.toolName) == ["get_weather", "get_time"])
        #expect(response.toolCalls[0].arguments == GeneratedContent(orderedProperties: [("city", .string("Lisbon"))]))
        #expect(
            response.toolCalls[1].arguments == GeneratedContent(orderedProperties: [("zone", .string("Europe/Lisbon"))])
        )
        #expect(response.metadata.finishReason == .toolCalls)
        #expect(response.metadata.usage == TokenUsage(promptTokens: 30, completionTokens: 20))
        let body = try #require(fake.bodies.first)
        #expect(body["stream"]?.boolValue == true)
        #expect(body["tools"]?.elements?.count == 2)
        #expect(body["messages"]?.elements?.last?["role"]?.stringValue == "tool")
    }

    @Test(
        "its own executor sends each call's argument pieces under the call's id as they stream, interleaved, and they reduce to the same calls"
    )
    func executorStreamsInterleavedCalls() async throws {
        let fake = try FakeChatCompletions { _, connection in
            typealias F = FakeChatCompletions
            F.stream(
                [
                    F.chunk(F.toolCallDelta(index: 0, id: "call_a", name: "get_weather", arguments: "")),
                    F.chunk(F.toolCallDelta(index: 1, id: "call_b", name: "get_time", arguments: "")),
                    F.chunk(F.toolCallDelta(index: 0, arguments: #"{"ci"#)),
                    F.chunk(F.toolCallDelta(index: 1, arguments: #"{"zone":"#)),
                    F.chunk(F.toolCallDelta(index: 0, arguments: #"ty":"Lisbon"}"#)),
                    F.chunk(F.toolCallDelta(index: 1, arguments: #""UTC"}"#)),
                    F.chunk(.object([]), finish: "tool_calls"),
                    #"data: {"id":"chatcmpl-3","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":30,"completion_tokens":20}}"#
                        + "\n\n",
                ], to: connection)
        }
        defer { fake.server.stop() }
        let provider = fake.provider()
        let request = GenerationRequest(messages: answeredTwoCalls, tools: [weatherDefinition, timeDefinition])
        let channel = LanguageModelExecutorGenerationChannel()
        let turn = Task {
            defer { channel.finish() }
            try await OpenAIExecutor(configuration: .init()).respond(
                to: LanguageModelExecutorGenerationRequest(request), model: provider, streamingInto: channel)
        }
        var pieces: [(id: String, name: String, text: String)] = []
        var usage: LanguageModelExecutorGenerationChannel.Usage?
        for await event in channel {
            guard case .toolCalls(let calls) = event.kind else { continue }
            switch calls.action.change {
            case .call(let call):
                if case .appendArguments(let text, _) = call.action.change, !text.isEmpty {
                    pieces.append((call.id, call.name, text))
                }
            case .usage(let reported, _): usage = reported
            default: break
            }
        }
        try await turn.value
        #expect(pieces.map(\.id) == ["call_a", "call_b", "call_a", "call_b"])
        #expect(pieces.map(\.name) == ["get_weather", "get_time", "get_weather", "get_time"])
        #expect(pieces.map(\.text) == [#"{"ci"#, #"{"zone":"#, #"ty":"Lisbon"}"#, #""UTC"}"#])
        #expect(usage?.input.totalTokenCount == 30 && usage?.output.totalTokenCount == 20)

        let reduced = try await ExecutorModel(ExecutorPath(base: provider)).respond(to: request)
        #expect(reduced.toolCalls.map(\.id) == ["call_a", "call_b"])
        #expect(reduced.toolCalls[0].arguments == GeneratedContent(orderedProperties: [("city", .string("Lisbon"))]))
        #expect(reduced.toolCalls[1].arguments == GeneratedContent(orderedProperties: [("zone", .string("UTC"))]))
    }

    @Test(
        "driven as a Foundation Models 27 model, the server's reasoning_content becomes a reasoning entry before the response"
    )
    func executorStreamsReasoning() async throws {
        let fake = try FakeChatCompletions { _, connection in
            typealias F = FakeChatCompletions
            F.stream(
                [
                    F.chunk(.object([("reasoning_content", .string("The user greets; "))])),
                    F.chunk(.object([("reasoning_content", .string("answer in kind."))])),
                    F.chunk(.object([("content", .string("Hello"))])),
                    F.chunk(.object([("content", .string(" there."))]), finish: "stop"),
                ], to: connection)
        }
        defer { fake.server.stop() }
        let response = try await ExecutorModel(ExecutorPath(base: fake.provider())).respond(
            to: GenerationRequest(prompt: "Hi"))
        #expect(response.text == "Hello there.")
        let entries = response.metadata.executorEntries
        guard case .reasoning(let reasoning)? = entries.first else {
            Issue.record("the first entry is not reasoning: \(entries)")
            return
        }
        #expect(Transcript.text(of: reasoning.segments) == "The user greets; answer in kind.")
        #expect(entries.contains { if case .response = $0 { true } else { false } })
    }

    @Test(
        "a session with a weather tool: the fake asks for the call, the tool runs once for Lisbon, the answer holds its output"
    )
    func sessionRoundTrip() async throws {
        for streaming in [false, true] {
            let fake = try FakeChatCompletions(reply: weatherScript(streaming: streaming))
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
            #expect(fake.bodies.count == 2)
            // The second request carried the call and its output (the fake checked their shape).
            let second = try #require(fake.bodies.last?["messages"]?.elements)
            #expect(second.map { $0["role"]?.stringValue ?? "" } == ["user", "assistant", "tool"])
            #expect(second[2]["tool_call_id"]?.stringValue == "call_w1")
        }
    }

    @Test("arguments that are not JSON are an invalid tool call naming the tool, in respond and in streaming")
    func invalidArguments() async throws {
        let fake = try FakeChatCompletions { body, connection in
            if body["stream"]?.boolValue == true {
                FakeChatCompletions.stream(
                    [
                        FakeChatCompletions.chunk(
                            FakeChatCompletions.toolCallDelta(
                                index: 0, id: "call_x", name: "get_weather", arguments: #"{"city": Lis"#)),
                        FakeChatCompletions.chunk(.object([]), finish: "tool_calls"),
                    ], to: connection)
            } else {
                connection.respond(
                    json: FakeChatCompletions.toolCallCompletion([("call_x", "get_weather", #"{"city": Lis"#)]))
            }
        }
        defer { fake.server.stop() }
        let request = GenerationRequest(messages: [.init(role: .user, content: "Weather?")], tools: [weatherDefinition])
        for streaming in [false, true] {
            do {
                if streaming {
                    for try await _ in fake.provider().streamResponse(to: request) {}
                } else {
                    _ = try await fake.provider().respond(to: request)
                }
                Issue.record("expected invalidToolCall (streaming: \(streaming))")
            } catch let error as GenUIError {
                guard case .invalidToolCall(let tool, _, _, let context) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(tool == "get_weather")
                #expect(context.provider == "openai")
            }
        }
    }

    @Test(
        "a tool whose name providers reject is declared under its sanitized name and its calls come back under its own")
    func sanitizedNames() async throws {
        let fake = try FakeChatCompletions { _, connection in
            connection.respond(
                json: FakeChatCompletions.toolCallCompletion([("call_1", "weather_now", #"{"city":"Oslo"}"#)]))
        }
        defer { fake.server.stop() }
        var dotted = weatherDefinition
        dotted.name = "weather.now"
        let response = try await fake.provider().respond(
            to: GenerationRequest(
                messages: [.init(role: .user, content: "Weather?")], tools: [dotted]))
        #expect(fake.bodies.first?["tools"]?.elements?.first?["function"]?["name"]?.stringValue == "weather_now")
        #expect(response.toolCalls.map(\.toolName) == ["weather.now"])
    }

    @Test(
        "tool calls are bounded: more than the maximum number of calls, or streamed arguments past the output limit, is responseTooLarge"
    )
    func bounded() async throws {
        let many = (0...ToolCallAssembly.maximumCalls).map { ("call_\($0)", "get_weather", #"{"city":"Lisbon"}"#) }
        let piece = String(repeating: "a", count: 900_000)
        let fake = try FakeChatCompletions { body, connection in
            if body["stream"]?.boolValue == true {
                var events = [
                    FakeChatCompletions.chunk(
                        FakeChatCompletions.toolCallDelta(
                            index: 0, id: "call_big", name: "get_weather", arguments: #"{"city":""#))
                ]
                for _ in 0..<6 {
                    events.append(
                        FakeChatCompletions.chunk(FakeChatCompletions.toolCallDelta(index: 0, arguments: piece)))
                }
                events.append(FakeChatCompletions.chunk(.object([]), finish: "tool_calls"))
                FakeChatCompletions.stream(events, to: connection)
            } else {
                connection.respond(json: FakeChatCompletions.toolCallCompletion(many))
            }
        }
        defer { fake.server.stop() }
        let request = GenerationRequest(messages: [.init(role: .user, content: "Weather?")], tools: [weatherDefinition])
        do {
            _ = try await fake.provider().respond(to: request)
            Issue.record("expected responseTooLarge")
        } catch let error as GenUIError {
            #expect(error.code == "responseTooLarge", "\(error)")
        }
        do {
            for try await _ in fake.provider().streamResponse(to: request) {}
            Issue.record("expected responseTooLarge")
        } catch let error as GenUIError {
            #expect(error.code == "responseTooLarge", "\(error)")
        }
    }
}

@Suite(
    "OpenAI-compatible provider: tool calling against llama-server --jinja", .tags(.llamaServer),
    .enabled(if: LlamaTestEnvironment.runnable))
struct OpenAIToolCallingLlamaTests {
    private func provider(_ server: JinjaLlamaServer) -> OpenAILanguageModel {
        OpenAILanguageModel(
            configuration: OpenAIConfiguration(
                name: "llama", baseURL: server.baseURL.appendingPathComponent("v1"), model: "smollm2",
                apiKeyEnvironmentVariable: nil, requestTimeout: .seconds(120), sendsTopK: true))
    }

    /// `response` is a valid turn: calls of the offered tools, or text.
    private func expectValidTurn(_ response: GenerationResponse) {
        if response.toolCalls.isEmpty {
            #expect(response.metadata.finishReason != .toolCalls)
        } else {
            #expect(response.metadata.finishReason == .toolCalls)
            #expect(response.toolCalls.allSatisfy { ["get_weather", "get_time"].contains($0.toolName) })
        }
    }

    @Test(
        "llama-server accepts our tool declarations, an assistant tool_calls turn and tool results, whole and streamed")
    func wireRoundTrip() async throws {
        try await JinjaLlamaServer.with { server in
            let model = provider(server)
            let options = GenerationOptions(sampling: .greedy, maximumResponseTokens: 48)
            // Round 1: only the question, with the tools declared. SmolLM2's template knows no tools, so the model may
            // answer either way; the server must take the request and answer in the documented shape.
            let first = try await model.respond(
                to: GenerationRequest(
                    messages: [.init(role: .user, content: "What is the weather in Lisbon?")], options: options,
                    tools: [weatherDefinition, timeDefinition]))
            expectValidTurn(first)
            // Round 2: the calls and their outputs go back.
            let request = GenerationRequest(
                instructions: "Answer with the tools' results.", messages: answeredTwoCalls, options: options,
                tools: [weatherDefinition, timeDefinition])
            expectValidTurn(try await model.respond(to: request))
            var completed: GenerationResponse?
            for try await event in model.streamResponse(to: request) {
                if case .completed(let response) = event { completed = response }
            }
            expectValidTurn(try #require(completed))
        }
    }
}
