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

/// Requires a tool call until one was made (Apple's example of an exit condition for `.required`), and reasons more
/// once it was.
private struct RequiredOnce: LanguageModelSession.DynamicProfileModifier {
    @SessionProperty(\.toolCallCount) var count

    func body(content: Content) -> some DynamicProfile {
        content
            .toolCallingMode(count < 1 ? .required : .allowed)
            .reasoningLevel(count < 1 ? .light : .deep)
            .onToolCall { count += 1 }
    }
}

/// Two profiles, chosen by a session property, each announcing when it becomes active and inactive.
private struct AnnouncingProfile: LanguageModelSession.DynamicProfile {
    let model: EventScriptModel
    let log: ActionLog
    @SessionProperty(\.prefersLargeModel) var prefersLargeModel

    var body: some DynamicProfile {
        if prefersLargeModel {
            Profile { Instructions("Large.") }
                .onActivate { [log] in log.append("activate large") }
                .onDeactivate { [log] in log.append("deactivate large") }
                .model(model)
        } else {
            Profile { Instructions("Small.") }
                .onActivate { [log] in log.append("activate small") }
                .onDeactivate { [log] in log.append("deactivate small") }
                .model(model)
        }
    }
}

/// Chooses the large model once a prompt action asked for it, within the same request.
private struct EscalatingProfile: LanguageModelSession.DynamicProfile {
    let small: EventScriptModel
    let large: EventScriptModel
    @SessionProperty(\.prefersLargeModel) var prefersLargeModel

    var body: some DynamicProfile {
        if prefersLargeModel {
            Profile { Instructions("Large.") }.model(large)
        } else {
            Profile { Instructions("Small.") }.model(small).modifier(EscalateOnPrompt())
        }
    }
}

/// Asks for the large model when a prompt mentions "hard".
private struct EscalateOnPrompt: LanguageModelSession.DynamicProfileModifier {
    @SessionProperty(\.prefersLargeModel) var prefersLargeModel

    func body(content: Content) -> some DynamicProfile {
        content.onPrompt { prompt in
            let text = prompt.segments.compactMap { segment -> String? in
                if case .text(let text) = segment { return text.content }
                return nil
            }.joined()
            if text.contains("hard") { prefersLargeModel = true }
        }
    }
}

/// Empties the history when it runs: a tool whose change a failed request must not keep.
private struct ForgettingTool: Tool {
    let name = "forget"
    let description = "Forgets the conversation."
    @SessionProperty(\.history) var history

    @Generable
    struct Arguments {}

    func call(arguments: Arguments) async throws -> String {
        history = []
        return "forgotten"
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

    @Test("the tool-calling mode and reasoning level follow the profile between tool rounds")
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
                .model(
                    EventScriptModel(
                        script: script, declared: [.guidedGeneration, .toolCalling, .reasoning],
                        configurationLabel: "profile-mode")))
        try await session.respond(to: "Record three.")
        let requests = script.requests
        try #require(requests.count == 2)
        #expect(requests[0].generationOptions.toolCallingMode == .required)
        #expect(requests[1].generationOptions.toolCallingMode == .allowed)
        #expect(requests[0].contextOptions.reasoningLevel == .light)
        #expect(requests[1].contextOptions.reasoningLevel == .deep)
        #expect(tool.values == [3])
    }

    @Test("a profile is activated when a request first finds it, and deactivated when a request no longer does")
    func activationFollowsTheChosenProfile() async throws {
        let log = ActionLog()
        let model = EventScriptModel(script: answering("1", "2", "3", "4"), configurationLabel: "profile-lifecycle")
        let session = LanguageModelSession(profile: AnnouncingProfile(model: model, log: log))
        #expect(log.lines.isEmpty)
        try await session.respond(to: "one")
        try await session.respond(to: "two")
        #expect(log.lines == ["activate small"])
        session.properties.prefersLargeModel = true
        try await session.respond(to: "three")
        #expect(log.lines == ["activate small", "deactivate small", "activate large"])
        session.properties.prefersLargeModel = false
        try await session.respond(to: "four")
        #expect(log.lines.suffix(2) == ["deactivate large", "activate small"])
    }

    @Test("reasoning actions see each reasoning entry of the response")
    func reasoningActions() async throws {
        let log = ActionLog()
        let script = EventScript([
            [
                .reasoning(action: .appendText("Thinking it over.", tokenCount: 3)),
                .response(action: .appendText("Done.", tokenCount: 1)),
            ]
        ])
        let model = EventScriptModel(
            script: script, declared: [.guidedGeneration, .toolCalling, .reasoning],
            configurationLabel: "profile-reason")
        let session = LanguageModelSession(
            profile: LanguageModelSession.Profile { Instructions("Think.") }
                .onReasoning { reasoning in
                    let text = reasoning.segments.compactMap { segment -> String? in
                        if case .text(let text) = segment { return text.content }
                        return nil
                    }.joined()
                    log.append("reasoned: \(text)")
                }
                .model(model))
        let response = try await session.respond(to: "Decide.")
        #expect(response.content == "Done.")
        #expect(log.lines == ["reasoned: Thinking it over."])
    }

    @Test("a prompt action that changes a session property changes the configuration of that same request")
    func promptActionsReachTheSameRequest() async throws {
        let small = EventScriptModel(script: answering("small"), configurationLabel: "profile-escalate-small")
        let large = EventScriptModel(script: answering("large"), configurationLabel: "profile-escalate-large")
        let session = LanguageModelSession(profile: EscalatingProfile(small: small, large: large))
        let response = try await session.respond(to: "A hard question")
        #expect(response.content == "large")
        #expect(small.script.requests.isEmpty)
        #expect(instructionsText(of: try #require(large.script.requests.first).transcript) == "Large.")
    }

    @Test("a failed request puts the transcript back as it was, whatever its tools wrote to the history")
    func failedRequestRestoresTheTranscript() async throws {
        struct Stop: Error {}
        let script = EventScript([
            [.response(action: .appendText("First.", tokenCount: 1))],
            [.toolCalls(action: .toolCall(id: "f1", name: "forget", action: .appendArguments("{}", tokenCount: 1)))],
            [.response(action: .appendText("Never.", tokenCount: 1))],
        ])
        let session = LanguageModelSession(
            profile: LanguageModelSession.Profile { ForgettingTool() }
                .onToolOutput { _, _ in throw Stop() }
                .model(EventScriptModel(script: script, configurationLabel: "profile-restore")))
        try await session.respond(to: "Remember this.")
        let before = session.transcript
        await #expect(throws: Stop.self) { try await session.respond(to: "Forget it.") }
        #expect(session.transcript == before)
        #expect(promptTexts(session.transcript) == ["Remember this."])
        #expect(!session.isResponding)
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
