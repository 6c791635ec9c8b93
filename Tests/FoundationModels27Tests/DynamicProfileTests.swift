import Foundation
import GenUI
import GenUITestSupport
import Synchronization
import Testing

/// Whether the app prefers the larger model (a session property of these tests).
private struct PrefersLargeModelKey: SessionPropertyKey {
    static var defaultValue: Bool { false }
}

/// How many tools the model called (a session property a tool and a profile share).
private struct ToolCallCountKey: SessionPropertyKey {
    static var defaultValue: Int { 0 }
}

extension SessionPropertyValues {
    fileprivate var prefersLargeModel: Bool {
        get { self[PrefersLargeModelKey.self] }
        set { self[PrefersLargeModelKey.self] = newValue }
    }

    /// Declared as Foundation Models 27 declares entries: the macro writes the key and the accessors.
    @SessionPropertyEntry fileprivate var visitedCities: [String] = ["Lisbon"]

    @SessionPropertyEntry fileprivate var lastCity: String?

    fileprivate var toolCallCount: Int {
        get { self[ToolCallCountKey.self] }
        set { self[ToolCallCountKey.self] = newValue }
    }
}

/// Picks a model and instructions by a session property, as an app switches models inside one conversation.
private struct SwitchingProfile: LanguageModelSession.DynamicProfile {
    let small: EventScriptModel
    let large: EventScriptModel
    @SessionProperty(\.prefersLargeModel) var prefersLargeModel

    var body: some DynamicProfile {
        if prefersLargeModel {
            Profile { Instructions("Answer in depth.") }.model(large).temperature(0.9)
        } else {
            Profile { Instructions("Answer briefly.") }.model(small)
        }
    }
}

/// Adds Porto to the visited cities on each prompt and remembers the first city.
private struct VisitingPorto: LanguageModelSession.DynamicProfileModifier {
    @SessionProperty(\.visitedCities) var visited
    @SessionProperty(\.lastCity) var last

    func body(content: Content) -> some DynamicProfile {
        content.onPrompt {
            visited.append("Porto")
            last = visited.first
        }
    }
}

/// Requires a tool call until one was made (Apple's example of an exit condition for `.required`).
private struct RequiredOnce: LanguageModelSession.DynamicProfileModifier {
    @SessionProperty(\.toolCallCount) var count

    func body(content: Content) -> some DynamicProfile {
        content
            .toolCallingMode(count < 1 ? .required : .allowed)
            .onToolCall { count += 1 }
    }
}

/// What the actions of a profile saw, in order.
private final class ActionLog: Sendable {
    private let recorded = Mutex<[String]>([])

    var lines: [String] { recorded.withLock { $0 } }

    func append(_ line: String) { recorded.withLock { $0.append(line) } }
}

private func answering(_ texts: String...) -> EventScript {
    EventScript(texts.map { [.response(action: .appendText($0, tokenCount: 1))] })
}

private func instructionsText(of transcript: Transcript) -> String? {
    guard case .instructions(let instructions)? = transcript.first else { return nil }
    return instructions.segments.compactMap { segment -> String? in
        if case .text(let text) = segment { return text.content }
        return nil
    }.joined(separator: "\n")
}

private func promptTexts(_ transcript: Transcript) -> [String] {
    transcript.compactMap { entry -> String? in
        guard case .prompt(let prompt) = entry else { return nil }
        return prompt.segments.compactMap { segment -> String? in
            if case .text(let text) = segment { return text.content }
            return nil
        }.joined()
    }
}

/// Counts its calls in a session property.
private struct CountingTool: Tool {
    let name = "count"
    let description = "Counts a call."
    @SessionProperty(\.toolCallCount) var count

    @Generable
    struct Arguments {
        var value: Int
    }

    func call(arguments: Arguments) async throws -> String {
        count += 1
        return "counted \(arguments.value)"
    }
}
/// Offers the counting tool until it was called once, and says how often it was.
private struct CountingInstructions: DynamicInstructions {
    @SessionProperty(\.toolCallCount) var count

    var body: some DynamicInstructions {
        Instructions("Calls so far: \(count)")
        if count < 1 {
            CountingTool()
        }
    }
}

