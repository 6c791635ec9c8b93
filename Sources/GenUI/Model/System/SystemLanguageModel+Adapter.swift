import Foundation

extension SystemLanguageModel {
    /// A specialization of Apple's on-device model trained with Apple's adapter toolkit: Foundation Models'
    /// `SystemLanguageModel.Adapter`.
    ///
    /// Adapters run only on Apple's own model, so genui cannot load one: both initializers throw
    /// ``AssetError`` saying so, and no `Adapter` value exists on genui. The type is here so code written for
    /// Foundation Models compiles unchanged and takes its error path.
    public struct Adapter: Sendable {
        /// Values from the creator-defined field of the adapter's metadata (Apple's type holds `[String: Any]`).
        public let creatorDefinedMetadata: [String: any Sendable]

        /// Where the adapter was to come from: its file or its name.
        let source: String

        /// What every initializer throws: adapters are Apple-only.
        static func appleOnly(_ source: String) -> AssetError.Context {
            AssetError.Context(
                debugDescription: "\(source): adapters run only on Apple's on-device model (Apple platforms); "
                    + "genui's providers cannot load them")
        }

        /// Loads the adapter at `fileURL` (a `.fmadapter` package). On genui it always throws
        /// ``AssetError/invalidAsset(_:)``: adapters are Apple-only.
        public init(fileURL: URL) throws {
            throw AssetError.invalidAsset(Self.appleOnly("adapter file \(fileURL.path)"))
        }

        /// Loads the adapter downloaded as a Background Assets pack named `name`. On genui it always throws
        /// ``AssetError/compatibleAdapterNotFound(_:)``: adapters are Apple-only.
        public init(name: String) throws {
            throw AssetError.compatibleAdapterNotFound(Self.appleOnly("adapter \"\(name)\""))
        }

        /// Compiles the adapter for the device. Unreachable on genui (no adapter can be created); throws
        /// ``AssetError/invalidAsset(_:)``.
        public func compile() async throws {
            throw AssetError.invalidAsset(Self.appleOnly(source))
        }

        /// The identifiers of the adapter packs compatible with the system model: none on genui.
        public static func compatibleAdapterIdentifiers(name: String) -> [String] { [] }

        /// Removes adapters the system model no longer accepts: there are none on genui, so it does nothing.
        public static func removeObsoleteAdapters() throws {}

        /// Why an adapter could not be loaded: Foundation Models' `SystemLanguageModel.Adapter.AssetError`, with
        /// the same cases.
        ///
        /// ``errorDescription`` is the context's English developer text; `Diagnostics.describe(_:)` in
        /// `GenUIDiagnostics` gives the message and what to do in the user's language.
        public enum AssetError: Swift.Error, LocalizedError, CustomDebugStringConvertible {
            /// Where the error happened.
            public struct Context: Sendable {
                /// What happened, for developers (English, not localized).
                public let debugDescription: String
                /// The errors that caused this one.
                public let underlyingErrors: [any Swift.Error]

                /// Creates a context.
                public init(debugDescription: String, underlyingErrors: [any Swift.Error] = []) {
                    self.debugDescription = debugDescription
                    self.underlyingErrors = underlyingErrors
                }
            }

            /// The adapter's files are not a valid adapter (on genui: any file, as adapters are Apple-only).
            case invalidAsset(Context)
            /// The adapter's name is not a valid adapter name.
            case invalidAdapterName(Context)
            /// No adapter compatible with the system model was found (on genui: never, as adapters are Apple-only).
            case compatibleAdapterNotFound(Context)

            /// The context of any case.
            public var context: Context {
                switch self {
                case .invalidAsset(let context), .invalidAdapterName(let context),
                    .compatibleAdapterNotFound(let context):
                    context
                }
            }

            /// The case's name: `invalidAsset`, `invalidAdapterName` or `compatibleAdapterNotFound`.
            public var code: String {
                switch self {
                case .invalidAsset: "invalidAsset"
                case .invalidAdapterName: "invalidAdapterName"
                case .compatibleAdapterNotFound: "compatibleAdapterNotFound"
                }
            }

            /// The context's developer text (English).
            public var errorDescription: String? { context.debugDescription }

            /// What to do, for developers (English): run the adapter on an Apple platform, or go without it.
            public var recoverySuggestion: String? {
                "Load adapters only where Foundation Models is Apple's framework; on genui use the model without one."
            }

            /// The case and its context's description.
            public var debugDescription: String { "\(code): \(context.debugDescription)" }
        }
    }
}
