// The transcript's records of tool calls and their output, as Foundation Models names them.

extension Transcript {
    /// One call the model asked for: which tool, with which arguments (Foundation Models' `Transcript.ToolCall`).
    public struct ToolCall: Sendable, Hashable, Identifiable {
        /// The call's identifier, as the provider gave it (or as genui made one for providers that give none); the
        /// output of the call carries the same identifier.
        public var id: String
        /// The tool's name.
        public var toolName: String
        /// The arguments the model generated.
        public var arguments: GeneratedContent

        /// Creates a call.
        public init(id: String, toolName: String, arguments: GeneratedContent) {
            self.id = id
            self.toolName = toolName
            self.arguments = arguments
        }
    }

    /// What one call returned, as the model reads it (Foundation Models' `Transcript.ToolOutput`).
    public struct ToolOutput: Sendable, Hashable, Identifiable {
        /// The identifier of the call this answers.
        public var id: String
        /// The tool's name.
        public var toolName: String
        /// The output as text.
        public var text: String

        /// Creates an output.
        public init(id: String, toolName: String, text: String) {
            self.id = id
            self.toolName = toolName
            self.text = text
        }
    }
}
