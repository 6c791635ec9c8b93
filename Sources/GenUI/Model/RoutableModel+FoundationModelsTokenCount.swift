extension RoutableModel {
    /// The tokens of a prompt on its own, as Foundation Models' `tokenCount(for:)` of a prompt: the same count as
    /// ``tokenCount(for:)-(String)`` of its text.
    public func tokenCount(for prompt: some PromptRepresentable) async throws -> Int {
        try await tokenCount(for: prompt.promptRepresentation.text)
    }

    /// The tokens `instructions` occupy, as Foundation Models' `tokenCount(for:)` of `Instructions`: a request with
    /// them, less one without.
    public func tokenCount(for instructions: Instructions) async throws -> Int {
        let with = try await tokenCount(for: GenerationRequest(instructions: instructions.text, messages: []))
        let without = try await tokenCount(for: GenerationRequest(instructions: nil, messages: []))
        return max(0, with - without)
    }

    /// The tokens declaring `tools` occupies (each tool's name, description and argument schema), as Foundation
    /// Models' `tokenCount(for:)` of `[any Tool]`: a request with them, less one without.
    public func tokenCount(for tools: [any Tool]) async throws -> Int {
        let definitions = tools.map(\.definition)
        let with = try await tokenCount(for: GenerationRequest(instructions: nil, messages: [], tools: definitions))
        let without = try await tokenCount(for: GenerationRequest(instructions: nil, messages: []))
        return max(0, with - without)
    }

    /// How many tokens `entries` take when sent as a conversation (instructions, tool definitions and turns), as a
    /// token budget measures a history before trimming it.
    public func tokenCount(for entries: some Collection<Transcript.Entry>) async throws -> Int {
        let transcript = Transcript(entries: entries)
        let tools = transcript.compactMap { entry -> [Transcript.ToolDefinition]? in
            if case .instructions(let instructions) = entry { return instructions.toolDefinitions }
            return nil
        }.flatMap { $0 }.map(GenerationRequest.ToolDefinition.init)
        let request = GenerationRequest(
            instructions: transcript.instructionsText, messages: transcript.messages, tools: tools)
        let empty = try await tokenCount(for: GenerationRequest(instructions: nil, messages: []))
        return max(0, try await tokenCount(for: request) - empty)
    }
}
