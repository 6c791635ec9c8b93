extension GenerationRequest {
    /// What a provider is told about a tool: its name, what it does, and the schema of its arguments
    /// (Foundation Models' `Transcript.ToolDefinition`, plus how the schema is offered).
    ///
    /// Nested in the request rather than top-level, so that `import FoundationModels` adds no `ToolDefinition` of its
    /// own beside a model package's wire type of that name.
    public struct ToolDefinition: Sendable, Hashable {
        /// The name the model calls the tool by.
        public var name: String
        /// What the tool does.
        public var description: String
        /// The schema the arguments follow.
        public var parameters: GenerationSchema
        /// Whether the schema is also described in the instructions (see ``Tool/includesSchemaInInstructions``).
        public var includesSchemaInInstructions: Bool

        /// Creates a definition.
        public init(
            name: String, description: String, parameters: GenerationSchema, includesSchemaInInstructions: Bool = true
        ) {
            self.name = name
            self.description = description
            self.parameters = parameters
            self.includesSchemaInInstructions = includesSchemaInInstructions
        }

        /// `name` with every character outside `[A-Za-z0-9_-]` replaced by `_`, at most 64 characters: the rule
        /// OpenAI, Anthropic and Gemini impose on tool names.
        public static func sanitizedName(_ name: String) -> String {
            let allowed = name.unicodeScalars.map { scalar -> Character in
                let isAllowed =
                    (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
                    || (scalar >= "0" && scalar <= "9") || scalar == "_" || scalar == "-"
                return isAllowed ? Character(scalar) : "_"
            }
            let sanitized = String(String(allowed).prefix(64))
            return sanitized.isEmpty ? "tool" : sanitized
        }
    }
}

extension GenerationRequest.ToolDefinition {
    /// The definition a transcript's instructions offer.
    public init(_ definition: Transcript.ToolDefinition) {
        self.init(name: definition.name, description: definition.description, parameters: definition.parameters)
    }
}

extension Transcript.ToolDefinition {
    /// The transcript's form of a definition.
    public init(_ definition: GenerationRequest.ToolDefinition) {
        self.init(name: definition.name, description: definition.description, parameters: definition.parameters)
    }
}
