extension LanguageModelSession {
    /// A tool threw while the session ran it (Foundation Models' `LanguageModelSession.ToolCallError`).
    ///
    /// Thrown by `respond` and `streamResponse` at the call site; the session's transcript is left as it was before
    /// the request. Other calls of the same round still running are cancelled.
    public struct ToolCallError: Swift.Error, CustomStringConvertible, CustomDebugStringConvertible {
        /// The tool that threw.
        public var tool: any Tool
        /// What it threw.
        public var underlyingError: any Swift.Error

        /// Creates an error.
        public init(tool: any Tool, underlyingError: any Swift.Error) {
            self.tool = tool
            self.underlyingError = underlyingError
        }

        public var description: String { "the tool \(tool.name) failed: \(underlyingError)" }

        public var debugDescription: String { description }
    }
}
