extension GeneratedContent {
    /// A string that could not be parsed into generated content: Foundation Models 27's
    /// `GeneratedContent.ParsingError`, for code that reports such a failure itself (a tool rejecting its arguments,
    /// for example). genui's own parser throws ``GenUIError`` with the decoding detail instead.
    public struct ParsingError: Error, CustomDebugStringConvertible {
        /// The raw content that could not be parsed.
        public var rawContent: String
        /// The error that caused the failure, if any.
        public var underlyingError: (any Error)?
        /// What failed to parse.
        public var debugDescription: String

        /// A parsing failure of `rawContent`.
        public init(rawContent: String, underlyingError: (any Error)? = nil, debugDescription: String) {
            self.rawContent = rawContent
            self.underlyingError = underlyingError
            self.debugDescription = debugDescription
        }
    }
}
