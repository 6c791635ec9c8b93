import Foundation
import GenUIGemini
import GenUIHTTP
import GenUITestSupport
import GenUITesting
import Synchronization
import Testing

@_spi(Reading) @testable import GenUI

private let weather = GenerationRequest.ToolDefinition(
    name: "get_weather", description: "The current weather in a city.", parameters: RecordingWeatherTool().parameters)

/// The `output` of each `functionResponse` of the last content, if it is a user turn of function responses.
private func lastOutputs(_ body: GeneratedContent) -> [String]? {
    guard let last = body["contents"]?.elements?.last, last["role"]?.stringValue == "user",
        let parts = last["parts"]?.elements, parts.first?["functionResponse"] != nil
    else { return nil }
    return parts.compactMap { $0["functionResponse"]?["response"]?["output"]?.stringValue }
}

/// The Gemini API the function-calling tests run against (``GeminiWireFake``), serving the models they name.
private func toolFake(_ tools: GeminiWireFake.Tools = .init(callIDs: true), key: String) throws -> LoopbackHTTPServer {
    try GeminiWireFake(key: key, models: ["gemini-test", "gemini-2.5-flash", "gemini-3-flash-preview"], tools: tools)
        .server
}

/// The Gemini API as a thinking model (``GeminiWireFake``): it answers "Hello there." (streamed in two chunks), and,
/// only when the body asks for them (`generationConfig.thinkingConfig.includeThoughts`), thought summaries first:
/// parts marked `thought: true`, streamed in two chunks.
private func thinkingFake(key: String) throws -> LoopbackHTTPServer {
    try GeminiWireFake(
        key: key, answer: .parts(["Hello", " there."]), thoughts: ["The user greets; ", "answer in kind."],
        usage: .init(prompt: 3, candidates: 2, thoughts: 9)
    ).server
}

@Suite("Gemini function calling against a generateContent fake", .tags(.unit))
struct GeminiToolCallingTests {
    private func provider(_ server: LoopbackHTTPServer, key: String, model: String = "gemini-test")
        -> GeminiLanguageModel
    {
        let testKey = TestKey(key)
        return GeminiLanguageModel(
            configuration: GeminiConfiguration(
                baseURL: server.baseURL.appendingPathComponent("v1beta"), model: model,
                apiKeyEnvironmentVariable: testKey.variable, requestTimeout: .seconds(20)),
            environment: testKey.environment)
    }

    private let key = "AIza-\(UUID().uuidString)"

    @Test(
        "tools go out as functionDeclarations {name, description, parametersJsonSchema}; functionCall parts under STOP are a turn of calls"
    )
    func declaresAndReadsCalls() async throws {
        let server = try toolFake(key: key)
        defer { server.stop() }
        let model = provider(server, key: key)
        #expect(await model.supportedCapabilities.contains(.toolCalling))
        let response = try await model.respond(
            to: GenerationRequest(
                messages: [.init(role: .user, content: "Weather in Paris?")], tools: [weather]))
        #expect(
            response.toolCalls == [
                Transcript.ToolCall(
                    id: "fc-1", toolName: "get_weather",
                    arguments: GeneratedContent(orderedProperties: [("city", .string("Paris"))]))
            ])
        #expect(response.metadata.finishReason == .toolCalls)
        let body = try #require(server.requests.first?.json)
        let tools = try #require(body["tools"]?.elements)
        #expect(tools.count == 1)
        let declaration = try #require(tools.first?["functionDeclarations"]?.elements?.first)
        #expect(declaration.orderedProperties?.map(\.key) == ["name", "description", "parametersJsonSchema"])
        #expect(declaration["name"]?.stringValue == "get_weather")
        #expect(declaration["parametersJsonSchema"]?["properties"]?["city"]?["type"]?.stringValue == "string")
        #expect(body["toolConfig"] == nil)

