import Foundation
import GenUIAnthropic
import GenUIHTTP
import GenUITestSupport
import GenUITesting
import Testing

@_spi(Reading) @testable import GenUI

private let weather = GenerationRequest.ToolDefinition(
    name: "get_weather", description: "The current weather in a city.", parameters: RecordingWeatherTool().parameters)

/// Whether `text` matches `^[a-zA-Z0-9_-]+$` (the API's id pattern) and is at most `limit` characters.
private func isWireID(_ text: String?, limit: Int = .max) -> Bool {
    guard let text, !text.isEmpty, text.count <= limit else { return false }
    return text.unicodeScalars.allSatisfy {
        $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-")
    }
}

/// Checks a `/v1/messages` body's tool parts the way the Messages API does, and returns its error message, or `nil`:
/// `tools` entries are exactly `{name, description, input_schema}` with an object schema; `tool_choice` only with
/// tools (`auto`/`any`/`none`, or `tool` naming a declared tool); messages alternate content that is a string or
/// blocks; `tool_use` blocks (`{type, id, name, input}` with an object input) only in assistant messages; the next
/// message is a user message whose content STARTS with one `tool_result` (`{type, tool_use_id, content?, is_error?}`)
/// per `tool_use`, and a `tool_result` answers a `tool_use` of the message just before it; ids match
/// `^[a-zA-Z0-9_-]+$`.
private func toolProblem(_ body: GeneratedContent) -> String? {
    func extra(_ object: GeneratedContent, _ allowed: Set<String>, _ path: String) -> String? {
        (object.orderedProperties ?? []).first { !allowed.contains($0.key) }.map {
            "\(path).\($0.key): Extra inputs are not permitted"
        }
    }
    var declared: Set<String> = []
    if let tools = body["tools"] {
        guard let list = tools.elements, !list.isEmpty else { return "tools: Input should be a valid list" }
        for (index, tool) in list.enumerated() {
            if let problem = extra(tool, ["name", "description", "input_schema", "cache_control"], "tools.\(index)") {
                return problem
            }
            guard let name = tool["name"]?.stringValue, isWireID(name, limit: 64) else {
                return "tools.\(index).name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'"
            }
            guard declared.insert(name).inserted else { return "tools: Tool names must be unique." }
            if let description = tool["description"], description.stringValue == nil {
                return "tools.\(index).description: Input should be a valid string"
            }
            guard tool["input_schema"]?["type"]?.stringValue == "object" else {
                return "tools.\(index).input_schema.type: Field required"
            }
        }
    }
    if let choice = body["tool_choice"] {
        guard body["tools"] != nil else { return "tool_choice may only be specified while providing tools." }
        switch choice["type"]?.stringValue {
        case "auto", "any", "none": break
        case "tool":
            guard let name = choice["name"]?.stringValue, declared.contains(name) else {
                return "tool_choice.name: Tool not found"
            }
        default: return "tool_choice.type: Input should be 'auto', 'any', 'tool' or 'none'"
        }
    }
    guard let messages = body["messages"]?.elements, !messages.isEmpty else { return "messages: Field required" }
    var pendingUses: [String] = []
    for (index, message) in messages.enumerated() {
        let path = "messages.\(index)"
        if let problem = extra(message, ["role", "content"], path) { return problem }
        let role = message["role"]?.stringValue
        guard role == "user" || role == "assistant" else {
            return "\(path).role: Input should be 'user' or 'assistant'"
        }
        if message["content"]?.stringValue != nil {
            guard pendingUses.isEmpty else {
                return
                    "\(path): tool_use ids were found without tool_result blocks immediately after: \(pendingUses.joined(separator: ", "))"
            }
            continue
        }
        guard let blocks = message["content"]?.elements, !blocks.isEmpty else {
            return "\(path).content: Field required"
        }
        var uses: [String] = []
        var answered: [String] = []
        var seenOther = false
        for (position, block) in blocks.enumerated() {
            let blockPath = "\(path).content.\(position)"
            switch block["type"]?.stringValue {
            case "text":
                if let problem = extra(block, ["type", "text", "cache_control", "citations"], blockPath) {
                    return problem
                }
                guard block["text"]?.stringValue?.isEmpty == false else {
                    return "\(blockPath).text: text content blocks must be non-empty"
                }
                seenOther = true
            case "tool_use":
                guard role == "assistant" else {
                    return "\(blockPath): tool_use blocks are only allowed in assistant messages"
                }
                if let problem = extra(block, ["type", "id", "name", "input", "cache_control"], blockPath) {
                    return problem
                }
                guard let id = block["id"]?.stringValue, isWireID(id) else {
                    return "\(blockPath).id: String should match pattern '^[a-zA-Z0-9_-]+$'"
                }
                guard isWireID(block["name"]?.stringValue, limit: 64) else {
                    return "\(blockPath).name: Field required"
                }
                guard block["input"]?.orderedProperties != nil else {
                    return "\(blockPath).input: Input should be a valid dictionary"
                }
                uses.append(id)
            case "tool_result":
                guard role == "user" else {
                    return "\(blockPath): tool_result blocks are only allowed in user messages"
                }
                if let problem = extra(
                    block, ["type", "tool_use_id", "content", "is_error", "cache_control"], blockPath)
                {
                    return problem
                }
                guard !seenOther else { return "\(path): tool_result blocks must come FIRST in the content array" }
                guard let id = block["tool_use_id"]?.stringValue, isWireID(id) else {
                    return "\(blockPath).tool_use_id: String should match pattern '^[a-zA-Z0-9_-]+$'"
                }
                guard pendingUses.contains(id) else {
                    return
                        "\(blockPath): unexpected `tool_use_id` found in `tool_result` blocks: \(id). Each `tool_result` block must have a corresponding `tool_use` block in the previous message."
                }
                if let content = block["content"], content.stringValue == nil, content.elements == nil {
                    return "\(blockPath).content: Input should be a valid string or list"
                }
                answered.append(id)
            default:
                return
                    "\(blockPath).type: Input tag '\(block["type"]?.stringValue ?? "")' found using 'type' does not match any of the expected tags"
            }
        }
        if !pendingUses.isEmpty && answered.sorted() != pendingUses.sorted() {
            return
                "\(path): tool_use ids were found without tool_result blocks immediately after: \(pendingUses.joined(separator: ", "))"
        }
        pendingUses = uses
    }
    return nil
}

