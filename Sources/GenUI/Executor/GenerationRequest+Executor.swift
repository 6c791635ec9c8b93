import Foundation

extension GenerationRequest {
    /// The request an executor's request describes: the transcript's instructions and conversation, its enabled
    /// tools, schema and options. It carries `request` as its `turn`.
    public init(_ request: LanguageModelExecutorGenerationRequest) {
        self.init(
            request,
            tools: request.generationOptions.toolCallingMode?.kind == .disallowed
                ? [] : request.enabledToolDefinitions.map(ToolDefinition.init))
    }

    /// The request `request` describes, offering `tools` (which keep what a transcript's definitions do not say, such
    /// as ``ToolDefinition/includesSchemaInInstructions``); it carries `request` as its ``turn``.
    package init(_ request: LanguageModelExecutorGenerationRequest, tools: [ToolDefinition]) {
        self.init(
            instructions: request.transcript.instructionsText, messages: request.transcript.messages,
            schema: request.schema, includeSchemaInPrompt: request.contextOptions.includeSchemaInPrompt ?? true,
            options: request.generationOptions,
            requiredCapabilities: request.contextOptions.reasoningLevel == nil ? [] : [.reasoning],
            tools: tools)
        turn = request
    }

    /// Appends a round of tool calling — the `reasoning` the model showed before it, the model's `calls` and the
    /// tools' `outputs` — to the conversation and, when the request carries its ``turn``, to that turn's transcript as
    /// the same entries.
    package mutating func appendToolRound(
        _ calls: Transcript.ToolCalls, outputs: [Transcript.ToolOutput], reasoning: [Transcript.Reasoning] = []
    ) {
        let carried = turn
        var turnOfCalls = Message.toolCalls(Array(calls))
        turnOfCalls.reasoning = reasoning
        messages.append(turnOfCalls)
        messages.append(contentsOf: outputs.map(Message.toolOutput))
        guard var carried else { return }
        carried.transcript.append(contentsOf: reasoning.map(Transcript.Entry.reasoning))
        carried.transcript.append(.toolCalls(calls))
        carried.transcript.append(contentsOf: outputs.map(Transcript.Entry.toolOutput))
        turn = carried
    }

    /// This request with its conversation (the transcript after its instructions entry) replaced by `transform` of it;
    /// everything else is kept.
    package func replacingHistory(_ transform: ([Transcript.Entry]) -> [Transcript.Entry]) -> GenerationRequest {
        var carried = executorRequest
        carried.transcript.history = Transcript.HistoryView(
            entries: ArraySlice(transform(Array(carried.transcript.history))))
        return rebuilt(from: carried)
    }

    /// Replaces the instructions entry with `instructions` (none when `nil`) and the tools offered with `tools`.
    package mutating func replaceInstructions(with instructions: Transcript.Instructions?, tools: [ToolDefinition]) {
        var carried = executorRequest
        if case .instructions = carried.transcript.first { carried.transcript.remove(at: 0) }
        if let instructions { carried.transcript.insert(.instructions(instructions), at: 0) }
        carried.enabledToolDefinitions = instructions?.toolDefinitions ?? []
        var replaced = rebuilt(from: carried)
        replaced.tools = tools
        self = replaced
    }

    /// The request `carried` describes, keeping what this request adds to it (its tools' settings, extra body fields
    /// and required capabilities).
    private func rebuilt(from carried: LanguageModelExecutorGenerationRequest) -> GenerationRequest {
        var rebuilt = GenerationRequest(carried, tools: tools)
        rebuilt.extraBody = extraBody
        rebuilt.requiredCapabilities.formUnion(requiredCapabilities)
        return rebuilt
    }

    /// What an executor of a Foundation Models 27 model is asked: the request's ``turn`` while it carries one,
    /// otherwise the turn this request describes.
    package var executorRequest: LanguageModelExecutorGenerationRequest {
        turn ?? LanguageModelExecutorGenerationRequest(self)
    }
}

extension LanguageModelExecutorGenerationRequest {
    /// An executor's request for `request`: its instructions (with the tools) and conversation as a transcript; a
    /// request that requires reasoning asks for the model's usual amount (``ContextOptions/ReasoningLevel/moderate``).
    public init(_ request: GenerationRequest, id: UUID = UUID()) {
        let definitions = request.tools.map(Transcript.ToolDefinition.init)
        var entries: [Transcript.Entry] = []
        if request.instructions != nil || !definitions.isEmpty {
            entries.append(
                .instructions(
                    .init(
                        segments: request.instructions.map { [.text(.init(content: $0))] } ?? [],
                        toolDefinitions: definitions)))
        }
        for (position, message) in request.messages.enumerated() {
            entries.append(contentsOf: message.reasoning.map(Transcript.Entry.reasoning))
            switch message.role {
            case .user:
                let isLast = position == request.messages.count - 1
                entries.append(
                    .prompt(
                        .init(
                            segments: [.text(.init(content: message.content))], options: request.options,
                            responseFormat: isLast ? request.schema.map { Transcript.ResponseFormat(schema: $0) } : nil)
                    ))
            case .assistant where !message.toolCalls.isEmpty:
                entries.append(.toolCalls(.init(message.toolCalls)))
            case .assistant:
                entries.append(.response(.init(assetIDs: [], segments: [.text(.init(content: message.content))])))
            case .tool:
                entries.append(
                    .toolOutput(
                        .init(
                            id: message.toolCallID ?? UUID().uuidString, toolName: message.toolName ?? "",
                            segments: [.text(.init(content: message.content))])))
            }
        }
        self.init(
            id: id, transcript: Transcript(entries: entries), enabledTools: definitions, schema: request.schema,
            generationOptions: request.options,
            contextOptions: ContextOptions(
                includeSchemaInPrompt: request.includeSchemaInPrompt,
                reasoningLevel: request.requiredCapabilities.contains(.reasoning) ? .moderate : nil),
            metadata: [:])
    }
}