        _ = try await model.respond(to: GenerationRequest(prompt: "Hello"))
        let plain = try #require(server.requests.last?.json)
        #expect(plain["tools"] == nil && plain["toolConfig"] == nil)
    }

    @Test(
        "calls without an id get unique ones, never sent back; an earlier turn goes back as functionCall parts, outputs as ONE user content of functionResponse {name, response: {output}} in order"
    )
    func idsTurnAndResponses() async throws {
        let behaviour = GeminiWireFake.Tools(
            calls: { _ in
                [
                    #"{"name":"get_weather","args":{"city":"Rome"}}"#,
                    #"{"name":"get_weather","args":{"city":"Oslo"}}"#,
                ]
            })
        let server = try toolFake(behaviour, key: key)
        defer { server.stop() }
        let model = provider(server, key: key)
        let first = try await model.respond(
            to: GenerationRequest(
                messages: [.init(role: .user, content: "Rome and Oslo?")], tools: [weather]))
        #expect(first.toolCalls.count == 2)
        #expect(Set(first.toolCalls.map(\.id)).count == 2)
        #expect(first.toolCalls.map { $0.arguments["city"]?.stringValue } == ["Rome", "Oslo"])

        // The turn goes back with one call made by another provider (its id is sent) next to the two made up here.
        let foreign = Transcript.ToolCall(
            id: "toolu_01X", toolName: "get_weather",
            arguments: GeneratedContent(orderedProperties: [("city", .string("Lima"))]))
        let calls = first.toolCalls + [foreign]
        let request = GenerationRequest(
            messages: [
                .init(role: .user, content: "Rome and Oslo?"),
                .init(role: .assistant, content: "Checking.", toolCalls: calls),
            ]
                + calls.map {
                    .toolOutput(
                        id: $0.id, toolName: $0.toolName, text: "\($0.arguments["city"]?.stringValue ?? ""): fine")
                },
            tools: [weather])
        let answer = try await model.respond(to: request)
        #expect(answer.text == "Here it is: Rome: fine Oslo: fine Lima: fine")
        #expect(answer.toolCalls.isEmpty)
        let contents = try #require(server.requests.last?.json?["contents"]?.elements)
        #expect(contents.map { $0["role"]?.stringValue } == ["user", "model", "user"])
        let turn = try #require(contents[1]["parts"]?.elements)
        #expect(turn.first?["text"]?.stringValue == "Checking.")
        let sentCalls = turn.dropFirst().compactMap { $0["functionCall"] }
        #expect(sentCalls.map { $0["name"]?.stringValue } == ["get_weather", "get_weather", "get_weather"])
        #expect(sentCalls.map { $0["args"]?["city"]?.stringValue } == ["Rome", "Oslo", "Lima"])
        #expect(sentCalls.map { $0["id"]?.stringValue } == [nil, nil, "toolu_01X"])
        let responses = try #require(contents[2]["parts"]?.elements?.compactMap { $0["functionResponse"] })
        #expect(responses.count == 3)
        #expect(
            responses.map { $0["response"]?.orderedProperties?.map(\.key) ?? [] } == [
                ["output"], ["output"], ["output"],
            ])
        #expect(responses.map { $0["id"]?.stringValue } == [nil, nil, "toolu_01X"])
    }

    @Test("streaming: a text chunk streams, the calls arrive whole in the last chunk")
    func streamedCall() async throws {
        let server = try toolFake(key: key)
        defer { server.stop() }
        var deltas: [String] = []
        var completed: GenerationResponse?
        let request = GenerationRequest(messages: [.init(role: .user, content: "Weather in Paris?")], tools: [weather])
        for try await event in provider(server, key: key).streamResponse(to: request) {
            if case .delta(let text) = event { deltas.append(text) }
            if case .completed(let response) = event { completed = response }
        }
        let response = try #require(completed)
        #expect(deltas == ["Let me check. "])
        #expect(response.toolCalls.map(\.id) == ["fc-1"])
        #expect(response.toolCalls.first?.arguments["city"]?.stringValue == "Paris")
        #expect(response.metadata.finishReason == .toolCalls)
        #expect(server.requests.first?.query == "alt=sse")
    }

    @Test("a session runs the tool once with the model's arguments and answers with its output, whole and streamed")
    func sessionRoundTrip() async throws {
        let server = try toolFake(key: key)
        defer { server.stop() }
        let tool = RecordingWeatherTool()
        let session = LanguageModelSession(model: provider(server, key: key), tools: [tool])
        let answer = try await session.respond(to: "What is the weather in Paris?")
        #expect(answer.content == "Here it is: It is 21 °C and sunny in Paris.")
        #expect(tool.calls.withLock { $0 } == ["Paris"])
        #expect(server.requests.count == 2)
        #expect(lastOutputs(try #require(server.requests.last?.json)) == ["It is 21 °C and sunny in Paris."])

        let streamed = RecordingWeatherTool()
        let final = try await LanguageModelSession(model: provider(server, key: key), tools: [streamed])
            .streamResponse(to: "And in Paris?").collect()
        #expect(final.content == "Here it is: It is 21 °C and sunny in Paris.")
        #expect(streamed.calls.withLock { $0 } == ["Paris"])
    }

    @Test(
        "Gemini 3: a call's thought signature goes back with it; a replayed call without one carries the documented placeholder"
    )
    func thoughtSignatures() async throws {
        let server = try toolFake(.init(callIDs: true, signsCalls: true), key: key)
        defer { server.stop() }
        let tool = RecordingWeatherTool()
        let model = provider(server, key: key, model: "gemini-3-flash-preview")
        let answer = try await LanguageModelSession(model: model, tools: [tool]).respond(to: "Weather in Paris?")
        #expect(answer.content == "Here it is: It is 21 °C and sunny in Paris.")
        let replayed = try #require(server.requests.last?.json?["contents"]?.elements?[1]["parts"]?.elements?.first)
        #expect(replayed["thoughtSignature"]?.stringValue == "c2lnbmF0dXJl1==")

        // A turn made by another provider: no signature known.
        let foreign = Transcript.ToolCall(
            id: "call_9", toolName: "get_weather",
            arguments: GeneratedContent(orderedProperties: [("city", .string("Kyiv"))]))
        _ = try await model.respond(
            to: GenerationRequest(
                messages: [
                    .init(role: .user, content: "Kyiv?"), .toolCalls([foreign]),
                    .toolOutput(id: "call_9", toolName: "get_weather", text: "cold"),
                ],
                tools: [weather]))
        let placeholder = try #require(server.requests.last?.json?["contents"]?.elements?[1]["parts"]?.elements?.first)
        #expect(placeholder["thoughtSignature"]?.stringValue == "skip_thought_signature_validator")

        // Gemini 2.5 signatures are not required: none is made up.
        let plain = try toolFake(key: key)
        defer { plain.stop() }
        let older = provider(plain, key: key, model: "gemini-2.5-flash")
        _ = try await older.respond(
            to: GenerationRequest(
                messages: [
                    .init(role: .user, content: "Kyiv?"), .toolCalls([foreign]),
                    .toolOutput(id: "call_9", toolName: "get_weather", text: "cold"),
                ],
                tools: [weather]))
        let unsigned = try #require(plain.requests.last?.json?["contents"]?.elements?[1]["parts"]?.elements?.first)
        #expect(unsigned["thoughtSignature"] == nil)
    }

    @Test(
        "a schema with tools: both sent where the model takes them; after the documented 400, the schema goes as an answer function with mode ANY, at once from then on"
    )
    func schemaWithTools() async throws {
        let both = try toolFake(key: key)
        defer { both.stop() }
        let request = GenerationRequest(
            messages: [.init(role: .user, content: "Sunny?")], schema: verdictSchema, tools: [weather])
        _ = try await provider(both, key: key).respond(to: request)
        let body = try #require(both.requests.first?.json)
        #expect(body["generationConfig"]?["responseMimeType"]?.stringValue == "application/json")
        #expect(body["generationConfig"]?["responseJsonSchema"] != nil)
        #expect(body["tools"] != nil)
        #expect(body["toolConfig"] == nil)

        let older = try toolFake(
            GeminiWireFake.Tools(
                callIDs: true, rejectsSchemaWithTools: true,
                calls: { body in
                    let answer =
                        body["tools"]?.elements?.first?["functionDeclarations"]?.elements?.last?["name"]?.stringValue
                        ?? ""
                    return [#"{"name":"\#(answer)","args":{"answer":"yes"}}"#]
                }), key: key)
        defer { older.stop() }
        let model = provider(older, key: key, model: "gemini-2.5-flash")
        let response = try await model.respond(to: request)
        #expect(response.toolCalls.isEmpty)
        #expect(try response.content.value(String.self, forProperty: "answer") == "yes")
        #expect(older.requests.count == 2)
        let retried = try #require(older.requests.last?.json)
        #expect(retried["generationConfig"]?["responseMimeType"] == nil)
        #expect(retried["toolConfig"]?["functionCallingConfig"]?["mode"]?.stringValue == "ANY")
        let names =
            retried["tools"]?.elements?.first?["functionDeclarations"]?.elements?.compactMap { $0["name"]?.stringValue }
            ?? []
        #expect(names.count == 2 && names.first == "get_weather" && names.last != "get_weather")
        _ = try await model.respond(to: request)
        #expect(older.requests.count == 3)
    }

    @Test(
        "a tool name that starts with a digit is declared with a leading underscore and its calls come back under the tool's name"
    )
    func functionNames() async throws {
        let tool = GenerationRequest.ToolDefinition(
            name: "3d_view", description: "Renders a city in 3D.", parameters: weather.parameters)
        let server = try toolFake(
            .init(callIDs: true, calls: { _ in [#"{"name":"_3d_view","args":{"city":"Bern"}}"#] }), key: key)
        defer { server.stop() }
        let response = try await provider(server, key: key).respond(
            to: GenerationRequest(
                messages: [.init(role: .user, content: "Show Bern")], tools: [tool]))
        #expect(response.toolCalls.map(\.toolName) == ["3d_view"])
        let declared = server.requests.first?.json?["tools"]?.elements?.first?["functionDeclarations"]?.elements?.first
        #expect(declared?["name"]?.stringValue == "_3d_view")
    }

    @Test("tokenCount sends the declarations and the tool turns in a generateContentRequest")
    func countsTools() async throws {
        let server = try GeminiWireFake(key: key, countTokensReply: #"{"totalTokens":57}"#).server
        defer { server.stop() }
        let call = Transcript.ToolCall(
            id: "fc-9", toolName: "get_weather",
            arguments: GeneratedContent(orderedProperties: [("city", .string("Bern"))]))
        let count = try await provider(server, key: key).tokenCount(
            for: GenerationRequest(
                messages: [
                    .init(role: .user, content: "Bern?"), .toolCalls([call]),
                    .toolOutput(id: "fc-9", toolName: "get_weather", text: "mild"),
                ],
                tools: [weather]))
        #expect(count == 57)
        let inner = try #require(server.requests.first?.json?["generateContentRequest"])
        #expect(inner["tools"]?.elements?.first?["functionDeclarations"] != nil)
        #expect(
            inner["contents"]?.elements?.last?["parts"]?.elements?.first?["functionResponse"]?["id"]?.stringValue
                == "fc-9")
    }

    @Test("a MALFORMED_FUNCTION_CALL finish is an invalid tool call")
    func malformedCall() async throws {
        let server = try GeminiWireFake(key: key, fault: .malformedFunctionCall).server
        defer { server.stop() }
        await #expect {
            try await provider(server, key: key).respond(
                to: GenerationRequest(
                    messages: [.init(role: .user, content: "Weather?")], tools: [weather]))
        } throws: { error in
            guard case .invalidToolCall = error as? GenUIError else { return false }
            return true
        }
    }

    @Test("functionCall args that are not an object are an invalid tool call naming the tool")
    func invalidArgs() async throws {
        let server = try toolFake(
            .init(callIDs: true, calls: { _ in [#"{"name":"get_weather","args":"Paris"}"#] }), key: key)
        defer { server.stop() }
        await #expect {
            try await provider(server, key: key).respond(
                to: GenerationRequest(
                    messages: [.init(role: .user, content: "Weather?")], tools: [weather]))
        } throws: { error in
            guard case .invalidToolCall(let tool, _, _, _) = error as? GenUIError else { return false }
            return tool == "get_weather"
        }
    }

    @Test(
        "its own executor sends each functionCall, arriving whole in a chunk of its own, as one arguments event under the id its response gives the call and the tool's own name; they reduce to the same calls"
    )
    func executorStreamsWholeCalls() async throws {
        let view = GenerationRequest.ToolDefinition(
            name: "3d_view", description: "Renders a city in 3D.", parameters: weather.parameters)
        let server = try toolFake(
            GeminiWireFake.Tools(
                callsInOwnChunks: true,
                calls: { _ in
                    [
                        #"{"name":"get_weather","args":{"city":"Lisbon"}}"#,
                        #"{"name":"_3d_view","args":{"city":"Porto"}}"#,
                    ]
                }), key: key)
        defer { server.stop() }
        let model = provider(server, key: key)
        let request = GenerationRequest(
            messages: [.init(role: .user, content: "Lisbon's weather, Porto in 3D?")], tools: [weather, view])
        let channel = LanguageModelExecutorGenerationChannel()
        let turn = Task {
            defer { channel.finish() }
            try await GeminiExecutor(configuration: .init()).respond(
                to: LanguageModelExecutorGenerationRequest(request), model: model, streamingInto: channel)
        }
        var arrivals: [String] = []
        var pieces: [(id: String, name: String, arguments: String)] = []
        var reducer = GenerationEventReducer()
        for await event in channel {
            try reducer.apply(event)
            switch event.kind {
            case .response(let response):
                if case .appendText(let piece, _, _) = response.action.change { arrivals.append(piece) }
            case .toolCalls(let calls):
                if case .call(let call) = calls.action.change,
                    case .appendArguments(let arguments, _) = call.action.change
                {
                    pieces.append((call.id, call.name, arguments))
                    arrivals.append("call of \(call.name)")
                }
            default: break
            }
        }
        try await turn.value
        #expect(server.requests.map(\.query) == ["alt=sse"])
        // In the order the chunks came: each call as its chunk arrived, not gathered at the end of the turn.
        #expect(arrivals == ["Let me check. ", "call of get_weather", "Next. ", "call of 3d_view"])
        // One event per call, whole: the turn's end sent no call again under another id.
        #expect(pieces.count == 2)
        #expect(pieces.allSatisfy { $0.id.hasPrefix("genui-gemini-call-") } && Set(pieces.map(\.id)).count == 2)
        #expect(pieces.map(\.name) == ["get_weather", "3d_view"])
        #expect(pieces.map(\.arguments) == [#"{"city":"Lisbon"}"#, #"{"city":"Porto"}"#])
        #expect(reducer.usage.input.totalTokenCount == 30 && reducer.usage.output.totalTokenCount == 7)
        let entries = try reducer.finishedEntries(provider: model.name)
        let reducedCalls = entries.flatMap { entry -> [Transcript.ToolCall] in
            if case .toolCalls(let calls) = entry { Array(calls) } else { [] }
        }
        #expect(reducedCalls.map(\.id) == pieces.map(\.id))

        for streaming in [false, true] {
            let path = ExecutorModel(ExecutorPath(base: model))
            let reduced =
                streaming
                ? try await ProviderSupport.completedResponse(from: path.streamResponse(to: request))
                : try await path.respond(to: request)
            let direct = try await model.respond(to: request)
            #expect(reduced.toolCalls.map(\.toolName) == ["get_weather", "3d_view"])
            #expect(reduced.toolCalls.map(\.arguments) == direct.toolCalls.map(\.arguments))
            #expect(
                reduced.toolCalls[0].arguments == GeneratedContent(orderedProperties: [("city", .string("Lisbon"))]))
            #expect(reduced.metadata.finishReason == .toolCalls)
        }
    }

    @Test(
        "driven as a Foundation Models 27 model with reasoning asked for, it asks for thoughts and their parts become a reasoning entry before the response; never text"
    )
    func executorStreamsThoughts() async throws {
        let server = try thinkingFake(key: key)
        defer { server.stop() }
        let model = provider(server, key: key)
        var request = LanguageModelExecutorGenerationRequest(GenerationRequest(prompt: "Hi"))
        request.contextOptions = ContextOptions(reasoningLevel: .moderate)
        let channel = LanguageModelExecutorGenerationChannel()
        let turn = Task {
            defer { channel.finish() }
            try await GeminiExecutor(configuration: .init()).respond(to: request, model: model, streamingInto: channel)
        }
        var reducer = GenerationEventReducer()
        for await event in channel { try reducer.apply(event) }
        try await turn.value
        #expect(
            server.requests.first?.json?["generationConfig"]?["thinkingConfig"]?["includeThoughts"]?.boolValue == true)
        let entries = try reducer.finishedEntries(provider: model.name)
        guard case .reasoning(let reasoning)? = entries.first else {
            Issue.record("the first entry is not reasoning: \(entries)")
            return
        }
        #expect(Transcript.text(of: reasoning.segments) == "The user greets; answer in kind.")
        #expect(reducer.responseText == "Hello there.")

        // genui's router path: the thoughts are no part of the text, streamed or not.
        var asking = GenerationRequest(prompt: "Hi")
        asking.requiredCapabilities = [.reasoning]
        var deltas: [String] = []
        for try await event in model.streamResponse(to: asking) {
            if case .delta(let text) = event { deltas.append(text) }
        }
        #expect(deltas == ["Hello", " there."])
        #expect(try await model.respond(to: asking).text == "Hello there.")

        // Not asked for, no thoughts are requested (and the API sends none).
        let plain = try await ExecutorModel(ExecutorPath(base: model)).respond(to: GenerationRequest(prompt: "Hi"))
        #expect(plain.text == "Hello there.")
        #expect(!plain.metadata.executorEntries.contains { if case .reasoning = $0 { true } else { false } })
        #expect(server.requests.last?.json?["generationConfig"] == nil)
    }
}
