import Foundation
import GenUIFoundationModels
import GenUITestSupport
import GenUITesting
import Testing

/// Foundation Models' `Transcript`, read the way history views, token budgets and persistence code read it.
@Suite("Foundation Models API: Transcript", .tags(.unit))
struct TranscriptAPITests {
    /// The text of `segments`, as a chat view shows an entry.
    static func text(of segments: [Transcript.Segment]) -> String {
        segments.map { segment in
            switch segment {
            case .text(let text): text.content
            case .structure(let structure): structure.content.jsonString
            @unknown default: ""
            }
        }.joined(separator: " ")
    }

    @Test("a session's transcript is a collection of entries walked segment by segment")
    func walksEntriesAndSegments() async throws {
        let session = LanguageModelSession(model: ScriptedLanguageModel(), instructions: "Answer briefly.")
        try await session.respond(to: "Name a fruit.")
        try await session.respond(to: "Name a colour.")

        var roles: [String] = []
        var prompts: [String] = []
        for entry in session.transcript {
            switch entry {
            case .instructions(let instructions):
                roles.append("instructions")
                #expect(Self.text(of: instructions.segments) == "Answer briefly.")
                #expect(instructions.toolDefinitions.isEmpty)
            case .prompt(let prompt):
                roles.append("prompt")
                prompts.append(Self.text(of: prompt.segments))
                #expect(prompt.responseFormat == nil)
            case .response(let response):
                roles.append("response")
                #expect(!response.segments.isEmpty)
                #expect(response.assetIDs.isEmpty)
            case .toolCalls, .toolOutput:
                roles.append("tools")
            @unknown default:
                roles.append("unknown")
            }
        }
        #expect(roles == ["instructions", "prompt", "response", "prompt", "response"])
        #expect(prompts == ["Name a fruit.", "Name a colour."])
        #expect(session.transcript.count == 5)
        if case .response? = session.transcript.last {} else { Issue.record("the last entry is not the response") }
        #expect(Set(session.transcript.map(\.id)).count == 5, "every entry has its own id")
        let responses = session.transcript.compactMap { entry -> Transcript.Response? in
            if case .response(let response) = entry { return response }
            return nil
        }
        #expect(responses.count == 2)
    }

    @Test("a structured response is recorded as a structured segment, with the prompt's response format and options")
    func structuredResponseSegments() async throws {
        let session = LanguageModelSession(model: ScriptedLanguageModel())
        let options = GenerationOptions(sampling: .greedy, temperature: 0.2)
        let response = try await session.respond(to: "A recipe", generating: Recipe.self, options: options)
        guard case .prompt(let prompt) = session.transcript[0], case .response(let answer) = session.transcript[1]
        else {
            Issue.record("expected a prompt and a response: \(session.transcript)")
            return
        }
        #expect(prompt.options == options)
        #expect(prompt.responseFormat?.name == Recipe.generationSchema.name)
        guard case .structure(let structure)? = answer.segments.first else {
            Issue.record("the response is not structured: \(answer.segments)")
            return
        }
        #expect(structure.content == response.rawContent)
        #expect(try Recipe(structure.content).name == response.content.name)
        #expect(response.transcriptEntries.count == 2)
    }

    @Test("a transcript is mutable and range-replaceable, so a history can be trimmed before a session continues it")
    func trimsAndContinues() async throws {
        let first = LanguageModelSession(model: ScriptedLanguageModel(), instructions: "Be terse.")
        for question in ["One?", "Two?", "Three?"] { try await first.respond(to: question) }
        var history = first.transcript
        // Keep the instructions and the last exchange only: a token budget's trim.
        history.removeSubrange(1..<(history.count - 2))
        #expect(history.count == 3)
        history.append(contentsOf: [])
        let model = RequestRecordingModel(wrapping: FixedAnswerModel(name: "recording", text: "ok", finishReason: nil))
        let continued = LanguageModelSession(model: model, transcript: history)
        try await continued.respond(to: "Four?")
        let request = try #require(model.requests.last)
        #expect(request.instructions == "Be terse.")
        #expect(request.messages.map(\.content).first == "Three?")
        #expect(request.messages.last?.content == "Four?")
        #expect(continued.transcript.count == 5)
    }

