import Foundation
import GenUI

/// The check of the function calls written inside a `formatString` template (`${formatNumber(value:${/n},
/// decimals:2)}`), made when the component arrives, as for a call written as JSON: each call must name a function of
/// the catalog (or `now()`, the client-side call the catalog's description names), give its arguments by name, only
/// arguments the function has, every required one, and literals of the types (and formats) the catalog states.
///
/// The template is read as ``A2UIEvaluator`` reads it (`\${` is literal, an unclosed `${` is text, `'quoted'`
/// literals, numbers, `true`/`false`, nested `${…}`, anything else a data path), linearly per nesting level and at
/// most ``A2UILimits/defaultMaximumJSONDepth`` levels deep. Problems point at the template's value and name the
/// expression they are in.
extension A2UICatalogWalk {
    /// What an expression inside a template gives, as far as can be told before evaluation.
    enum TemplateValue {
        case string, number(Double), boolean, path
        /// A call of a function returning this type (`any` for `now()` and unknown functions).
        case call(returnType: String)
    }

    /// Checks each `${…}` of `template`, the value at `at` (a formatString's `value`); `site` names that place.
    mutating func checkTemplate(_ template: String, at: String, site: String) {
        scanTemplate(template, at: at, site: site, depth: 0)
    }

    private var isFull: Bool { findings.count >= Self.maximumFindings }

    private mutating func scanTemplate(_ template: String, at: String, site: String, depth: Int) {
        let closing = A2UIEvaluator.closingBraces(template)
        var index = template.startIndex
        while index < template.endIndex, !isFull {
            let rest = template[index...]
            if rest.hasPrefix("\\${") {
                index = template.index(index, offsetBy: 3)
            } else if rest.hasPrefix("${"), let close = closing[template.index(after: index)] {
                _ = templateExpression(
                    String(template[template.index(index, offsetBy: 2)..<close]), at: at, site: site, depth: depth + 1)
                index = template.index(after: close)
            } else {
                index = template.index(after: index)
            }
        }
    }

    /// What `text` (one expression, without its `${` `}`) gives; every call in it is checked on the way.
    private mutating func templateExpression(_ text: String, at: String, site: String, depth: Int) -> TemplateValue {
        guard depth < A2UILimits.defaultMaximumJSONDepth, !isFull else { return .path }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("${"), trimmed.hasSuffix("}") {
            return templateExpression(String(trimmed.dropFirst(2).dropLast()), at: at, site: site, depth: depth + 1)
        }
        if trimmed.count >= 2, trimmed.hasPrefix("'"), trimmed.hasSuffix("'") { return .string }
        if let number = Double(trimmed), number.isFinite { return .number(number) }
        if trimmed == "true" || trimmed == "false" { return .boolean }
        guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else { return .path }
        let name = String(trimmed[..<open])
        let body = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        let place = site + " ${" + (trimmed.count > 60 ? trimmed.prefix(60) + "…" : trimmed) + "}"
        if name == "now" { return .call(returnType: "string") }
        guard let definition = A2UIFunctionCatalog.definition(name, version: version) else {
            report(
                .invalidFunction, at, "a2ui.detail.unknownFunction",
                [
                    "function": name, "allowed": A2UIFunctionCatalog.definitions.map(\.name).joined(separator: ", "),
                    "property": place,
                ])
            return .call(returnType: "any")
        }
        var names: Set<String> = []
        for piece in A2UIEvaluator.splitArguments(body) where !isFull {
            let shown = piece.trimmingCharacters(in: .whitespaces)
            if shown.isEmpty { continue }
            guard let colon = piece.firstIndex(of: ":") else {
                report(
                    .invalidFunction, at, "a2ui.detail.templateUnnamedArgument",
                    [
                        "function": name, "found": Self.found(GeneratedContent(kind: .string(shown))),
                        "property": place,
                    ])
                continue
            }
            let key = piece[..<colon].trimmingCharacters(in: .whitespaces)
            let expression = String(piece[piece.index(after: colon)...])
            let value = templateExpression(expression, at: at, site: site, depth: depth + 1)
            names.insert(key)
            let naming = ["function": name, "argument": key, "property": place]
            guard let type = definition.type(of: key) else {
                var arguments = naming
                arguments["allowed"] = definition.arguments.map(\.name).joined(separator: ", ")
                report(.invalidFunction, at, "a2ui.detail.unknownArgument", arguments)
                continue
            }
            let literal = expression.trimmingCharacters(in: .whitespaces)
            if !Self.fits(value, type) {
                var arguments = naming
                arguments["expected"] = type.catalogName
                arguments["found"] = Self.found(GeneratedContent(kind: .string(literal)))
                report(.invalidFunction, at, "a2ui.detail.argumentType", arguments)
            } else if case .integer(let minimum) = type, case .number(let number) = value, number < Double(minimum) {
                var arguments = naming
                arguments["minimum"] = String(minimum)
                arguments["found"] = literal
                report(.invalidFunction, at, "a2ui.detail.argumentMinimum", arguments)
            } else if case .string = value, let format = definition.formats[key],
                !A2UIFunctionCatalog.holds(format: format, String(literal.dropFirst().dropLast()))
            {
                var arguments = naming
                arguments["format"] = format
                arguments["found"] = Self.found(GeneratedContent(kind: .string(literal)))
                report(.invalidFunction, at, "a2ui.detail.argumentFormat", arguments)
            }
        }
        for required in definition.required where !names.contains(required) {
            report(
                .invalidFunction, at, "a2ui.detail.missingArgument",
                ["function": name, "argument": required, "property": place])
        }
        if !definition.atLeastOneOf.isEmpty, names.isDisjoint(with: definition.atLeastOneOf) {
            report(
                .invalidFunction, at, "a2ui.detail.needsOneOf",
                [
                    "function": name, "allowed": definition.atLeastOneOf.joined(separator: ", "), "property": place,
                ])
        }
        return .call(returnType: definition.returnType)
    }

    /// Whether a template value can be given for an argument of `type`, as the catalog's types read for JSON: a data
    /// path or a call may stand for any dynamic value, a literal must be of the type itself.
    static func fits(_ value: TemplateValue, _ type: A2UIFunctionCatalog.ArgumentType) -> Bool {
        switch (type, value) {
        case (.any, _), (.dynamicValue, _): true
        case (.dynamicString, .string), (.dynamicString, .path), (.dynamicString, .call): true
        case (.dynamicNumber, .number), (.dynamicNumber, .path), (.dynamicNumber, .call): true
        case (.dynamicBoolean, .boolean), (.dynamicBoolean, .path), (.dynamicBoolean, .call): true
        case (.string, .string), (.number, .number): true
        case (.integer, .number(let number)): number.rounded() == number
        default: false
        }
    }
}
