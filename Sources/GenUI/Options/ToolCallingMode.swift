extension GenerationOptions {
    /// Whether the model may, must or must not call tools (Foundation Models 27's `ToolCallingMode`).
    ///
    /// genui's session passes the mode to the model in the request's options; a provider that cannot force or forbid
    /// tool calls on its backend sends the tools as it would for ``allowed`` and, for ``disallowed``, sends none.
    public struct ToolCallingMode: Sendable, Hashable {
        /// The mode, for a `switch`.
        public enum Kind: String, Sendable, Hashable {
            /// The model decides whether to call tools.
            case allowed
            /// The model must call one or more tools.
            case required
            /// The model must not call tools.
            case disallowed
        }

        /// The mode.
        public var kind: Kind

        /// Creates a mode.
        public init(kind: Kind) { self.kind = kind }

        /// The model decides whether to call tools: the default.
        public static let allowed = ToolCallingMode(kind: .allowed)
        /// The model must call one or more tools.
        public static let required = ToolCallingMode(kind: .required)
        /// The model must not call tools.
        public static let disallowed = ToolCallingMode(kind: .disallowed)
    }
}
