/// What a dynamic profile configures for one request, once evaluated: the active profile's instructions and tools,
/// the values its modifiers set (the one closest to the profile wins), and the life-cycle actions, outermost first.
struct ProfileResolution {
    /// The active profile's instructions and tools; `nil` until a ``LanguageModelSession/Profile`` is reached.
    var instructions: InstructionsResolution?
    /// The model to ask.
    var model: (any LanguageModel)?
    /// The options the modifiers set; a field the request's own options set wins.
    var options = GenerationOptions()
    /// The reasoning level the modifiers set; the request's own wins.
    var reasoningLevel: ContextOptions.ReasoningLevel?
    /// What a failed request does to the transcript, unless the session says.
    var transcriptErrorHandlingPolicy: TranscriptErrorHandlingPolicy?
    /// Views of the history a request is given, applied in order.
    var historyTransforms: [([Transcript.Entry]) -> [Transcript.Entry]] = []
    /// Actions after the prompt joins the transcript, before the model is asked.
    var promptActions: [(Transcript.Prompt) async throws -> Void] = []
    /// Actions after the response joins the transcript.
    var responseActions: [(Transcript.Response) async throws -> Void] = []
    /// Actions when the model calls a tool, before the tool runs.
    var toolCallActions: [(Transcript.ToolCall) async throws -> Void] = []
    /// Actions when a tool's output is in.
    var toolOutputActions: [(Transcript.ToolCall, Transcript.ToolOutput) async throws -> Void] = []
    /// Actions for each reasoning entry of the response.
    var reasoningActions: [(Transcript.Reasoning) async throws -> Void] = []
    /// The life-cycle modifiers reached, by their place in the profile: what each runs when the profile it modifies
    /// enters or leaves the session's configuration.
    var lifecycles: [String: ProfileLifecycle] = [:]

    /// Where the evaluation is: the branches taken and the depth, which name a modifier's place in the profile.
    private(set) var branches: [Int] = []
    private(set) var depth = 0

    /// The place of the modifier being evaluated.
    var place: String { branches.map(String.init).joined(separator: ".") + "#\(depth)" }

    /// Evaluates `body` one level deeper.
    mutating func descending(_ body: (inout ProfileResolution) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// Evaluates `body` down branch `branch` of a conditional.
    mutating func branching(_ branch: Int, _ body: (inout ProfileResolution) -> Void) {
        branches.append(branch)
        body(&self)
        branches.removeLast()
    }

    /// The history a request is given: `history` through each transform.
    func transformedHistory(_ history: [Transcript.Entry]) -> [Transcript.Entry] {
        historyTransforms.reduce(history) { entries, transform in transform(entries) }
    }

    /// `options` with each field they leave unset taken from the profile.
    func filling(_ options: GenerationOptions) -> GenerationOptions {
        var filled = options
        if filled.sampling == nil { filled.sampling = self.options.sampling }
        if filled.temperature == nil { filled.temperature = self.options.temperature }
        if filled.maximumResponseTokens == nil { filled.maximumResponseTokens = self.options.maximumResponseTokens }
        if filled.toolCallingMode == nil { filled.toolCallingMode = self.options.toolCallingMode }
        return filled
    }
}

/// What one life-cycle modifier runs when its profile enters (`activate`) or leaves (`deactivate`) the session's
/// configuration. Only the session that evaluated it runs it, one request at a time.
struct ProfileLifecycle: @unchecked Sendable {
    var activate: [() async -> Void] = []
    var deactivate: [() async -> Void] = []
}

extension LanguageModelSession {
    /// A profile wrapped by a modifier that sets values or adds actions before the profile inside is evaluated.
    struct ConfiguredProfile<Content: DynamicProfile>: DynamicProfile, PrimitiveDynamicProfile {
        let content: Content
        let configure: (inout ProfileResolution) -> Void

        var body: Never { fatalError("a configured profile is evaluated through its configuration") }

        func resolve(into resolution: inout ProfileResolution) {
            configure(&resolution)
            resolution.add(content)
        }
    }
}
