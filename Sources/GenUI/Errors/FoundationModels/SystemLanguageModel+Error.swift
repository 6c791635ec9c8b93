import Foundation

extension SystemLanguageModel {
    /// An error of the model itself (Foundation Models 27's `SystemLanguageModel.Error`): what a session throws, for an
    /// app built with the 27 SDK, when the model it was given cannot serve.
    ///
    /// On genui that is every model, not only the system one: the configured chain with no provider able to serve,
    /// or a provider that is unavailable (its runtime missing, its model downloading, its API key unset…). The
    /// ``GenUIError`` with the reason travels with it; `GenUIError(unwrapping:)` gives it back.
    public enum Error: Swift.Error, LocalizedError, CustomDebugStringConvertible, Sendable {
        /// The assets the session needs are unavailable: check the model's availability before asking, and again
        /// when it changes.
        case assetsUnavailable(AssetsUnavailable)

        /// Why the assets are unavailable.
        public struct AssetsUnavailable: Sendable {
            /// A description of why the assets are unavailable, for developers (English, not for display).
            public var debugDescription: String
            /// genui's error with the reason, when a session made this one.
            let genUIError: GenUIError?

            /// An assets-unavailable value.
            public init(debugDescription: String) {
                self.debugDescription = debugDescription
                self.genUIError = nil
            }

            /// The value a session throws for `error`.
            init(_ error: GenUIError) {
                self.debugDescription = error.context.debugDescription
                self.genUIError = error
            }
        }

        public var debugDescription: String {
            switch self {
            case .assetsUnavailable(let payload): "assets unavailable: \(payload.debugDescription)"
            }
        }

        /// A developer-facing description (English).
        public var errorDescription: String? { debugDescription }
    }
}
