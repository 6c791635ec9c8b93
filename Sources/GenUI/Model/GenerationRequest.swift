/// Everything a model needs to generate one response.
public struct GenerationRequest: Sendable {
    /// One turn of the conversation.
    public struct Message: Sendable, Hashable {
        /// Who spoke.
        public enum Role: String, Sendable, Hashable, Codable {
            /// The user (a prompt).
            case user
            /// The model (an earlier response, or the tool calls it asked for).
            case assistant
            /// A tool's output, answering one of the model's calls.
            case tool
        }

        /// Who spoke.
        public var role: Role
        /// What was said: the text, or a tool's output.
        public var content: String
        /// The calls the model asked for in this turn (assistant messages only).
        public var toolCalls: [Transcript.ToolCall]
        /// The call this message answers (tool messages only).
        public var toolCallID: String?
        /// The tool that produced this output (tool messages only).
        public var toolName: String?
        /// What was said as the transcript holds it — text, structured content, attachments — when the message comes
        /// from a transcript; empty when it was made from ``content`` alone. A provider whose wire carries images reads
        /// them from here (``imageSegments``); ``content`` shows each attachment as a placeholder.
        public var segments: [Transcript.Segment] = []
        /// The reasoning the model showed before this turn (assistant messages only), with the signatures a backend
        /// requires back on later turns (Anthropic's signed and redacted thinking); empty for most messages.
        public var reasoning: [Transcript.Reasoning] = []

        /// Creates a message.
        public init(
            role: Role, content: String, toolCalls: [Transcript.ToolCall] = [], toolCallID: String? = nil,
            toolName: String? = nil
        ) {
            self.role = role
            self.content = content
            self.toolCalls = toolCalls
            self.toolCallID = toolCallID
            self.toolName = toolName
        }

        /// The model's turn that asked for `calls`.
        public static func toolCalls(_ calls: [Transcript.ToolCall]) -> Message {
            Message(role: .assistant, content: "", toolCalls: calls)
        }

        /// A tool's output as text, answering the call `id` of `toolName`.
        public static func toolOutput(id: String, toolName: String, text: String) -> Message {
            Message(role: .tool, content: text, toolCallID: id, toolName: toolName)
        }

        /// A tool's output, answering the call with the same identifier, with its segments.
        public static func toolOutput(_ output: Transcript.ToolOutput) -> Message {
            var message = Message(
                role: .tool, content: Transcript.text(of: output.segments), toolCallID: output.id,
                toolName: output.toolName)
            message.segments = output.segments
            return message
        }

        /// A prompt made of `segments`: its text (attachments as placeholders) and the segments themselves.
        public static func user(_ segments: [Transcript.Segment]) -> Message {
            var message = Message(role: .user, content: Transcript.text(of: segments))
            message.segments = segments
            return message
        }
    }

    /// The session's instructions (system prompt), if any.
    public var instructions: String? { didSet { turn?.transcript.replaceInstructionsText(with: instructions) } }
    /// The conversation so far; the last message is the prompt to answer.
    public var messages: [Message] { didSet { turn = nil } }
    /// The schema the output must follow, for structured responses.
    public var schema: GenerationSchema? { didSet { turn?.schema = schema } }
    /// Whether to describe the schema in the instructions (Foundation Models' default: `true`).
    public var includeSchemaInPrompt: Bool {
        didSet { turn?.contextOptions.includeSchemaInPrompt = includeSchemaInPrompt }
    }
    /// Sampling options.
    public var options: GenerationOptions { didSet { turn?.generationOptions = options } }
    /// Capabilities the caller demands beyond those the request implies.
    public var requiredCapabilities: Set<LanguageModelCapability>
    /// The tools the model may call; empty for none. A response may then be a turn of ``GenerationResponse/toolCalls``
    /// instead of an answer.
    public var tools: [ToolDefinition] {
        didSet { turn?.enabledToolDefinitions = tools.map(Transcript.ToolDefinition.init) }
    }

    /// The Foundation Models 27 request this request was made from — the session's whole transcript with its ids,
    /// attachments, reasoning and data entries, each prompt's options, metadata and context options — kept in step
    /// with the request: new instructions, schema, options or tools are made in it too (a chain's request for a member
    /// without guided generation, a use case's instructions), and only a rewritten conversation (`messages`) drops it;
    /// an executor is then given ``LanguageModelExecutorGenerationRequest/init(_:id:)`` of the request. Executors of
    /// Foundation Models 27 models receive it as it is, and providers read from it what their wire carries beyond text.
    package internal(set) var turn: LanguageModelExecutorGenerationRequest?

    /// Fields an HTTP provider sets at the top level of its request body, replacing its own (a chain member's
    /// `extra_body`); empty for most requests.
    package var extraBody: [String: GeneratedContent] = [:]

