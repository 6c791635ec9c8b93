import Foundation
import Logging

extension LanguageModelSession {
    /// Creates a session whose model, instructions, tools and options come from `profile`, evaluated before each
    /// request (Foundation Models 27). `history` is the conversation to continue, without instructions: the profile
    /// supplies those.
    public convenience init(
        profile: sending some DynamicProfile, history: some Collection<Transcript.Entry> = [Transcript.Entry]()
    ) {
        self.init(profile: AnyDynamicProfile(profile), history: Array(history))
    }

    /// Creates a session with `model` whose instructions and tools come from `dynamicInstructions`, evaluated before
    /// each request (Foundation Models 27). `history` is the conversation to continue, without instructions.
    public convenience init(
        model: some LanguageModel = SystemLanguageModel.default, dynamicInstructions: sending some DynamicInstructions,
        history: some Collection<Transcript.Entry> = [Transcript.Entry]()
    ) {
        self.init(
            profile: AnyDynamicProfile(Profile(erasing: dynamicInstructions).model(model)), history: Array(history))
    }

    private convenience init(profile: AnyDynamicProfile, history: [Transcript.Entry]) {
        self.init(
            routing: SystemLanguageModel.default.routable, tools: [],
            maximumToolRounds: LanguageModelSession.defaultMaximumToolRounds, transcript: Transcript(entries: history),
            profile: ProfileBox(profile), logger: ProviderInstrumentation.disabledLogger)
        SessionPropertyValues.$current.withValue(properties) { _ = adoptProfile() }
    }

    /// Evaluates the session's profile with the properties as they are now and adopts what it configures: the model,
    /// the tools, and the transcript's instructions entry. Returns what it configured; `nil` without a profile.
    @discardableResult
    func adoptProfile() -> ProfileResolution? {
        guard let profile else { return nil }
        var resolution = ProfileResolution()
        resolution.add(profile.profile)
        let produced = resolution.instructions ?? InstructionsResolution()
        let model = (resolution.model ?? SystemLanguageModel.default).routable
        var instructions = Transcript.Instructions(
            segments: produced.segments, toolDefinitions: produced.tools.map { Transcript.ToolDefinition(tool: $0) })
        state.withLock { state in
            state.model = model
            state.tools = produced.tools
            if case .instructions(let current) = state.transcript.first {
                // The entry keeps its identity across evaluations; only what it says changes.
                instructions.id = current.id
                state.transcript[0] = .instructions(instructions)
            } else {
                state.transcript.insert(.instructions(instructions), at: 0)
            }
        }
        return resolution
    }

    /// Replaces the conversation after the instructions entry (``SessionPropertyValues/history`` written).
    func replaceHistory(with history: Transcript.HistoryView) {
        state.withLock { $0.transcript.history = history }
    }

    /// What a request is, once prepared under the session's profile.
    struct Prepared {
        /// The ask as the model is asked it: the options the caller left unset filled from the profile.
        var ask: Ask
        /// What the profile configured; `nil` without a profile.
        var profile: ProfileResolution?
        /// The transcript before the request, when the prompt already joined it (a profiled session's request: its
        /// actions and tools see the prompt in the history): the request then reads the prompt from the transcript,
        /// and a failed request puts this transcript back.
        var transcriptBefore: Transcript?
    }

