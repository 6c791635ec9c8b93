import Foundation
import GenUI
import GenUITestSupport
import Synchronization
import Testing

@testable import GenUIOnDevice

/// A weather tool with a fixed answer, counting its calls.
private final class WeatherLookup: Tool {
    struct Arguments: ConvertibleFromGeneratedContent {
        var city: String
        init(_ content: GeneratedContent) throws { city = try content.value(String.self, forProperty: "city") }
    }

    let description = "Looks up the current weather in a city."
    let calls = Mutex<[String]>([])

    var name: String { "get_weather" }
    var parameters: GenerationSchema {
        GenerationSchema(
            node: .object(
                .init(
                    name: "WeatherArguments",
                    properties: [
                        .init(
                            name: "city", description: "The city's name",
                            node: .string(.init(minimumLength: 1, maximumLength: 30)))
                    ])), name: "WeatherArguments")
    }

    func call(arguments: Arguments) async throws -> String {
        calls.withLock { $0.append(arguments.city) }
        return "Weather in \(arguments.city): 17 degrees, light rain."
    }
}

/// Tool calling on the real llama-server with SmolLM2-135M, whose chat template knows no tools: genui's grammar makes
/// every turn either a call with arguments that follow the tool's schema, or the answer.
@Suite("On-device tool calling", .tags(.llamaServer), .serialized, .enabled(if: OnDeviceFixture.shouldRun))
struct OnDeviceToolCallingTests {
    static let shared: OnDeviceLanguageModel? = try? OnDeviceLanguageModel(
        configuration: OnDeviceFixture.configuration(name: "on-device-tools"))

    static func model() throws -> OnDeviceLanguageModel {
        _ = try OnDeviceFixture.requireRuntime()
        return try #require(shared)
    }

    static let instructions = "You answer questions about the weather. Call get_weather to learn the weather of a city."

    @Test("the on-device model declares tool calling")
    func declaresToolCalling() async throws {
        #expect(await (try Self.model()).supportedCapabilities.contains(.toolCalling))
    }

    @Test("a session with a weather tool calls it once with valid arguments, and the answer contains its output")
    func weatherToolOnce() async throws {
        let tool = WeatherLookup()
        let session = LanguageModelSession(model: try Self.model(), tools: [tool], instructions: Self.instructions)
        let response = try await session.respond(
            to: "What is the weather in Paris right now?", options: GenerationOptions(sampling: .greedy))
        let calls = tool.calls.withLock { $0 }
        #expect(calls.count == 1, "calls: \(calls)")
        #expect(calls.first?.isEmpty == false)
        #expect(response.content.contains("17 degrees"), "answer: \(response.content)")
    }

    @Test("twenty tool-needing prompts each end in a valid call or a valid answer, every turn within its bound")
    func twentyPrompts() async throws {
        let model = try Self.model()
        let tools = [WeatherLookup()]
        let definitions = tools.map(\.definition)
        let prompts = [
            "Weather in Rome?", "Is it raining in London?", "How warm is it in Madrid today?",
            "Tell me the weather for Berlin.", "Should I take an umbrella in Oslo?", "What's it like outside in Tokyo?",
            "Temperature in Cairo please", "Weather report for Sydney", "Is it sunny in Lisbon?",
            "Do I need a coat in Moscow?", "Forecast for Toronto now", "How is the weather in Dublin?",
            "Weather in New York City", "Check the weather in Vienna", "Is it cold in Helsinki?",
            "Current conditions in Athens", "What is the weather in Seoul?", "Weather now in Mexico City",
            "Is it windy in Chicago?", "Give me the weather in Nairobi",
        ]
        #expect(Set(prompts).count == 20)
        for (index, prompt) in prompts.enumerated() {
            let request = GenerationRequest(
                instructions: Self.instructions, messages: [.init(role: .user, content: prompt)],
                options: GenerationOptions(sampling: .random(top: 40, seed: UInt64(index)), temperature: 0.7),
                tools: definitions)
            let response = try await model.respond(to: request)

            if let call = response.toolCalls.first {
                #expect(response.toolCalls.count == 1)
                #expect(call.toolName == "get_weather")
                #expect(tools[0].parameters.firstViolation(in: call.arguments) == nil, "\(prompt): \(call.arguments)")
                #expect(response.metadata.finishReason == .toolCalls)
            } else {
                #expect(!response.text.isEmpty, "\(prompt): empty answer")
                #expect(response.text.count <= ToolTurn.maximumTextAnswerLength)
            }
            #expect(response.metadata.finishReason != .length, "\(prompt): ran into the token limit")
        }
    }

