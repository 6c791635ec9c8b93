import GenUI

/// The functions of the A2UI v0.9 basic catalog as its `functions` section defines them: each one's arguments with
/// their types, which are required, and the type it returns.
public enum A2UIFunctionCatalog {
    /// The type an argument of a function must have, named as the catalog names it.
    public enum ArgumentType: Sendable, Hashable {
        /// Any value (`required`'s `value`).
        case any
        /// A string, a binding or a call returning a string.
        case dynamicString
        /// A number, a binding or a call returning a number.
        case dynamicNumber
        /// A boolean, a binding or a call returning a boolean.
        case dynamicBoolean
        /// A string, number, boolean, array, binding or call.
        case dynamicValue
        /// A literal string.
        case string
        /// A literal number.
        case number
        /// A literal whole number of at least `minimum`.
        case integer(minimum: Int)
        /// An array of at least `minimumCount` dynamic booleans (`and`, `or`).
        case booleans(minimumCount: Int)

        /// The catalog's name of the type (`DynamicString`, `integer`, …).
        public var catalogName: String {
            switch self {
            case .any: "any value"
            case .dynamicString: "DynamicString"
            case .dynamicNumber: "DynamicNumber"
            case .dynamicBoolean: "DynamicBoolean"
            case .dynamicValue: "DynamicValue"
            case .string: "string"
            case .number: "number"
            case .integer: "integer"
            case .booleans: "array of DynamicBoolean"
            }
        }
    }

    /// One function of the catalog.
    public struct Definition: Sendable, Hashable {
        /// The function's name (`call`).
        public var name: String
        /// The arguments, in the catalog's order, with their types.
        public var arguments: [(name: String, type: ArgumentType)]
        /// The arguments that must be given.
        public var required: [String]
        /// Arguments of which at least one must be given (`length`, `numeric`: `min` or `max`); empty when none.
        public var atLeastOneOf: [String]
        /// The type the function returns (`boolean`, `string`, `void`).
        public var returnType: String
        /// The JSON Schema `format` the catalog declares for a string argument, by argument (`openUrl`'s `url` is a
        /// `uri`); a literal that does not have it breaks the catalog (``A2UIFunctionCatalog/holds(format:_:)``).
        public var formats: [String: String] = [:]

        /// The type of the argument `name`, or `nil` when the function has no such argument.
        public func type(of name: String) -> ArgumentType? {
            arguments.first { $0.name == name }?.type
        }

        public static func == (lhs: Definition, rhs: Definition) -> Bool {
            lhs.name == rhs.name && lhs.arguments.map(\.name) == rhs.arguments.map(\.name)
                && lhs.arguments.map(\.type) == rhs.arguments.map(\.type) && lhs.required == rhs.required
                && lhs.atLeastOneOf == rhs.atLeastOneOf && lhs.returnType == rhs.returnType
                && lhs.formats == rhs.formats
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
        }
    }

    /// The values `returnType` may take (`common_types.json`, `FunctionCall`).
    public static let returnTypes = ["string", "number", "boolean", "array", "object", "any", "void"]

    /// The 14 functions, in the catalog's order.
    public static let definitions: [Definition] = [
        Definition(
            name: "required", arguments: [("value", .any)], required: ["value"], atLeastOneOf: [], returnType: "boolean"
        ),
        Definition(
            name: "regex", arguments: [("value", .dynamicString), ("pattern", .string)],
            required: ["value", "pattern"], atLeastOneOf: [], returnType: "boolean"),
        Definition(
            name: "length",
            arguments: [("value", .dynamicString), ("min", .integer(minimum: 0)), ("max", .integer(minimum: 0))],
            required: ["value"], atLeastOneOf: ["min", "max"], returnType: "boolean"),
        Definition(
            name: "numeric", arguments: [("value", .dynamicNumber), ("min", .number), ("max", .number)],
            required: ["value"], atLeastOneOf: ["min", "max"], returnType: "boolean"),
        Definition(
            name: "email", arguments: [("value", .dynamicString)], required: ["value"], atLeastOneOf: [],
            returnType: "boolean"),
        Definition(
            name: "formatString", arguments: [("value", .dynamicString)], required: ["value"], atLeastOneOf: [],
            returnType: "string"),
        Definition(
            name: "formatNumber",
            arguments: [("value", .dynamicNumber), ("decimals", .dynamicNumber), ("grouping", .dynamicBoolean)],
            required: ["value"], atLeastOneOf: [], returnType: "string"),
        Definition(
            name: "formatCurrency",
            arguments: [
                ("value", .dynamicNumber), ("currency", .dynamicString), ("decimals", .dynamicNumber),
                ("grouping", .dynamicBoolean),
            ],
            required: ["currency", "value"], atLeastOneOf: [], returnType: "string"),
        Definition(
            name: "formatDate", arguments: [("value", .dynamicValue), ("format", .dynamicString)],
            required: ["format", "value"], atLeastOneOf: [], returnType: "string"),
        Definition(
            name: "pluralize",
            arguments: [
                ("value", .dynamicNumber), ("zero", .dynamicString), ("one", .dynamicString), ("two", .dynamicString),
                ("few", .dynamicString),
                ("many", .dynamicString), ("other", .dynamicString),
            ],
            required: ["value", "other"], atLeastOneOf: [], returnType: "string"),
        Definition(
            name: "openUrl", arguments: [("url", .string)], required: ["url"], atLeastOneOf: [], returnType: "void",
            formats: ["url": "uri"]),
        Definition(
            name: "and", arguments: [("values", .booleans(minimumCount: 2))], required: ["values"], atLeastOneOf: [],
            returnType: "boolean"),
        Definition(
            name: "or", arguments: [("values", .booleans(minimumCount: 2))], required: ["values"], atLeastOneOf: [],
            returnType: "boolean"),
        Definition(
            name: "not", arguments: [("value", .dynamicBoolean)], required: ["value"], atLeastOneOf: [],
            returnType: "boolean"),
    ]

    /// The JSON Schema formats genui checks: every one the catalog's function definitions declare.
    public static let checkedFormats: Set<String> = ["uri"]

    /// Whether `text` has the JSON Schema `format`: `uri` is an absolute URI (a scheme, `:`, and no spaces, control
    /// characters or characters RFC 3986 leaves out); a format genui does not check (not in ``checkedFormats``)
    /// always holds.
    public static func holds(format: String, _ text: String) -> Bool {
        switch format {
        case "uri": A2UITheme.isURI(text)
        default: true
        }
    }

    /// The definitions by name.
    public static let byName: [String: Definition] = Dictionary(
        definitions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// v1.0's built-in `@index` (`common_types.json`, `IndexSystemFunction`): the 0-based index of the List template
    /// item being rendered, plus `offset`; outside a template it has no value.
    public static let index = Definition(
        name: "@index", arguments: [("offset", .dynamicNumber)], required: [], atLeastOneOf: [], returnType: "number")

    /// The definition of `name`, or `nil` when the catalog has no such function.
    public static func definition(_ name: String) -> Definition? {
        byName[name]
    }

    /// The definition of `name` in `version`'s catalog (v1.0 adds ``index``), or `nil` when it has no such function.
    public static func definition(_ name: String, version: A2UIVersion) -> Definition? {
        version == .v1_0 && name == index.name ? index : byName[name]
    }
}
