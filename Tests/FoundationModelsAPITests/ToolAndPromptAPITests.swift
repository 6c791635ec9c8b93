import Foundation
import GenUIFoundationModels
import GenUITestSupport
import GenUITesting
import Testing

/// Tools as Foundation Models code writes them: outputs that are `@Generable` values, `GeneratedContent` or arrays,
/// and tools that take no arguments; `@Generable` values in prompts.
@Suite("Foundation Models API: tools and prompts", .tags(.unit))
struct ToolAndPromptAPITests {
    @Generable
    struct Forecast: Equatable {
        var city: String
        var celsius: Int
    }

    /// A tool returning a `@Generable` value.
    struct ForecastTool: Tool {
        @Generable
        struct Arguments {
            @Guide(description: "The city to look up")
            var city: String
        }

        let name = "forecast"
        let description = "The forecast for a city."

        func call(arguments: Arguments) async throws -> Forecast {
            Forecast(city: arguments.city, celsius: 21)
        }
    }

    /// A tool with no arguments, returning `GeneratedContent`.
    struct ClockTool: Tool {
        @Generable
        struct Arguments {}

        let name = "clock"
        let description = "The current time."

        func call(arguments: Arguments) async throws -> GeneratedContent {
            GeneratedContent(properties: ["time": "14:05"])
        }
    }

    /// A tool returning an array of `@Generable` values.
    struct ListTool: Tool {
        @Generable
        struct Arguments {}

        let name = "list"
        let description = "Forecasts for two cities."

        func call(arguments: Arguments) async throws -> [Forecast] {
            [Forecast(city: "Oslo", celsius: 8), Forecast(city: "Rome", celsius: 25)]
        }
    }

    @Test("a tool returning a @Generable value reaches the model as JSON and the transcript as a structured segment")
    func generableToolOutput() async throws {
        let call = Transcript.ToolCall(
            id: "c1", toolName: "forecast", arguments: GeneratedContent(properties: ["city": "Lisbon"]))
        let model = FailingLanguageModel(name: "m", behavior: .callTools([call]), capabilities: [.toolCalling])
        let session = LanguageModelSession(model: model, tools: [ForecastTool()])
        let response = try await session.respond(to: "Weather in Lisbon?")
        let answered = try GeneratedContent(json: response.content)
        #expect(try Forecast(answered) == Forecast(city: "Lisbon", celsius: 21))
        let outputs = session.transcript.compactMap { entry -> Transcript.ToolOutput? in
            if case .toolOutput(let output) = entry { return output }
            return nil
        }
        #expect(outputs.map(\.id) == ["c1"])
        guard case .structure(let structure)? = outputs.first?.segments.first else {
            Issue.record("the output is not structured: \(outputs)")
            return
        }
        #expect(try Forecast(structure.content) == Forecast(city: "Lisbon", celsius: 21))
    }

    @Test("a tool without arguments takes an empty @Generable struct; GeneratedContent and arrays are outputs too")
    func argumentlessTools() async throws {
        let schema = ClockTool.Arguments.generationSchema.jsonSchema()
        #expect(schema.orderedProperties?.first { $0.key == "properties" }?.value.orderedProperties?.isEmpty == true)
        _ = try ClockTool.Arguments(GeneratedContent(properties: [:]))
        let calls = [
            Transcript.ToolCall(id: "c1", toolName: "clock", arguments: GeneratedContent(properties: [:])),
            Transcript.ToolCall(id: "c2", toolName: "list", arguments: GeneratedContent(properties: [:])),
        ]
        let model = FailingLanguageModel(name: "m", behavior: .callTools(calls), capabilities: [.toolCalling])
        let session = LanguageModelSession(model: model, tools: [ClockTool(), ListTool()])
        let response = try await session.respond(to: "Time and forecasts?")
        #expect(response.content.contains(#""time":"14:05""#), "\(response.content)")
        #expect(response.content.contains(#""city":"Rome""#), "\(response.content)")
        guard case .instructions(let instructions) = session.transcript[0] else {
            Issue.record("the transcript does not start with the tools")
            return
        }
        #expect(instructions.toolDefinitions.map(\.name) == ["clock", "list"])
    }

    @Test("@Generable values are PromptRepresentable and InstructionsRepresentable")
    func generableInPrompts() async throws {
        let forecast = Forecast(city: "Bern", celsius: 12)
        let prompt = Prompt {
            "Describe this forecast:"
            forecast
        }
        let direct = Prompt(forecast)
        let instructions = Instructions(forecast)
        #expect(instructions.text.contains(#""city":"Bern""#))
        let model = RequestRecordingModel(wrapping: FixedAnswerModel(name: "recording", text: "ok", finishReason: nil))
        let session = LanguageModelSession(model: model)
        try await session.respond(to: prompt)
        try await session.respond(to: direct)
        let sent = model.requests.map { $0.messages.last?.content ?? "" }
        #expect(sent[0].hasPrefix("Describe this forecast:\n{"), "\(sent[0])")
        #expect(sent[0].contains(#""celsius":12"#))
        #expect(sent[1] == forecast.generatedContent.jsonString)
        func takesPrompt(_ value: some PromptRepresentable) -> Prompt { value.promptRepresentation }
        #expect(takesPrompt(forecast).text == forecast.generatedContent.jsonString)
    }

    @Test(
        "an array of prompts in a Prompt builder reads as its prompts in turn, and a response is made from segments alone"
    )
    func arrayOfPromptsAndResponseSegments() async throws {
        let steps = [Prompt("Preheat the oven."), Prompt("Bake for 20 minutes.")]
        let prompt = Prompt {
            "Check these steps:"
            steps
        }
        #expect(prompt.text == "Check these steps:\nPreheat the oven.\nBake for 20 minutes.")
        let response = Transcript.Response(id: "r1", segments: [.text(.init(content: "Looks right."))])
        #expect(response.id == "r1")
        #expect(response.assetIDs.isEmpty)
        #expect(response.segments.count == 1)
    }

    @Test("LanguageModelSession(model: .default) and prewarm(promptPrefix: Prompt) compile and run")
    func defaultModelAndPrewarm() async throws {
        let session = LanguageModelSession(model: .default, instructions: "Help with recipes.")
        session.prewarm(promptPrefix: Prompt("A recipe for"))
        session.prewarm()
        #expect(session.model.name == SystemLanguageModel.default.name)
        let withTools = LanguageModelSession(model: .default, tools: [ClockTool()], instructions: "Tell the time.")
        #expect(withTools.tools.count == 1)
    }
}
