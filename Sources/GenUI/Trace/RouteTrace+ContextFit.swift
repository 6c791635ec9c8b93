extension RouteTrace {
    /// How a chain shortened a conversation so that it fits a provider's context window: the provider got the latest
    /// turns only (and no completed tool calls), the session's transcript kept everything.
    public struct ContextFit: Sendable, Hashable, Codable {
        /// The turns (prompts and what followed each) the provider was given, the current one included.
        public var keptTurns: Int
        /// The turns of the conversation.
        public var totalTurns: Int
        /// The tool-call and tool-output entries of earlier turns left out.
        public var droppedToolEntries: Int
        /// The provider's context window, in tokens.
        public var contextSize: Int

        /// Creates a record of a fit.
        public init(keptTurns: Int, totalTurns: Int, droppedToolEntries: Int, contextSize: Int) {
            self.keptTurns = keptTurns
            self.totalTurns = totalTurns
            self.droppedToolEntries = droppedToolEntries
            self.contextSize = contextSize
        }
    }
}