@Suite("Dynamic profiles: the session evaluates its profile before each request", .tags(.unit))
struct DynamicProfileTests {
    @Test("a session property switches the model, the instructions and the options on the next request")
    func sessionPropertySwitchesTheModel() async throws {
        let small = EventScriptModel(script: answering("short"), configurationLabel: "profile-small")
        let large = EventScriptModel(script: answering("long"), configurationLabel: "profile-large")
        let session = LanguageModelSession(profile: SwitchingProfile(small: small, large: large))
        #expect(instructionsText(of: session.transcript) == "Answer briefly.")

        let first = try await session.respond(to: "Hello")
        session.properties.prefersLargeModel = true
        let second = try await session.respond(to: "Tell me more")

        #expect(first.content == "short")
        #expect(second.content == "long")
        #expect(small.script.requests.count == 1)
        let asked = try #require(large.script.requests.first)
        #expect(instructionsText(of: asked.transcript) == "Answer in depth.")
        #expect(asked.generationOptions.temperature == 0.9)
        #expect(promptTexts(asked.transcript) == ["Hello", "Tell me more"])
        #expect(instructionsText(of: session.transcript) == "Answer in depth.")
    }

    @Test("the modifier closest to the profile wins over outer ones, and the caller's options win over both")
    func valuePrecedence() async throws {
        let script = answering("one", "two")
        let model = EventScriptModel(
            script: script, declared: [.guidedGeneration, .toolCalling, .reasoning],
            configurationLabel: "profile-precedence")
        let profile = LanguageModelSession.Profile { Instructions("Be helpful.") }
            .temperature(0.2).reasoningLevel(.light)
            .temperature(0.7).maximumResponseTokens(64).model(model)
        let session = LanguageModelSession(profile: profile)
        try await session.respond(to: "first")
        try await session.respond(to: "second", options: GenerationOptions(temperature: 0.5))
        let requests = script.requests
        try #require(requests.count == 2)
        #expect(requests[0].generationOptions.temperature == 0.2)
        #expect(requests[0].generationOptions.maximumResponseTokens == 64)
        #expect(requests[0].contextOptions.reasoningLevel == .light)
        #expect(requests[1].generationOptions.temperature == 0.5)
        #expect(requests[1].generationOptions.maximumResponseTokens == 64)
    }

    @Test("a history transform changes what the model is given, not the session's transcript")
    func historyTransformIsAView() async throws {
        let script = answering("a", "b", "c")
        let model = EventScriptModel(script: script, configurationLabel: "profile-transform")
        let profile = LanguageModelSession.Profile { Instructions("Keep it short.") }
            .historyTransform { history in Array(history.suffix(1)) }
            .model(model)
        let session = LanguageModelSession(profile: profile)
        for prompt in ["one", "two", "three"] { try await session.respond(to: prompt) }
        let last = try #require(script.requests.last)
        #expect(promptTexts(last.transcript) == ["three"])
        #expect(instructionsText(of: last.transcript) == "Keep it short.")
        #expect(promptTexts(session.transcript) == ["one", "two", "three"])
        #expect(session.transcript.count == 7)
    }

    @Test("a prompt action that writes the history trims the session's transcript, the new prompt kept")
    func promptActionWritesHistory() async throws {
        struct Windowed: LanguageModelSession.DynamicProfileModifier {
            @SessionProperty(\.history) var history
            let entries: Int

            func body(content: Content) -> some DynamicProfile {
                content.onPrompt { history = history.suffix(entries) }
            }
        }
        let script = answering("r1", "r2", "r3")
        let model = EventScriptModel(script: script, configurationLabel: "profile-window")
        let session = LanguageModelSession(
            profile: LanguageModelSession.Profile { Instructions("Chat.") }.modifier(Windowed(entries: 3)).model(model))
        for prompt in ["p1", "p2", "p3"] { try await session.respond(to: prompt) }
        #expect(promptTexts(session.transcript) == ["p2", "p3"])
        #expect(session.transcript.count == 5)
        let last = try #require(script.requests.last)
        #expect(promptTexts(last.transcript) == ["p2", "p3"])
    }