    /// Prepares `ask` under the session's profile: puts the prompt into the transcript, adopts the profile, runs its
    /// prompt actions (they may rewrite the history, the prompt included, and change the properties the profile
    /// reads, so the profile is evaluated again after them) and fills the options the caller left unset from it.
    /// Without a profile, `ask` as it is.
    func preparing(_ ask: Ask) async throws -> Prepared {
        guard profile != nil else { return Prepared(ask: ask) }
        let before = state.withLock { state in
            let before = state.transcript
            state.transcript.append(.prompt(ask.prompt))
            return before
        }
        do {
            guard var resolution = adoptProfile() else {
                state.withLock { $0.transcript = before }
                return Prepared(ask: ask)
            }
            if !resolution.promptActions.isEmpty {
                for action in resolution.promptActions { try await action(ask.prompt) }
                resolution = adoptProfile() ?? resolution
            }
            await runLifecycleTransitions(to: resolution)
            var ask = ask
            ask.prompt.options = resolution.filling(ask.prompt.options)
            if ask.prompt.contextOptions.reasoningLevel == nil {
                ask.prompt.contextOptions.reasoningLevel = resolution.reasoningLevel
            }
            return Prepared(ask: ask, profile: resolution, transcriptBefore: before)
        } catch {
            state.withLock { $0.transcript = before }
            throw error
        }
    }

    /// Runs the profile's reasoning and response actions after the exchange joined the transcript.
    func runResponseActions(of resolution: ProfileResolution?, after performed: Performed) async throws {
        guard let resolution else { return }
        for case .reasoning(let reasoning) in performed.entries {
            for action in resolution.reasoningActions { try await action(reasoning) }
        }
        let response = performed.entries.last { if case .response = $0 { true } else { false } }
        guard case .response(let answer) = response else { return }
        for action in resolution.responseActions { try await action(answer) }
    }

    /// Runs what the profile's life-cycle modifiers do as `resolution` becomes the session's configuration: the
    /// deactivation of those no longer found, then the activation of those found for the first time (or again).
    func runLifecycleTransitions(to resolution: ProfileResolution) async {
        let (left, entered) = state.withLock { state -> ([ProfileLifecycle], [ProfileLifecycle]) in
            let previous = state.activeLifecycles
            state.activeLifecycles = resolution.lifecycles
            let left = previous.filter { resolution.lifecycles[$0.key] == nil }.sorted { $0.key < $1.key }
            let entered = resolution.lifecycles.filter { previous[$0.key] == nil }.sorted { $0.key < $1.key }
            return (left.map(\.value), entered.map(\.value))
        }
        for lifecycle in left {
            for action in lifecycle.deactivate { await action() }
        }
        for lifecycle in entered {
            for action in lifecycle.activate { await action() }
        }
    }

    /// The request a model call of a profiled session sends: `request` with the profile's view of the history.
    static func viewed(_ request: GenerationRequest, through resolution: ProfileResolution?) -> GenerationRequest {
        guard let resolution, !resolution.historyTransforms.isEmpty else { return request }
        return request.replacingHistory(resolution.transformedHistory)
    }

    /// Evaluates the profile again between two model calls of a request (after a round of tool calls): its
    /// instructions, tools, model, options and reasoning level may have changed. `caller` is the request as it was
    /// called, whose own options win over the profile's.
    func refreshing(_ request: inout GenerationRequest, loop: inout ToolLoop, caller: Ask) async throws
        -> ProfileResolution?
    {
        guard let resolution = adoptProfile() else { return nil }
        await runLifecycleTransitions(to: resolution)
        let (instructions, tools) = state.withLock { state -> (Transcript.Instructions?, [any Tool]) in
            guard case .instructions(let instructions) = state.transcript.first else { return (nil, state.tools) }
            return (instructions, state.tools)
        }
        try Self.checkToolNames(tools)
        request.replaceInstructions(with: instructions, tools: tools.map(\.definition))
        request.options = resolution.filling(caller.prompt.options)
        if caller.prompt.contextOptions.reasoningLevel == nil, let level = resolution.reasoningLevel {
            request.setReasoningLevel(level)
            request.requiredCapabilities.insert(.reasoning)
        }
        loop.adopt(resolution, tools: tools)
        return resolution
    }
}

/// A session's profile. Only the session that owns it evaluates it, one request at a time.
struct ProfileBox: @unchecked Sendable {
    let profile: LanguageModelSession.AnyDynamicProfile

    init(_ profile: LanguageModelSession.AnyDynamicProfile) { self.profile = profile }
}
