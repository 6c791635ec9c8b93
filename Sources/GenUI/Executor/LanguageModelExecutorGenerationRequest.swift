import Foundation

/// What an executor is asked to generate for one turn (Foundation Models 27).
public struct LanguageModelExecutorGenerationRequest: Sendable {
    /// The request's identifier.
    public var id: UUID
    /// The whole conversation, with the prompt being answered and any tool output of this request.
    public var transcript: Transcript
    /// The tools the model may call in this turn.
    public var enabledToolDefinitions: [Transcript.ToolDefinition]
    /// The schema the response must follow; `nil` for text.
    public var schema: GenerationSchema?
    /// Sampling and tool-calling options.
    public var generationOptions: GenerationOptions
    /// How the conversation is presented.
    public var contextOptions: ContextOptions
    /// What the caller attached to the request.
    public var metadata: [String: GeneratedContent]

    /// Creates a request.
    public init(
        id: UUID, transcript: Transcript, enabledTools: [Transcript.ToolDefinition], schema: GenerationSchema? = nil,
        generationOptions: GenerationOptions, contextOptions: ContextOptions,
        metadata: [String: any ConvertibleToGeneratedContent]
    ) {
        self.id = id
        self.transcript = transcript
        self.enabledToolDefinitions = enabledTools
        self.schema = schema
        self.generationOptions = generationOptions
        self.contextOptions = contextOptions
        self.metadata = metadata.mapValues(\.generatedContent)
    }
}