    @Test("dynamic instructions are evaluated again after a tool round: a tool's change reaches the next request")
    func instructionsFollowToolRounds() async throws {
        let script = EventScript([
            [
                .toolCalls(
                    action: .toolCall(id: "c1", name: "count", action: .appendArguments(#"{"value":1}"#, tokenCount: 1))
                )
            ],
            [.response(action: .appendText("Done.", tokenCount: 1))],
        ])
        let model = EventScriptModel(script: script, configurationLabel: "profile-tools")
        let session = LanguageModelSession(model: model, dynamicInstructions: CountingInstructions())
        let response = try await session.respond(to: "Count once.")
        let requests = script.requests
        try #require(requests.count == 2)
        #expect(response.content == "Done.")
        #expect(instructionsText(of: requests[0].transcript) == "Calls so far: 0")
        #expect(requests[0].enabledToolDefinitions.map(\.name) == ["count"])
        #expect(instructionsText(of: requests[1].transcript) == "Calls so far: 1")
        #expect(requests[1].enabledToolDefinitions.isEmpty)
        #expect(session.properties.toolCallCount == 1)
        #expect(instructionsText(of: session.transcript) == "Calls so far: 1")
    }

    @Test("tool actions run around each call; one that throws ends the request before the tool runs")
    func toolActions() async throws {
        struct Denied: Error {}
        let seen = ActionLog()
        let tool = RecordingTool()
        let calling: [[LanguageModelExecutorGenerationChannel.Event]] = [
            [
                .toolCalls(
                    action: .toolCall(
                        id: "c1", name: "record", action: .appendArguments(#"{"value":7}"#, tokenCount: 1)))
            ],
            [.response(action: .appendText("Recorded.", tokenCount: 1))],
        ]
        let allowedScript = EventScript(calling)
        let allowed = LanguageModelSession.Profile { tool }
            .onToolCall { call in seen.append("call \(call.toolName)") }
            .onToolOutput { call, output in seen.append("output \(call.id) \(output.toolName)") }
            .onResponse { seen.append("response") }
            .model(EventScriptModel(script: allowedScript, configurationLabel: "profile-actions"))
        try await LanguageModelSession(profile: allowed).respond(to: "Record seven.")
        #expect(seen.lines == ["call record", "output c1 record", "response"])
        #expect(tool.values == [7])

        let deniedTool = RecordingTool()
        let denied = LanguageModelSession.Profile { deniedTool }
            .onToolCall { _ in throw Denied() }
            .model(EventScriptModel(script: EventScript(calling), configurationLabel: "profile-denied"))
        let session = LanguageModelSession(profile: denied)
        await #expect(throws: Denied.self) { try await session.respond(to: "Record seven.") }
        #expect(deniedTool.values.isEmpty)
        #expect(promptTexts(session.transcript).isEmpty)
    }

    @Test("a property declared with @SessionPropertyEntry has its default, and a tool's write is kept by the session")
    func sessionPropertyEntry() async throws {
        let session = LanguageModelSession(
            profile: LanguageModelSession.Profile { Instructions("Plan.") }
                .modifier(VisitingPorto())
                .model(EventScriptModel(script: answering("ok"), configurationLabel: "profile-entry")))
        #expect(session.properties.visitedCities == ["Lisbon"])
        #expect(session.properties.lastCity == nil)
        try await session.respond(to: "Go.")
        #expect(session.properties.visitedCities == ["Lisbon", "Porto"])
        #expect(session.properties.lastCity == "Lisbon")
    }

    @Test("the tool-calling mode follows the profile between tool rounds: required until a tool was called")
    func toolCallingModeBetweenRounds() async throws {
        let script = EventScript([
            [
                .toolCalls(
                    action: .toolCall(
                        id: "c1", name: "record", action: .appendArguments(#"{"value":3}"#, tokenCount: 1)))
            ],
            [.response(action: .appendText("Recorded.", tokenCount: 1))],
        ])
        let tool = RecordingTool()
        let session = LanguageModelSession(
            profile: LanguageModelSession.Profile { tool }.modifier(RequiredOnce())
                .model(EventScriptModel(script: script, configurationLabel: "profile-mode")))
        try await session.respond(to: "Record three.")
        let requests = script.requests
        try #require(requests.count == 2)
        #expect(requests[0].generationOptions.toolCallingMode == .required)
        #expect(requests[1].generationOptions.toolCallingMode == .allowed)
        #expect(tool.values == [3])
    }

    @Test("a streamed response goes through the same profile: model, instructions and history view")
    func streamedResponsesUseTheProfile() async throws {
        let script = answering("streamed")
        let model = EventScriptModel(script: script, configurationLabel: "profile-stream")
        let session = LanguageModelSession(
            profile: LanguageModelSession.Profile { Instructions("Stream.") }.historyTransform { $0 }.model(model),
            history: [.prompt(Transcript.Prompt(segments: [.text(.init(content: "earlier"))]))])
        var last = ""
        for try await snapshot in session.streamResponse(to: "now") { last = snapshot.content }
        #expect(last == "streamed")
        let asked = try #require(script.requests.first)
        #expect(promptTexts(asked.transcript) == ["earlier", "now"])
        #expect(instructionsText(of: asked.transcript) == "Stream.")
    }
}
