import Foundation
import GenUI

/// Resolves dynamic values against a data model: literals stay, `{"path"}` bindings read the model (absolute, or
/// relative to a List template's item), and `{"call"}` function calls run the basic catalog's functions.
///
/// Evaluation is total: a missing path is `null`, a function that cannot run yields `null` (or `false` for a check)
/// and a problem, recursion is bounded by the JSON depth limit of the message the value came from, and all the work
/// is counted against one ``A2UIEvaluationBudget``.
public struct A2UIEvaluator: Sendable {
    /// The data model read.
    public var dataModel: A2UIDataModel
    /// The data path of the current template item (`/items/2`), or `nil` outside templates.
    public var scope: String?
    /// Problems found while evaluating (unknown functions, bad arguments, an invalid pattern).
    public private(set) var problems: [A2UIProblem] = []
    /// Paths that were read but held nothing.
    public private(set) var missingPaths: [String] = []
    /// The work allowed and spent (share one budget across a whole resolution by passing it on).
    public var budget: A2UIEvaluationBudget

    /// Creates an evaluator over `dataModel`, relative paths resolving under `scope`, spending `budget`.
    public init(dataModel: A2UIDataModel, scope: String? = nil, budget: A2UIEvaluationBudget = A2UIEvaluationBudget()) {
        self.dataModel = dataModel
        self.scope = scope
        self.budget = budget
    }

    /// Spends `units`; when the budget is used up, reports it (once per budget) and returns `false`.
    mutating func spend(_ units: Int) -> Bool {
        if budget.charge(units) { return true }
        if !budget.reported {
            budget.reported = true
            report(.limitExceeded, "evaluationBudgetUsed", ["limit": String(budget.limit)])
        }
        return false
    }

    /// Spends the units `bytes` bytes of text cost.
    mutating func spend(bytes: Int) -> Bool {
        spend(1 + bytes / A2UIEvaluationBudget.bytesPerUnit)
    }

    /// The absolute data path of `path`: itself when it starts with `/`, else under the scope.
    public func absolutePath(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let base = scope ?? ""
        return path.isEmpty ? (base.isEmpty ? "/" : base) : base + "/" + path
    }

    /// The binding path of `value` when it is `{"path": …}`.
    public static func bindingPath(_ value: GeneratedContent) -> String? {
        guard let object = value.orderedProperties, object.count == 1, object[0].key == "path",
            case .string(let path) = object[0].value.kind
        else {
            return nil
        }
        return path
    }

    /// `value` with every binding and function call resolved.
    public mutating func resolve(_ value: GeneratedContent, depth: Int = 0) -> GeneratedContent {
        guard depth < A2UILimits.defaultMaximumJSONDepth, spend(1) else { return .init(kind: .null) }
        if let path = Self.bindingPath(value) {
            guard
                spend(
                    A2UIEvaluationBudget.unitsPerBinding + (path.utf8.count + (scope?.utf8.count ?? 0))
                        / A2UIEvaluationBudget.bytesPerUnit)
            else {
                return GeneratedContent(kind: .null)
            }
            let absolute = absolutePath(path)
            if let found = dataModel.value(at: absolute) { return found }
            missingPaths.append(absolute)
            return GeneratedContent(kind: .null)
        }
        if let object = value.orderedProperties, let call = object.first(where: { $0.key == "call" }),
            case .string(let name) = call.value.kind
        {
            let args = object.first(where: { $0.key == "args" })?.value.orderedProperties ?? []
            guard spend(A2UIEvaluationBudget.unitsPerCall) else { return GeneratedContent(kind: .null) }
            return evaluate(name, args: args, depth: depth + 1)
        }
        return value
    }

    /// The resolved value as display text: strings as they are, numbers without a needless `.0`, booleans as
    /// `true`/`false`, arrays as their elements' texts joined by `, `, objects as JSON, `null` as the empty string.
    /// The text of an array or object stops after ``A2UIEvaluationBudget/maximumTextBytes`` (a string is returned as
    /// it is).
    public static func text(_ value: GeneratedContent) -> String {
        text(value, limit: A2UIEvaluationBudget.maximumTextBytes)
    }

    /// The display text of `value` (see ``text(_:)``), an array's or object's stopping after `limit` UTF-8 bytes.
    public static func text(_ value: GeneratedContent, limit: Int) -> String {
        if case .string(let text) = value.kind { return text }
        var output = ""
        A2UIBoundedText.append(value, to: &output, limit: limit)
        return output
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
            // No number is written in more than 512 bytes; longer text is not read at all.
            guard text.utf8.count <= 512, let number = Double(text.trimmingCharacters(in: .whitespaces)),
                number.isFinite
            else { return nil }
            return number
        case .bool(let flag):
            return flag ? 1 : 0
        default:
            return nil
        }
    }

    /// Keeps a problem whose detail is the catalog message `a2ui.detail.<key>`.
    mutating func report(_ kind: A2UIProblem.Kind, _ key: String, _ arguments: [String: String] = [:]) {
        problems.append(A2UIProblem(kind, text: A2UIProblemText("a2ui.detail." + key, arguments)))
    }
}