    /// Asks for `level` of reasoning (a chain member's own level), in the request's Foundation Models 27 form too.
    package mutating func setReasoningLevel(_ level: ContextOptions.ReasoningLevel) {
        var carried = turn ?? LanguageModelExecutorGenerationRequest(self)
        carried.contextOptions.reasoningLevel = level
        turn = carried
    }

    /// Creates a request.
    public init(
        instructions: String? = nil, messages: [Message], schema: GenerationSchema? = nil,
        includeSchemaInPrompt: Bool = true, options: GenerationOptions = GenerationOptions(),
        requiredCapabilities: Set<LanguageModelCapability> = [], tools: [ToolDefinition] = []
    ) {
        self.instructions = instructions
        self.messages = messages
        self.schema = schema
        self.includeSchemaInPrompt = includeSchemaInPrompt
        self.options = options
        self.requiredCapabilities = requiredCapabilities
        self.tools = tools
    }

    /// A single-prompt request.
    public init(
        prompt: String, instructions: String? = nil, schema: GenerationSchema? = nil,
        options: GenerationOptions = GenerationOptions()
    ) {
        self.init(
            instructions: instructions, messages: [Message(role: .user, content: prompt)], schema: schema,
            options: options)
    }

    /// The last user message: the prompt being answered.
    public var prompt: String { messages.last(where: { $0.role == .user })?.content ?? "" }

    /// The instructions a provider sends as its system prompt: the session's instructions, followed by the
    /// schema's description when ``includeSchemaInPrompt`` is set and a schema is given.
    public var effectiveInstructions: String? {
        var parts: [String] = []
        if let instructions, !instructions.isEmpty { parts.append(instructions) }
        if includeSchemaInPrompt, let schema { parts.append(schema.promptInstructions()) }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    /// The capabilities this request needs: guided generation when a schema is given, tool calling when tools are,
    /// vision when the conversation holds an image, plus the caller's demands.
    public var impliedCapabilities: Set<LanguageModelCapability> {
        var required = requiredCapabilities
        if schema != nil { required.insert(.guidedGeneration) }
        if !tools.isEmpty { required.insert(.toolCalling) }
        if messages.contains(where: { !$0.imageSegments.isEmpty }) { required.insert(.vision) }
        return required
    }

    /// The tools a provider without a way to forbid calls offers the model: none when the options disallow tool calls
    /// (``GenerationOptions/ToolCallingMode/disallowed``), else ``tools``.
    public var offeredTools: [ToolDefinition] { forbidsToolCalls ? [] : tools }

    /// Whether the options forbid tool calls while there are tools: providers that can say so keep the tools (a
    /// conversation with earlier calls needs their definitions) and forbid calls (`tool_choice: none`).
    public var forbidsToolCalls: Bool { options.toolCallingMode?.kind == .disallowed && !tools.isEmpty }

    /// Whether the model must call a tool: the options require it (``GenerationOptions/ToolCallingMode/required``) and
    /// there are tools to call. Providers send their backend's own setting (`tool_choice`, `toolConfig`).
    public var requiresToolCall: Bool { options.toolCallingMode?.kind == .required && !tools.isEmpty }
}

extension GenerationRequest {
    /// How much the model should reason: the level the caller asked for (`contextOptions.reasoningLevel`), or the
    /// model's usual amount (``ContextOptions/ReasoningLevel/moderate``) when reasoning is required without a level;
    /// `nil` leaves it to the model. Providers map it to their backend's own setting (docs/providers.md, "Reasoning").
    public var reasoningLevel: ContextOptions.ReasoningLevel? {
        turn?.contextOptions.reasoningLevel ?? (requiredCapabilities.contains(.reasoning) ? .moderate : nil)
    }
}

extension ContextOptions.ReasoningLevel {
    /// A token budget for this level, for backends that take one: `light` 1,024, `moderate` 4,096, `deep` 16,384, and a
    /// provider's own level as its number of tokens when it is one (else `moderate`'s).
    package var tokenBudget: Int {
        switch self {
        case .light: 1024
        case .moderate: 4096
        case .deep: 16384
        case .custom(let name): Int(name).map { max(1024, $0) } ?? 4096
        }
    }

    /// The level as an effort name — `low`, `medium`, `high` — for backends that take one; a provider's own level as
    /// its name.
    package var effortName: String {
        switch self {
        case .light: "low"
        case .moderate: "medium"
        case .deep: "high"
        case .custom(let name): name
        }
    }
}

extension GenerationRequest.Message {
    /// The message's image attachments, in order.
    public var imageSegments: [Transcript.AttachmentSegment] {
        segments.compactMap { segment in
            guard case .attachment(let attachment) = segment, attachment.isImage else { return nil }
            return attachment
        }
    }
}
