/// How a request presents the conversation to the model (Foundation Models 27's `ContextOptions`).
public struct ContextOptions: Sendable, Hashable {
    /// How much the model should reason before it answers, for models that reason.
    public enum ReasoningLevel: Sendable, Hashable {
        /// Brief reasoning.
        case light
        /// The model's usual amount.
        case moderate
        /// Extended reasoning.
        case deep
        /// A level a provider names itself.
        case custom(String)
    }

    /// Whether the response schema is described in the prompt; `nil` means yes.
    public var includeSchemaInPrompt: Bool?
    /// How much the model should reason; `nil` leaves it to the model. A level needs a model with
    /// ``LanguageModelCapability/reasoning``.
    public var reasoningLevel: ReasoningLevel?

    /// Creates options.
    public init(includeSchemaInPrompt: Bool? = nil, reasoningLevel: ReasoningLevel? = nil) {
        self.includeSchemaInPrompt = includeSchemaInPrompt
        self.reasoningLevel = reasoningLevel
    }
}
