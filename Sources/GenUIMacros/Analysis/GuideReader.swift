import SwiftDiagnostics
import SwiftSyntax

/// What a `@Guide` attribute says about one property.
struct GuideAttribute {
    /// The description expression, passed through.
    var description: ExprSyntax?
    /// The guide expressions ready for `guides: [...]` (a regex literal becomes `.pattern("...")`).
    var guides: [String] = []
}

/// Reads `@Guide` attributes and checks that each guide fits the property's type.
enum GuideReader {
    /// The kind of value a guide bounds.
    enum Family: String {
        case numeric = "bounds numbers"
        case string = "constrains strings"
        case array = "constrains arrays"
    }

    private static let families: [String: Family] = [
        "range": .numeric, "minimum": .numeric, "maximum": .numeric,
        "anyOf": .string, "constant": .string, "pattern": .string,
        "minimumLength": .string, "maximumLength": .string, "length": .string,
        "count": .array, "minimumCount": .array, "maximumCount": .array, "element": .array,
    ]

    static func isGuide(_ attribute: AttributeSyntax) -> Bool {
        let name = attribute.attributeName.trimmedDescription
        return name == "Guide" || name == "GenUI.Guide"
    }

    /// The `@Guide` attributes among `attributes`.
    static func guideAttributes(in attributes: AttributeListSyntax) -> [AttributeSyntax] {
        attributes.compactMap { element in
            guard case .attribute(let attribute) = element, isGuide(attribute) else { return nil }
            return attribute
        }
    }

    /// Reads `attributes` for a property named `name` of shape `shape`, reporting guides that do not fit.
    static func read(
        _ attributes: [AttributeSyntax], property name: String, shape: TypeShape, log: inout DiagnosticLog
    ) -> GuideAttribute {
        var result = GuideAttribute()
        for attribute in attributes {
            guard let arguments = attribute.arguments?.as(LabeledExprListSyntax.self) else { continue }
            for argument in arguments {
                if argument.label?.text == "description" {
                    if result.description == nil, argument.expression.as(NilLiteralExprSyntax.self) == nil {
                        result.description = argument.expression.trimmed
                    }
                    continue
                }
                if let guide = read(argument, in: attribute, property: name, shape: shape, log: &log) {
                    result.guides.append(guide)
                }
            }
        }
        return result
    }

    private static func read(
        _ argument: LabeledExprSyntax, in attribute: AttributeSyntax, property name: String, shape: TypeShape,
        log: inout DiagnosticLog
    ) -> String? {
        let expression = argument.expression
        let removal = removalFixIt(of: argument, in: attribute)
        if let regex = expression.as(RegexLiteralExprSyntax.self) {
            if !accepts(shape.unwrapped, .string) {
                log.error(
                    expression, "regexOnNonString",
                    "A regex constrains strings, but '\(name)' is \(shape.kindDescription)", fixIts: removal)
                return nil
            }
            return ".pattern(\(swiftStringLiteral(regex.regex.text)))"
        }
        if isNonLiteralRegex(expression) {
            log.error(
                expression, "regexNotLiteral",
                "@Guide needs a regex literal (/.../) so its pattern can be read at compile time")
            return nil
        }
        if let mismatch = mismatch(expression, shape: shape.unwrapped) {
            let subject = mismatch.isElement ? "each element of '\(name)'" : "'\(name)'"
            log.error(
                mismatch.node, "guideMismatch",
                "'.\(mismatch.guide)' \(mismatch.family.rawValue), but \(subject) is \(mismatch.shape.kindDescription)",
                fixIts: removal)
            return nil
        }
        return expression.trimmedDescription
    }

    private struct Mismatch {
        let node: ExprSyntax
        let guide: String
        let family: Family
        let shape: TypeShape
        var isElement = false
    }

    /// The first guide in `expression` (looking inside `.element(...)`) that does not fit `shape`.
    private static func mismatch(_ expression: ExprSyntax, shape: TypeShape) -> Mismatch? {
        guard let (name, call) = leadingMember(of: expression), let family = families[name] else { return nil }
        guard accepts(shape, family) else {
            return Mismatch(node: expression, guide: name, family: family, shape: shape)
        }
        if name == "element", case .array(let element, _) = shape, let call,
            let inner = call.arguments.first?.expression
        {
            guard var found = mismatch(inner, shape: element.unwrapped) else { return nil }
            found.isElement = true
            return found
        }
        return nil
    }

    private static func accepts(_ shape: TypeShape, _ family: Family) -> Bool {
        switch shape {
        case .named, .optional: true
        case .scalar(.string, _): family == .string
        case .scalar(.integer, _), .scalar(.number, _): family == .numeric
        case .scalar(.boolean, _): false
        case .array: family == .array
        }
    }

    /// `.name(...)` or `.name` (optionally qualified by a type): the member name and the call, if any.
    private static func leadingMember(of expression: ExprSyntax) -> (String, FunctionCallExprSyntax?)? {
        if let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        {
            return (member.declName.baseName.text, call)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return (member.declName.baseName.text, nil)
        }
        return nil
    }

    private static func isNonLiteralRegex(_ expression: ExprSyntax) -> Bool {
        var inner = expression
        if let tryExpression = inner.as(TryExprSyntax.self) { inner = tryExpression.expression }
        if let call = inner.as(FunctionCallExprSyntax.self) {
            return call.calledExpression.trimmedDescription.hasPrefix("Regex")
        }
        if let macro = inner.as(MacroExpansionExprSyntax.self) { return macro.macroName.text == "Regex" }
        return false
    }

    /// A fix-it that removes `argument` from `attribute`.
    private static func removalFixIt(of argument: LabeledExprSyntax, in attribute: AttributeSyntax) -> [FixIt] {
        guard let arguments = attribute.arguments?.as(LabeledExprListSyntax.self) else { return [] }
        var kept = Array(arguments.filter { $0.id != argument.id })
        let message = GenerableFixIt("Remove '\(argument.expression.trimmedDescription)'")
        if kept.isEmpty, let list = attribute.parent?.as(AttributeListSyntax.self) {
            // Nothing would be left of the attribute: remove it whole.
            let remaining = list.filter { element in
                if case .attribute(let other) = element { return other.id != attribute.id }
                return true
            }
            return [FixIt.replace(message: message, oldNode: list, newNode: remaining)]
        }
        if let last = kept.indices.last { kept[last] = kept[last].with(\.trailingComma, nil) }
        let newAttribute = attribute.with(\.arguments, .argumentList(LabeledExprListSyntax(kept)))
        return [
            FixIt.replace(
                message: message, oldNode: attribute, newNode: newAttribute)
        ]
    }
}

/// `text` as a Swift string literal.
func swiftStringLiteral(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": result += "\\\\"
        case "\"": result += "\\\""
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if scalar.value < 0x20 {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}
