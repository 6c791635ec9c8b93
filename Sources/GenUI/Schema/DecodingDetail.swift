/// A decoding problem or repair named by a stable code with typed arguments: a JSON syntax error
/// (``JSONParser``), a schema violation (``GenerationSchema/Violation``) or a repair of the defensive decoder
/// (``DefensiveDecoder``).
///
/// The core words these in English for developers (``description``); that English is what
/// ``GenUIError/decodingFailure(path:details:_:)`` and ``DefensiveDecoder/Result/repairs`` carry. A layer
/// that speaks the user's language reads the text back with ``init(parsing:)`` and words it from ``code`` and
/// ``arguments`` instead, so nothing of ours reaches a user in English.
public struct DecodingDetail: Sendable, Hashable, CustomStringConvertible {
    /// What happened. The raw value is stable: a catalog key can be made from it.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        // The content does not follow the schema.
        case schemaTooDeep = "schema.tooDeep"
        case undefinedReference = "schema.undefinedReference"
        case expectedString = "schema.expectedString"
        case expectedNumber = "schema.expectedNumber"
        case expectedBoolean = "schema.expectedBoolean"
        case expectedNull = "schema.expectedNull"
        case expectedArray = "schema.expectedArray"
        case expectedObject = "schema.expectedObject"
        case expectedNamedObject = "schema.expectedNamedObject"
        case expectedInteger = "schema.expectedInteger"
        case notAChoice = "schema.notAChoice"
        case stringTooShort = "schema.stringTooShort"
        case stringTooLong = "schema.stringTooLong"
        case patternMismatch = "schema.patternMismatch"
        case belowMinimum = "schema.belowMinimum"
        case aboveMaximum = "schema.aboveMaximum"
        case tooFewElements = "schema.tooFewElements"
        case tooManyElements = "schema.tooManyElements"
        case undeclaredProperty = "schema.undeclaredProperty"
        case missingProperty = "schema.missingProperty"
        case noTaggedCase = "schema.noTaggedCase"
        case noAlternative = "schema.noAlternative"
        case tooEntangled = "schema.tooEntangled"
        // The defensive decoder gave up.
        case outputTooLarge = "decoder.outputTooLarge"
        case wrongShape = "decoder.wrongShape"
        // The text is not JSON; every one but `jsonTooLarge` carries `line` and `column`.
        case jsonTooLarge = "json.tooLarge"
        case jsonUnexpectedEnd = "json.unexpectedEnd"
        case jsonTrailingCharacter = "json.trailingCharacter"
        case jsonUnexpectedCharacter = "json.unexpectedCharacter"
        case jsonUnterminatedString = "json.unterminatedString"
        case jsonExpectedPropertyName = "json.expectedPropertyName"
        case jsonExpectedColon = "json.expectedColon"
        case jsonDuplicateKey = "json.duplicateKey"
        case jsonExpectedObjectSeparator = "json.expectedObjectSeparator"
        case jsonExpectedArraySeparator = "json.expectedArraySeparator"
        case jsonInvalidUTF8 = "json.invalidUTF8"
        case jsonUnpairedSurrogate = "json.unpairedSurrogate"
        case jsonInvalidLowSurrogate = "json.invalidLowSurrogate"
        case jsonInvalidUnicodeEscape = "json.invalidUnicodeEscape"
        case jsonInvalidEscape = "json.invalidEscape"
        case jsonControlCharacter = "json.controlCharacter"
        case jsonUnterminatedUnicodeEscape = "json.unterminatedUnicodeEscape"
        case jsonInvalidHexDigit = "json.invalidHexDigit"
        case jsonExpectedDigits = "json.expectedDigits"
        case jsonLeadingZero = "json.leadingZero"
        case jsonExpectedFractionDigits = "json.expectedFractionDigits"
        case jsonExpectedExponentDigits = "json.expectedExponentDigits"
        case jsonNumberOutOfRange = "json.numberOutOfRange"
        case jsonUnexpectedEndInLiteral = "json.unexpectedEndInLiteral"
        case jsonInvalidLiteral = "json.invalidLiteral"
        case jsonTooDeep = "json.tooDeep"
        // Repairs of unguided output.
        case repairStrippedCodeFence = "repair.strippedCodeFence"
        case repairDroppedSurroundingText = "repair.droppedSurroundingText"
        case repairCoercedToBoolean = "repair.coercedToBoolean"
        case repairCoercedToNumber = "repair.coercedToNumber"
        case repairCoercedToString = "repair.coercedToString"
        case repairRoundedToInteger = "repair.roundedToInteger"
        case repairClamped = "repair.clamped"
        case repairMatchedChoice = "repair.matchedChoice"
        case repairTruncatedString = "repair.truncatedString"
        case repairTruncatedArray = "repair.truncatedArray"
        case repairDroppedElement = "repair.droppedElement"
        case repairDroppedOptionalProperty = "repair.droppedOptionalProperty"
        case repairDroppedUndeclaredProperty = "repair.droppedUndeclaredProperty"