    @Test("a transcript encodes to JSON in Foundation Models' envelope and decodes back equal")
    func codableRoundTrip() async throws {
        let tool = CityWeather()
        let call = Transcript.ToolCall(
            id: "call_1", toolName: tool.name, arguments: GeneratedContent(properties: ["city": "Lisbon"]))
        let model = FailingLanguageModel(name: "m", behavior: .callTools([call]), capabilities: [.toolCalling])
        let session = LanguageModelSession(model: model, tools: [tool], instructions: "Use the tool.")
        try await session.respond(to: "Weather in Lisbon?")
        let structured = LanguageModelSession(model: ScriptedLanguageModel())
        try await structured.respond(to: "A recipe", generating: Recipe.self)
        let transcript = Transcript(entries: Array(session.transcript) + Array(structured.transcript))

        let data = try JSONEncoder().encode(transcript)
        let envelope = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(envelope["type"] as? String == "FoundationModels.Transcript")
        #expect(envelope["version"] as? String == "1.1")
        #expect((envelope["transcript"] as? [String: Any])?["entries"] is [Any])
        let decoded = try JSONDecoder().decode(Transcript.self, from: data)
        #expect(decoded == transcript)
        // The tool's definition and the calls survive, schema included.
        guard case .instructions(let instructions) = decoded[0] else {
            Issue.record("no instructions entry: \(decoded)")
            return
        }
        #expect(instructions.toolDefinitions.map(\.name) == [tool.name])
        #expect(instructions.toolDefinitions.first?.parameters.jsonSchema() == tool.parameters.jsonSchema())
        #expect(
            decoded.contains {
                if case .toolCalls(let calls) = $0 { calls.first?.arguments == call.arguments } else { false }
            })
    }

    @Test("a history is measured in tokens before it is trimmed, and a shorter history counts fewer")
    func tokenBudget() async throws {
        let session = LanguageModelSession(model: ScriptedLanguageModel(), instructions: "Answer briefly.")
        for question in ["First question about apples?", "Second question about pears?"] {
            try await session.respond(to: question)
        }
        let model = session.model
        let whole = try await model.tokenCount(for: session.transcript)
        let trimmed = try await model.tokenCount(for: session.transcript.prefix(3))
        #expect(whole > trimmed && trimmed > 0, "\(whole) vs \(trimmed)")
        let none = try await model.tokenCount(for: [Transcript.Entry]())
        #expect(none == 0)
    }

    @Test("LanguageModelSession.ResponseStream and LanguageModelSession.Response are the nested names FM code writes")
    func nestedStreamAndResponseNames() async throws {
        let session = LanguageModelSession(model: ScriptedLanguageModel())
        let stream: LanguageModelSession.ResponseStream<Recipe> = session.streamResponse(
            to: "A recipe", generating: Recipe.self)
        var snapshots = 0
        for try await snapshot in stream {
            snapshots += 1
            _ = snapshot.content.name
        }
        let response: LanguageModelSession.Response<Recipe> = try await stream.collect()
        #expect(snapshots > 0)
        #expect(!response.content.name.isEmpty)
        #expect(response.rawContent.isComplete)
        #expect(response.transcriptEntries.count == 2)
    }

    @Test("a file that is not a transcript is refused with a decoding error")
    func refusesOtherDocuments() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                Transcript.self, from: Data(#"{"type":"Other","version":"1","transcript":{"entries":[]}}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                Transcript.self,
                from: Data(
                    #"{"type":"FoundationModels.Transcript","version":"1.1","transcript":{"entries":[{"role":"robot","id":"x"}]}}"#
                        .utf8))
        }
    }
}

@Generable
struct Recipe {
    @Guide(description: "The dish's name")
    var name: String
    @Guide(description: "Minutes to prepare", .range(1...240))
    var minutes: Int
}

/// A tool whose arguments are a city and whose output is text.
struct CityWeather: Tool {
    @Generable
    struct Arguments {
        var city: String
    }

    let name = "cityWeather"
    let description = "Tells the weather in a city."

    func call(arguments: Arguments) async throws -> String {
        "Sunny in \(arguments.city)"
    }
}
