import Foundation

extension GenerationSchema {
    /// Why a schema could not be built from dynamic schemas: Foundation Models' `GenerationSchema.SchemaError`, with
    /// its cases and payloads.
    ///
    /// ``GenerationSchema/init(root:dependencies:)`` throws it. The ``Context``'s `debugDescription` says, in English
    /// for developers, where the problem is (`object 'Menu' has two properties named 'name'`); ``errorDescription``
    /// is that text.
    public enum SchemaError: Error, LocalizedError, CustomDebugStringConvertible, Sendable {
        /// Where the error happened: Foundation Models' `GenerationSchema.SchemaError.Context`.
        public struct Context: Sendable {
            /// What happened and where, for developers (English, not localized).
            public let debugDescription: String

            /// Creates a context with the debug description you provide.
            public init(debugDescription: String) {
                self.debugDescription = debugDescription
            }
        }

        /// An object schema has two properties of the same name.
        case duplicateProperty(schema: String, property: String, context: Context)
        /// Two dependencies have the same type name.
        case duplicateType(schema: String?, type: String, context: Context)
        /// A choice (`anyOf`) has no alternatives.
        case emptyTypeChoices(schema: String, context: Context)
        /// A schema refers to names no dependency defines (or a dependency has no name, so nothing can refer to it).
        case undefinedReferences(schema: String?, references: [String], context: Context)

        /// The context of any case.
        public var context: Context {
            switch self {
            case .duplicateProperty(_, _, let context), .duplicateType(_, _, let context),
                .emptyTypeChoices(_, let context), .undefinedReferences(_, _, let context):
                context
            }
        }

        /// The case's name: `duplicateProperty`, `duplicateType`, `emptyTypeChoices` or `undefinedReferences`.
        public var code: String {
            switch self {
            case .duplicateProperty: "duplicateProperty"
            case .duplicateType: "duplicateType"
            case .emptyTypeChoices: "emptyTypeChoices"
            case .undefinedReferences: "undefinedReferences"
            }
        }

        /// The context's developer text (English).
        public var errorDescription: String? { context.debugDescription }

        /// What to change in the dynamic schemas (English, for developers).
        public var recoverySuggestion: String? {
            switch self {
            case .duplicateProperty: "Give every property of an object schema its own name."
            case .duplicateType: "Give every dependency its own name."
            case .emptyTypeChoices: "Give the choice at least one alternative."
            case .undefinedReferences:
                "Pass every schema a reference names, with that name, in the dependencies."
            }
        }

        /// The case and its context's description.
        public var debugDescription: String { "\(code): \(context.debugDescription)" }
    }
}