/// The text of the `tool_result` blocks of the last message, if it is a user message of results.
private func lastToolResults(_ body: GeneratedContent) -> [String]? {
    guard let last = body["messages"]?.elements?.last, last["role"]?.stringValue == "user",
        let blocks = last["content"]?.elements, blocks.first?["type"]?.stringValue == "tool_result"
    else { return nil }
    return blocks.compactMap { $0["content"]?.stringValue }
}

/// A Messages API fake for tool calling: checks every `/v1/messages` body with ``toolProblem(_:)`` (400
/// `invalid_request_error` when it fails), then answers a conversation whose last message carries tool results with
/// a text repeating them, and any other with `reply` — a `tool_use` of `get_weather` for Paris by default — whole or
/// as a stream (the input split into `input_json_delta` pieces).
private func toolFake(
    reply: @escaping @Sendable (GeneratedContent) -> [String] = { _ in
        [#"{"type":"tool_use","id":"toolu_01A","name":"get_weather","input":{"city":"Paris"}}"#]
    },
    pieces: @escaping @Sendable (GeneratedContent) -> [String] = { _ in [#"{"ci"#, #"ty": "Pa"#, #"ris"}"#] }
) throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer { request, connection in
        guard request.path == "/v1/messages", let body = request.json else {
            connection.respond(
                status: 404, json: #"{"type":"error","error":{"type":"not_found_error","message":"Not found"}}"#)
            return
        }
        guard request.header("anthropic-version") == "2023-06-01" else {
            connection.respond(
                status: 400,
                json:
                    #"{"type":"error","error":{"type":"invalid_request_error","message":"anthropic-version: header is required"}}"#
            )
            return
        }
        if let problem = toolProblem(body) {
            connection.respond(
                status: 400,
                json:
                    #"{"type":"error","error":{"type":"invalid_request_error","message":\#(JSONWriter.quote(problem))},"request_id":"req_t"}"#
            )
            return
        }
        let usage = #""usage":{"input_tokens":20,"output_tokens":9}"#
        let results = lastToolResults(body)
        if body["stream"]?.boolValue == true {
            connection.startStream(contentType: "text/event-stream")
            connection.send(
                "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_s\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude-test\",\"content\":[],\"stop_reason\":null,\(usage)}}\n\n"
            )
            if let results {
                let text = JSONWriter.quote("Here it is: " + results.joined(separator: " "))
                connection.send(
                    "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n"
                )
                connection.send(
                    "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\(text)}}\n\n"
                )
                connection.send("event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n")
                connection.send(
                    "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":{\"output_tokens\":9}}\n\n"
                )
            } else {
                connection.send(
                    "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n"
                )
                connection.send(
                    "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Let me look.\"}}\n\n"
                )
                connection.send("event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n")
                connection.send(
                    "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":1,\"content_block\":{\"type\":\"tool_use\",\"id\":\"toolu_01S\",\"name\":\"get_weather\",\"input\":{}}}\n\n"
                )
                for piece in pieces(body) {
                    connection.send(
                        "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\(JSONWriter.quote(piece))}}\n\n"
                    )
                }
                connection.send("event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":1}\n\n")
                connection.send(
                    "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"tool_use\"},\"usage\":{\"output_tokens\":9}}\n\n"
                )
            }
            connection.send("event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n")
            connection.endStream()
        } else if let results {
            let text = JSONWriter.quote("Here it is: " + results.joined(separator: " "))
            connection.respond(
                json:
                    #"{"id":"msg_f","type":"message","role":"assistant","model":"claude-test","content":[{"type":"text","text":\#(text)}],"stop_reason":"end_turn","stop_sequence":null,\#(usage)}"#
            )
        } else {
            let blocks = reply(body)
            let stop = blocks.contains { $0.contains(#""tool_use""#) } ? "tool_use" : "end_turn"
            connection.respond(
                json:
                    #"{"id":"msg_c","type":"message","role":"assistant","model":"claude-test","content":[\#(blocks.joined(separator: ","))],"stop_reason":"\#(stop)","stop_sequence":null,\#(usage)}"#
            )
        }
    }
}

@Suite("Anthropic tool calling against a Messages API fake", .tags(.unit))
struct AnthropicToolCallingTests {
    private func provider(_ server: LoopbackHTTPServer, mode: AnthropicConfiguration.StructuredOutput = .automatic)
        -> AnthropicLanguageModel
    {
        let key = TestKey("sk-ant-\(UUID().uuidString)")
        return AnthropicLanguageModel(
            configuration: AnthropicConfiguration(
                baseURL: server.baseURL, model: "claude-test", apiKeyEnvironmentVariable: key.variable,
                structuredOutput: mode, requestTimeout: .seconds(20)),
            environment: key.environment)
    }

    @Test(
        "tools go out as {name, description, input_schema} without tool_choice; a tool_use block comes back as a call")
    func declaresAndReadsCalls() async throws {
        let server = try toolFake(reply: { _ in
            [
                #"{"type":"text","text":"Checking."}"#,
                #"{"type":"tool_use","id":"toolu_01A","name":"get_weather","input":{"city":"Paris"}}"#,
            ]
        })
        defer { server.stop() }
        let model = provider(server)
        #expect(await model.supportedCapabilities.contains(.toolCalling))
        let response = try await model.respond(
            to: GenerationRequest(
                messages: [.init(role: .user, content: "Weather in Paris?")], tools: [weather]))
        #expect(
            response.toolCalls == [
                Transcript.ToolCall(
                    id: "toolu_01A", toolName: "get_weather",
                    arguments: GeneratedContent(orderedProperties: [("city", .string("Paris"))]))
            ])
        #expect(response.metadata.finishReason == .toolCalls)
        #expect(response.text == "Checking.")
        let body = try #require(server.requests.first?.json)
        let tool = try #require(body["tools"]?.elements?.first)
        #expect(tool.orderedProperties?.map(\.key) == ["name", "description", "input_schema"])
        #expect(tool["name"]?.stringValue == "get_weather")
        #expect(tool["description"]?.stringValue == "The current weather in a city.")
        #expect(tool["input_schema"]?["properties"]?["city"]?["type"]?.stringValue == "string")
        #expect(body["tool_choice"] == nil)

        // Without tools nothing tool-related is sent.
        _ = try await model.respond(to: GenerationRequest(prompt: "Hello"))
        let plain = try #require(server.requests.last?.json)
        #expect(plain["tools"] == nil && plain["tool_choice"] == nil)
    }

    @Test(
        "an earlier turn goes back as tool_use blocks, its outputs as ONE user message of tool_result blocks in order, foreign ids made valid for both"
    )
    func sendsTurnAndResults() async throws {
        let server = try toolFake()
        defer { server.stop() }
        let calls = [
            Transcript.ToolCall(
                id: "call.1|gemini", toolName: "get_weather",
                arguments: GeneratedContent(orderedProperties: [("city", .string("Rome"))])),
            Transcript.ToolCall(
                id: "toolu_02", toolName: "get_weather",
                arguments: GeneratedContent(orderedProperties: [("city", .string("Oslo"))])),
        ]
        let request = GenerationRequest(
            messages: [
                .init(role: .user, content: "Weather in Rome and Oslo?"),
                .init(role: .assistant, content: "Looking both up.", toolCalls: calls),
                .toolOutput(id: "call.1|gemini", toolName: "get_weather", text: "Rome: 25 °C"),
                .toolOutput(id: "toolu_02", toolName: "get_weather", text: "Oslo: 8 °C"),
            ],
            tools: [weather])
        let response = try await provider(server).respond(to: request)
        #expect(response.text == "Here it is: Rome: 25 °C Oslo: 8 °C")
        #expect(response.toolCalls.isEmpty)
        #expect(response.metadata.finishReason == .stop)
        let messages = try #require(server.requests.first?.json?["messages"]?.elements)
        #expect(messages.map { $0["role"]?.stringValue } == ["user", "assistant", "user"])
        let turn = try #require(messages[1]["content"]?.elements)
        #expect(turn.map { $0["type"]?.stringValue } == ["text", "tool_use", "tool_use"])
        #expect(turn[0]["text"]?.stringValue == "Looking both up.")
        #expect(turn[1]["input"]?["city"]?.stringValue == "Rome")
        let foreign = try #require(turn[1]["id"]?.stringValue)
        #expect(foreign != "call.1|gemini" && isWireID(foreign))
        #expect(turn[2]["id"]?.stringValue == "toolu_02")
        let results = try #require(messages[2]["content"]?.elements)
        #expect(results.map { $0["tool_use_id"]?.stringValue } == [foreign, "toolu_02"])
        #expect(results.map { $0["content"]?.stringValue } == ["Rome: 25 °C", "Oslo: 8 °C"])
        #expect(results.allSatisfy { $0["type"]?.stringValue == "tool_result" })
    }

    @Test(
        "streaming: a tool_use block's input_json_delta pieces, split mid-token, assemble into the call at content_block_stop"
    )
    func streamedCall() async throws {
        let server = try toolFake()
        defer { server.stop() }
        var deltas: [String] = []
        var completed: GenerationResponse?
        let request = GenerationRequest(messages: [.init(role: .user, content: "Weather in Paris?")], tools: [weather])
        for try await event in provider(server).streamResponse(to: request) {
            if case .delta(let text) = event { deltas.append(text) }
            if case .completed(let response) = event { completed = response }
        }
        let response = try #require(completed)
        #expect(response.toolCalls.map(\.id) == ["toolu_01S"])
        #expect(response.toolCalls.first?.arguments["city"]?.stringValue == "Paris")
        #expect(response.metadata.finishReason == .toolCalls)
        // The text streams; the call's arguments are not output text.
        #expect(deltas == ["Let me look."])
        #expect(response.text == "Let me look.")
        #expect(server.requests.first?.json?["stream"]?.boolValue == true)
    }

    @Test(
        "its own executor sends thinking as reasoning, the text, and each tool_use block's input pieces under the block's id, which reduce to the same calls"
    )
    func executorStreamsBlocks() async throws {
        let server = try LoopbackHTTPServer { _, connection in
            func send(_ type: String, _ json: String) { connection.send("event: \(type)\ndata: \(json)\n\n") }
            func delta(_ index: Int, _ delta: String) {
                send("content_block_delta", #"{"type":"content_block_delta","index":\#(index),"delta":\#(delta)}"#)
            }
            func toolUse(_ index: Int, id: String, name: String) {
                send(
                    "content_block_start",
                    #"{"type":"content_block_start","index":\#(index),"content_block":{"type":"tool_use","id":"\#(id)","name":"\#(name)","input":{}}}"#
                )
            }
            connection.startStream(contentType: "text/event-stream")
            send(
                "message_start",
                #"{"type":"message_start","message":{"id":"msg_x","type":"message","role":"assistant","model":"claude-test","content":[],"stop_reason":null,"usage":{"input_tokens":31,"output_tokens":1}}}"#
            )
            send(
                "content_block_start",
                #"{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}}"#)
            delta(0, #"{"type":"thinking_delta","thinking":"Two cities, "}"#)
            delta(0, #"{"type":"thinking_delta","thinking":"two calls."}"#)
            send("content_block_stop", #"{"type":"content_block_stop","index":0}"#)
            send(
                "content_block_start",
                #"{"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}"#)
            delta(1, #"{"type":"text_delta","text":"Checking both."}"#)
            send("content_block_stop", #"{"type":"content_block_stop","index":1}"#)
            toolUse(2, id: "toolu_P", name: "get_weather")
            delta(2, #"{"type":"input_json_delta","partial_json":"{\"city\": \"Pa"}"#)
            delta(2, #"{"type":"input_json_delta","partial_json":"ris\"}"}"#)
            send("content_block_stop", #"{"type":"content_block_stop","index":2}"#)
            toolUse(3, id: "toolu_L", name: "get_weather")
            delta(3, #"{"type":"input_json_delta","partial_json":"{\"city\": \"Lisbon\"}"}"#)
            send("content_block_stop", #"{"type":"content_block_stop","index":3}"#)
            send(
                "message_delta",
                #"{"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":40}}"#)
            send("message_stop", #"{"type":"message_stop"}"#)
            connection.endStream()
        }
        defer { server.stop() }
        let model = provider(server)
        let request = GenerationRequest(
            messages: [.init(role: .user, content: "Weather in Paris and Lisbon?")], tools: [weather])
        let channel = LanguageModelExecutorGenerationChannel()
        let turn = Task {
            defer { channel.finish() }
            try await AnthropicExecutor(configuration: .init()).respond(
                to: LanguageModelExecutorGenerationRequest(request), model: model, streamingInto: channel)
        }
        var reasoning = ""
        var text = ""
        var pieces: [(id: String, name: String, text: String)] = []
        for await event in channel {
            switch event.kind {
            case .reasoning(let entry):
                if case .appendText(let piece, _, _) = entry.action.change { reasoning += piece }
            case .response(let entry):
                if case .appendText(let piece, _, _) = entry.action.change { text += piece }
            case .toolCalls(let calls):
                if case .call(let call) = calls.action.change, case .appendArguments(let piece, _) = call.action.change,
                    !piece.isEmpty
                {
                    pieces.append((call.id, call.name, piece))
                }
            case .data: break
            }
        }
        try await turn.value
        #expect(reasoning == "Two cities, two calls.")
        #expect(text == "Checking both.")
        #expect(pieces.map(\.id) == ["toolu_P", "toolu_P", "toolu_L"])
        #expect(pieces.allSatisfy { $0.name == "get_weather" })
        #expect(pieces.map(\.text).joined() == #"{"city": "Paris"}{"city": "Lisbon"}"#)

        let reduced = try await ExecutorModel(ExecutorPath(base: model)).respond(to: request)
        #expect(reduced.toolCalls.map(\.id) == ["toolu_P", "toolu_L"])
        #expect(reduced.toolCalls.map { $0.arguments["city"]?.stringValue } == ["Paris", "Lisbon"])
        guard case .reasoning(let entry)? = reduced.metadata.executorEntries.first else {
            Issue.record("the first entry is not reasoning: \(reduced.metadata.executorEntries)")
            return
        }
        #expect(Transcript.text(of: entry.segments) == "Two cities, two calls.")
    }

    @Test("a session runs the tool once with the model's arguments and answers with its output, whole and streamed")
    func sessionRoundTrip() async throws {
        let server = try toolFake()
        defer { server.stop() }
        let tool = RecordingWeatherTool()
        let session = LanguageModelSession(model: provider(server), tools: [tool])
        let answer = try await session.respond(to: "What is the weather in Paris?")
        #expect(answer.content == "Here it is: It is 21 °C and sunny in Paris.")
        #expect(tool.calls.withLock { $0 } == ["Paris"])
        #expect(server.requests.count == 2)
        let second = try #require(server.requests.last?.json)
        #expect(lastToolResults(second) == ["It is 21 °C and sunny in Paris."])

        let streamed = RecordingWeatherTool()
        let streamingSession = LanguageModelSession(model: provider(server), tools: [streamed])
        let final = try await streamingSession.streamResponse(to: "And now?").collect()
        #expect(final.content == "Here it is: It is 21 °C and sunny in Paris.")
        #expect(streamed.calls.withLock { $0 } == ["Paris"])
    }

    @Test("output_config mode with tools sends both and forces no tool")
    func schemaWithToolsOutputConfig() async throws {
        let server = try toolFake()
        defer { server.stop() }
        _ = try await provider(server).respond(
            to: GenerationRequest(
                messages: [.init(role: .user, content: "Weather?")], schema: verdictSchema, tools: [weather]))
        let body = try #require(server.requests.first?.json)
        #expect(body["output_config"]?["format"]?["type"]?.stringValue == "json_schema")
        #expect(body["tools"]?.elements?.map { $0["name"]?.stringValue } == ["get_weather"])
        #expect(body["tool_choice"] == nil)
    }

    @Test(
        "forced-tool mode with tools: the answer tool gets a name no user tool has, tool_choice any; its call is the answer, never a tool call"
    )
    func schemaWithToolsForcedTool() async throws {
        // A user tool named like the schema: the answer tool must not take its name.
        let clash = GenerationRequest.ToolDefinition(
            name: "Verdict", description: "A user tool that shares the schema's name.", parameters: weather.parameters)
        let server = try toolFake(reply: { body in
            let answerTool = body["tools"]?.elements?.last?["name"]?.stringValue ?? ""
            return [#"{"type":"tool_use","id":"toolu_ans","name":"\#(answerTool)","input":{"answer":"yes"}}"#]
        })
        defer { server.stop() }
        let response = try await provider(server, mode: .forcedTool).respond(
            to: GenerationRequest(
                messages: [.init(role: .user, content: "Sunny?")], schema: verdictSchema, tools: [weather, clash]))
        #expect(response.toolCalls.isEmpty)
        #expect(try response.content.value(String.self, forProperty: "answer") == "yes")
        let body = try #require(server.requests.first?.json)
        let names = try #require(body["tools"]?.elements?.compactMap { $0["name"]?.stringValue })
        #expect(names.count == 3)
        #expect(Array(names.prefix(2)) == ["get_weather", "Verdict"])
        #expect(!["get_weather", "Verdict"].contains(names[2]))
        #expect(body["tool_choice"]?.orderedProperties?.map(\.key) == ["type"])
        #expect(body["tool_choice"]?["type"]?.stringValue == "any")
        #expect(body["output_config"] == nil)

        // A user tool's call next to the answer tool's is a turn of calls; the answer tool's call is not among them.
        let both = try toolFake(reply: { body in
            let answerTool = body["tools"]?.elements?.last?["name"]?.stringValue ?? ""
            return [
                #"{"type":"tool_use","id":"toolu_w","name":"get_weather","input":{"city":"Lima"}}"#,
                #"{"type":"tool_use","id":"toolu_ans","name":"\#(answerTool)","input":{"answer":"no"}}"#,
            ]
        })
        defer { both.stop() }
        let turn = try await provider(both, mode: .forcedTool).respond(
            to: GenerationRequest(
                messages: [.init(role: .user, content: "Sunny?")], schema: verdictSchema, tools: [weather, clash]))
        #expect(turn.toolCalls.map(\.toolName) == ["get_weather"])
        #expect(turn.metadata.finishReason == .toolCalls)
    }

    @Test(
        "a tool_use whose input is not an object, or streamed input that does not join into JSON, is an invalid tool call naming the tool"
    )
    func invalidCalls() async throws {
        let notObject = try toolFake(reply: { _ in
            [#"{"type":"tool_use","id":"toolu_x","name":"get_weather","input":"Paris"}"#]
        })
        defer { notObject.stop() }
        let request = GenerationRequest(messages: [.init(role: .user, content: "Weather?")], tools: [weather])
        await #expect { try await provider(notObject).respond(to: request) } throws: { error in
            guard case .invalidToolCall(let tool, _, _, _) = error as? GenUIError else { return false }
            return tool == "get_weather"
        }

        let broken = try toolFake(pieces: { _ in [#"{"city": "Par"#, #"is"#] })
        defer { broken.stop() }
        await #expect {
            for try await _ in provider(broken).streamResponse(to: request) {}
        } throws: { error in
            guard case .invalidToolCall(let tool, _, _, _) = error as? GenUIError else { return false }
            return tool == "get_weather"
        }

        let array = try toolFake(pieces: { _ in ["[1,", "2]"] })
        defer { array.stop() }
        await #expect {
            for try await _ in provider(array).streamResponse(to: request) {}
        } throws: { error in
            guard case .invalidToolCall(let tool, _, _, _) = error as? GenUIError else { return false }
            return tool == "get_weather"
        }
    }
}

extension AnthropicToolCallingTests {
    @Test("tokenCount sends the tools and the tool turns to count_tokens in the shape generation sends them")
    func countsTools() async throws {
        let server = try LoopbackHTTPServer { request, connection in
            guard request.path == "/v1/messages/count_tokens", let body = request.json else {
                connection.respond(
                    status: 404, json: #"{"type":"error","error":{"type":"not_found_error","message":"Not found"}}"#)
                return
            }
            if let problem = toolProblem(body) {
                connection.respond(
                    status: 400,
                    json:
                        #"{"type":"error","error":{"type":"invalid_request_error","message":\#(JSONWriter.quote(problem))}}"#
                )
            } else {
                connection.respond(json: #"{"input_tokens":42}"#)
            }
        }
        defer { server.stop() }
        let call = Transcript.ToolCall(
            id: "call:1", toolName: "get_weather",
            arguments: GeneratedContent(orderedProperties: [("city", .string("Bern"))]))
        let count = try await provider(server).tokenCount(
            for: GenerationRequest(
                messages: [
                    .init(role: .user, content: "Bern?"), .toolCalls([call]),
                    .toolOutput(id: "call:1", toolName: "get_weather", text: "mild"),
                ],
                tools: [weather]))
        #expect(count == 42)
        let body = try #require(server.requests.first?.json)
        #expect(body["tools"]?.elements?.first?["name"]?.stringValue == "get_weather")
        #expect(body["messages"]?.elements?.last?["content"]?.elements?.first?["type"]?.stringValue == "tool_result")
    }
}

@Suite(
    "Anthropic tool calling against llama-server's /v1/messages", .tags(.llamaServer),
    .enabled(if: LlamaTestEnvironment.runnable))
struct AnthropicToolCallingLlamaTests {
    @Test(
        "llama-server accepts a request with tools, a tool_use turn and its tool_result (HTTP 200), whole and streamed")
    func serverAcceptsToolTurns() async throws {
        try await LlamaServerFixture.with { server in
            let model = AnthropicLanguageModel(
                configuration: AnthropicConfiguration(
                    name: "claude-local", baseURL: server.baseURL, model: "smollm2", apiKeyEnvironmentVariable: nil,
                    requestTimeout: .seconds(120)))
            let request = GenerationRequest(
                messages: [
                    .init(role: .user, content: "What is the weather in Paris?"),
                    .toolCalls([
                        Transcript.ToolCall(
                            id: "call.7|elsewhere", toolName: "get_weather",
                            arguments: GeneratedContent(orderedProperties: [("city", .string("Paris"))]))
                    ]),
                    .toolOutput(
                        id: "call.7|elsewhere", toolName: "get_weather", text: "It is 21 °C and sunny in Paris."),
                ],
                options: .init(sampling: .greedy, maximumResponseTokens: 24), tools: [weather])
            // SmolLM2's template knows no tools: whatever the model chooses, the server must accept the wire format.
            // Errors that can only follow an HTTP 200 (the model's own call being unusable) still prove that.
            for stream in [false, true] {
                do {
                    if stream {
                        for try await _ in model.streamResponse(to: request) {}
                    } else {
                        _ = try await model.respond(to: request)
                    }
                } catch let error as GenUIError {
                    guard case .invalidToolCall = error else {
                        Issue.record("llama-server rejected the tool round trip (stream: \(stream)): \(error)")
                        continue
                    }
                }
            }
        }
    }
}
