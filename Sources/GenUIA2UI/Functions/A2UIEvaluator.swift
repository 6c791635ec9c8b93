import Foundation
import GenUI

/// Resolves dynamic values against a data model: literals stay, `{"path"}` bindings read the model (absolute, or
/// relative to a List template's item), and `{"call"}` function calls run the basic catalog's functions.
///
/// Evaluation is total: a missing path is `null`, a function that cannot run yields `null` (or `false` for a check)
/// and a problem, and recursion is bounded by the JSON depth limit of the message the value came from.
public struct A2UIEvaluator: Sendable {
    /// The data model read.
    public var dataModel: A2UIDataModel
    /// The data path of the current template item (`/items/2`), or `nil` outside templates.
    public var scope: String?
    /// Problems found while evaluating (unknown functions, bad arguments, an invalid pattern).
    public private(set) var problems: [A2UIProblem] = []
    /// Paths that were read but held nothing.
    public private(set) var missingPaths: [String] = []

    /// Creates an evaluator over `dataModel`, relative paths resolving under `scope`.
    public init(dataModel: A2UIDataModel, scope: String? = nil) {
        self.dataModel = dataModel
        self.scope = scope
    }

    /// The absolute data path of `path`: itself when it starts with `/`, else under the scope.
    public func absolutePath(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let base = scope ?? ""
        return path.isEmpty ? (base.isEmpty ? "/" : base) : base + "/" + path
    }

    /// The binding path of `value` when it is `{"path": …}`.
    public static func bindingPath(_ value: GeneratedContent) -> String? {
        guard let object = value.orderedProperties, object.count == 1, object[0].key == "path", case .string(let path) = object[0].value.kind else {
            return nil
        }
        return path
    }

    /// `value` with every binding and function call resolved.
    public mutating func resolve(_ value: GeneratedContent, depth: Int = 0) -> GeneratedContent {
        guard depth < A2UILimits.defaultMaximumJSONDepth else { return .init(kind: .null) }
        if let path = Self.bindingPath(value) {
            let absolute = absolutePath(path)
            if let found = dataModel.value(at: absolute) { return found }
            missingPaths.append(absolute)
            return GeneratedContent(kind: .null)
        }
        if let object = value.orderedProperties, let call = object.first(where: { $0.key == "call" }), case .string(let name) = call.value.kind {
            let args = object.first(where: { $0.key == "args" })?.value.orderedProperties ?? []
            return evaluate(name, args: args, depth: depth + 1)
        }
        return value
    }

    /// The resolved value as display text: strings as they are, numbers without a needless `.0`, booleans and
    /// arrays as JSON, `null` as the empty string.
    public static func text(_ value: GeneratedContent) -> String {
        switch value.kind {
        case .null: ""
        case .string(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): JSONWriter.format(number)
        case .array(let elements): elements.map(text).joined(separator: ", ")
        case .structure: value.jsonString
        }
    }

    /// The resolved value as a boolean: `true`, non-zero numbers and non-empty strings other than `"false"`.
    public static func truth(_ value: GeneratedContent) -> Bool {
        switch value.kind {
        case .bool(let flag): flag
        case .number(let number): number != 0 && !number.isNaN
        case .string(let text): !text.isEmpty && text != "false"
        case .array(let elements): !elements.isEmpty
        case .structure: true
        case .null: false
        }
    }

    /// The resolved value as a number, when it is one (or a string that reads as one).
    public static func number(_ value: GeneratedContent) -> Double? {
        switch value.kind {
        case .number(let number):
            return number.isFinite ? number : nil
        case .string(let text):
            guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else { return nil }
            return number
        case .bool(let flag):
            return flag ? 1 : 0
        default:
            return nil
        }
    }

    mutating func report(_ kind: A2UIProblem.Kind, _ detail: String) {
        problems.append(A2UIProblem(kind, detail: detail))
    }
}