        /// Whether the detail is a JSON syntax error located by `line` and `column`.
        public var isLocated: Bool { rawValue.hasPrefix("json.") && self != .jsonTooLarge }

        /// The English template: placeholders `{name:type}`, the type `i` (a whole number), `n` (a number), `k` (a
        /// ``Kind``) or none (data). Located JSON errors get their "invalid JSON at line …" prefix separately.
        var englishTemplate: String {
            switch self {
            case .schemaTooDeep: "schema nesting is too deep"
            case .undefinedReference: "schema reference '{name}' is undefined"
            case .expectedString: "expected a string, found {found:k}"
            case .expectedNumber: "expected a number, found {found:k}"
            case .expectedBoolean: "expected a boolean, found {found:k}"
            case .expectedNull: "expected null, found {found:k}"
            case .expectedArray: "expected an array, found {found:k}"
            case .expectedObject: "expected an object, found {found:k}"
            case .expectedNamedObject: "expected an object ({type}), found {found:k}"
            case .expectedInteger: "expected an integer, found {value:n}"
            case .notAChoice: "{value} is not one of {choices}"
            case .stringTooShort: "string has {count:i} characters, fewer than {minimum:i}"
            case .stringTooLong: "string has {count:i} characters, more than {maximum:i}"
            case .patternMismatch: "{value} does not match the pattern {pattern}"
            case .belowMinimum: "{value:n} is less than the minimum {minimum:n}"
            case .aboveMaximum: "{value:n} is more than the maximum {maximum:n}"
            case .tooFewElements: "array has {count:i} elements, fewer than {minimum:i}"
            case .tooManyElements: "array has {count:i} elements, more than {maximum:i}"
            case .undeclaredProperty: "property '{name}' is not part of {type}"
            case .missingProperty: "required property '{name}' is missing"
            case .noTaggedCase: "expected one of the {type} cases ({cases}) with a \"{tag}\" property"
            case .noAlternative: "matches none of the {type} alternatives"
            case .tooEntangled:
                "the value nests alternatives too deeply to check (more than {limit:i} schema checks); "
                    + "give each alternative a \"{tag}\" property, or simplify the output"
            case .outputTooLarge: "output is {size:i} bytes, more than the limit of {limit:i}"
            case .wrongShape: "the output does not have the shape the schema asks for"
            case .jsonTooLarge: "input is {size:i} bytes, over the limit of {limit:i} bytes"
            case .jsonUnexpectedEnd: "unexpected end of input"
            case .jsonTrailingCharacter: "unexpected '{character}' after the end of the document"
            case .jsonUnexpectedCharacter: "unexpected '{character}' where a value should start"
            case .jsonUnterminatedString: "unterminated string"
            case .jsonExpectedPropertyName: "expected a property name in quotes"
            case .jsonExpectedColon: "expected ':' after property name \"{name}\""
            case .jsonDuplicateKey: "duplicate property name \"{name}\""
            case .jsonExpectedObjectSeparator: "expected ',' or '}' in an object"
            case .jsonExpectedArraySeparator: "expected ',' or ']' in an array"
            case .jsonInvalidUTF8: "invalid UTF-8 in a string"
            case .jsonUnpairedSurrogate: "unpaired surrogate in \\u escape"
            case .jsonInvalidLowSurrogate: "invalid low surrogate in \\u escape"
            case .jsonInvalidUnicodeEscape: "invalid \\u escape"
            case .jsonInvalidEscape: "invalid escape '\\{character}'"
            case .jsonControlCharacter: "control character U+{code} in a string"
            case .jsonUnterminatedUnicodeEscape: "unterminated \\u escape"
            case .jsonInvalidHexDigit: "invalid hex digit in \\u escape"
            case .jsonExpectedDigits: "expected digits in a number"
            case .jsonLeadingZero: "a number may not start with a leading zero"
            case .jsonExpectedFractionDigits: "expected digits after the decimal point"
            case .jsonExpectedExponentDigits: "expected digits in the exponent"
            case .jsonNumberOutOfRange: "number {text} is out of range"
            case .jsonUnexpectedEndInLiteral: "unexpected end of input in '{word}'"
            case .jsonInvalidLiteral: "invalid literal; expected '{word}'"
            case .jsonTooDeep: "nesting deeper than the limit of {limit:i} levels"
            case .repairStrippedCodeFence: "stripped code fence"
            case .repairDroppedSurroundingText: "dropped text around the JSON value"
            case .repairCoercedToBoolean: "coerced {path} to a boolean"
            case .repairCoercedToNumber: "coerced {path} to a number"
            case .repairCoercedToString: "coerced {path} to a string"
            case .repairRoundedToInteger: "rounded {path} to an integer"
            case .repairClamped: "clamped {path} to {value:n}"
            case .repairMatchedChoice: "matched {path} to the choice {choice}"
            case .repairTruncatedString: "truncated {path} to {count:i} characters"
            case .repairTruncatedArray: "truncated {path} to {count:i} elements"
            case .repairDroppedElement: "dropped invalid element {path}"
            case .repairDroppedOptionalProperty: "dropped invalid optional property {path}"
            case .repairDroppedUndeclaredProperty: "dropped undeclared property {path}"
            }
        }
    }

    /// The shape of a JSON value, as an argument: ours to word ("a number"), unlike the data around it.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case null, boolean, number, string, array, object

        /// The kind of `content`.
        public init(of content: GeneratedContent) {
            switch content.kind {
            case .null: self = .null
            case .bool: self = .boolean
            case .number: self = .number
            case .string: self = .string
            case .array: self = .array
            case .structure: self = .object
            }
        }
    }

    /// One value for a placeholder.
    public enum Argument: Sendable, Hashable {
        /// Data that is not ours to word: a value from the output (quoted as JSON where the text quotes it), a
        /// property or type name, a JSON pointer, a pattern, a character.
        case data(String)
        /// A whole number: a count, a limit in bytes or levels, a line or a column.
        case integer(Int)
        /// A number from the output or the schema.
        case number(Double)
        /// The shape of a value.
        case kind(Kind)

        /// The argument as the English text writes it.
        var english: String {
            switch self {
            case .data(let text): text
            case .integer(let value): String(value)
            case .number(let value): JSONWriter.format(value)
            case .kind(let kind): kind.rawValue
            }
        }
    }

    /// What happened.
    public var code: Code
    /// The placeholder values, by placeholder name (`line` and `column` too, for a located JSON error).
    public var arguments: [String: Argument]

    /// A detail with `code` and its `arguments`.
    public init(_ code: Code, _ arguments: [String: Argument] = [:]) {
        self.code = code
        self.arguments = arguments
    }

    /// A located JSON syntax error at `line` and `column`.
    public static func json(_ code: Code, line: Int, column: Int, _ arguments: [String: Argument] = [:])
        -> DecodingDetail
    {
        DecodingDetail(code, arguments.merging(["line": .integer(line), "column": .integer(column)]) { new, _ in new })
    }

    /// The English text, as the core's errors and repair notes carry it.
    public var description: String {
        var text = ""
        for segment in Self.segments(of: code) {
            switch segment {
            case .literal(let literal): text += literal
            case .placeholder(let name, _): text += arguments[name]?.english ?? "{\(name)}"
            }
        }
        return text
    }
}