    @Test("a tool turn's answer can be a value of the request's schema")
    func guidedAnswerAfterTool() async throws {
        let tool = WeatherLookup()
        let schema = GenerationSchema(
            node: .object(
                .init(
                    name: "Report",
                    properties: [
                        .init(name: "city", node: .string(.init(minimumLength: 1, maximumLength: 30))),
                        .init(name: "summary", node: .string(.init(minimumLength: 1, maximumLength: 80))),
                    ])), name: "Report")
        let session = LanguageModelSession(model: try Self.model(), tools: [tool], instructions: Self.instructions)
        let response = try await session.respond(
            to: "Weather in Paris?", schema: schema, options: GenerationOptions(sampling: .greedy))
        #expect(schema.firstViolation(in: response.content) == nil)
        #expect(tool.calls.withLock { $0.count } <= LanguageModelSession.defaultMaximumToolRounds)
    }
}

@Suite("On-device tool turns within a token limit", .tags(.unit))
struct OnDeviceToolTurnLimitTests {
    @Test("a small token limit bounds the text answer so the whole turn fits, instead of cutting it off")
    func textAnswerFitsTheLimit() {
        #expect(ToolTurn.textAnswerLength(maximumTokens: nil, noTool: "none") == ToolTurn.maximumTextAnswerLength)
        let length = ToolTurn.textAnswerLength(maximumTokens: 96, noTool: "none")
        let frame = #"{"tool":"none","answer":""}"#.utf8.count
        #expect(length >= 1 && frame + 4 * length < 96, "\(length)")
        let request = GenerationRequest(
            messages: [.init(role: .user, content: "Weather?")], options: GenerationOptions(maximumResponseTokens: 96),
            tools: [
                GenerationRequest.ToolDefinition(
                    name: "get_weather", description: "d",
                    parameters: GenerationSchema(
                        node: .object(.init(name: "A", properties: [])), name: "A"))
            ])
        let turn = ToolTurn(request)
        guard case .anyOf(let choice)? = turn.request.schema?.root, case .object(let answer)? = choice.choices.last,
            case .string(let text)? = answer.properties.last?.node
        else {
            Issue.record("unexpected turn schema")
            return
        }
        #expect(text.maximumLength == length)
    }

    @Test("a turn that must call a tool offers the calls only; one that may not call offers no tools at all")
    func toolCallingModeShapesTheTurn() {
        let weather = GenerationRequest.ToolDefinition(
            name: "get_weather", description: "d",
            parameters: GenerationSchema(node: .object(.init(name: "A", properties: [])), name: "A"))
        func request(_ mode: GenerationOptions.ToolCallingMode) -> GenerationRequest {
            GenerationRequest(
                messages: [.init(role: .user, content: "Weather?")], options: GenerationOptions(toolCallingMode: mode),
                tools: [weather])
        }
        func choiceNames(_ turn: ToolTurn) -> [String] {
            guard case .anyOf(let choice)? = turn.request.schema?.root else { return [] }
            return choice.choices.compactMap { node in
                if case .object(let object) = node { object.name } else { nil }
            }
        }
        #expect(choiceNames(ToolTurn(request(.allowed))) == ["call_get_weather", "answer"])
        #expect(choiceNames(ToolTurn(request(.required))) == ["call_get_weather"])
        // Every tool excluded (a repeated call): the answer is the only way out.
        #expect(choiceNames(ToolTurn(request(.required), excluding: ["get_weather"])) == ["answer"])
        #expect(request(.disallowed).offeredTools.isEmpty)
        // Its tools are still declared (in the transcript), so it still needs a model that can call tools.
        #expect(request(.disallowed).impliedCapabilities.contains(.toolCalling))
    }
}
