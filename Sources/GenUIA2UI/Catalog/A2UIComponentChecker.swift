import GenUI

/// Checks one component against the basic catalog: known type, every required property, no unknown property, each
/// value of the right shape, and every function call against the catalog's function definitions (name, argument
/// names and types, `returnType`). Each problem names the component, the JSON pointer of the offending value and,
/// in the catalog's own words, what was expected.
enum A2UIComponentChecker {
    static func problems(_ component: GeneratedContent, pointer: String, version: A2UIVersion = .v0_9_1)
        -> [A2UIProblem]
    {
        guard let properties = component.orderedProperties else {
            return [
                A2UIProblem(.invalidMessage, pointer: pointer, text: A2UIProblemText("a2ui.detail.componentNotObject"))
            ]
        }
        let lookup = Dictionary(properties.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        guard case .string(let id)? = lookup["id"]?.kind else {
            return [
                A2UIProblem(
                    .invalidMessage, pointer: pointer + "/id", text: A2UIProblemText("a2ui.detail.componentNeedsID"))
            ]
        }
        guard case .string(let type)? = lookup["component"]?.kind else {
            return [
                A2UIProblem(
                    .invalidMessage, pointer: pointer + "/component", componentID: id,
                    text: A2UIProblemText("a2ui.detail.componentNeedsType"))
            ]
        }
        guard let spec = A2UICatalog.specs(for: version)[type] else {
            return [
                A2UIProblem(
                    .unknownComponent, pointer: pointer + "/component", componentID: id,
                    text: A2UIProblemText(
                        "a2ui.detail.unknownComponent",
                        [
                            "type": type, "allowed": A2UICatalog.componentTypes.joined(separator: ", "),
                        ]))
            ]
        }
        var walk = A2UICatalogWalk(type: type, version: version)
        for name in spec.required where lookup[name] == nil {
            walk.report(.invalidMessage, "", "a2ui.detail.requiredProperty", ["property": name])
        }
        for (name, value) in properties {
            let at = JSONPointer.escape(name)
            guard let shape = spec.properties[name] ?? A2UICatalog.common[name] else {
                let allowed = (Array(A2UICatalog.common.keys).sorted() + spec.properties.keys.sorted()).joined(
                    separator: ", ")
                walk.report(.invalidMessage, at, "a2ui.detail.unknownProperty", ["property": name, "allowed": allowed])
                continue
            }
            walk.check(value, shape, at: at)
        }
        return walk.findings.map { finding in
            A2UIProblem(finding.kind, pointer: pointer + finding.pointer, componentID: id, text: finding.text)
        }
    }
}

/// One walk over a component's values, collecting what breaks the catalog. `at` is always the JSON pointer of the
/// value inside the component; the messages name it as `Type.path`.
struct A2UICatalogWalk {
    /// One way a value breaks the catalog.
    struct Finding {
        var kind: A2UIProblem.Kind
        var pointer: String
        var text: A2UIProblemText
    }

    /// The component's type.
    let type: String
    /// The version whose catalog applies.
    let version: A2UIVersion
    private(set) var findings: [Finding] = []

    init(type: String, version: A2UIVersion = .v0_9_1) {
        self.type = type
        self.version = version
    }

    /// At most this many problems are reported for one component (a component is left out after its first anyway).
    static let maximumFindings = 32

    mutating func report(_ kind: A2UIProblem.Kind, _ at: String, _ key: String, _ arguments: [String: String] = [:]) {
        guard findings.count < Self.maximumFindings else { return }
        var arguments = arguments
        arguments["type"] = type
        if arguments["property"] == nil { arguments["property"] = String(at.dropFirst()) }
        findings.append(Finding(kind: kind, pointer: at, text: A2UIProblemText(key, arguments)))
    }

    /// How a value shows in a message: a literal as JSON (strings cut to 40 characters), a container by its JSON type.
    static func found(_ value: GeneratedContent) -> String {
        switch value.kind {
        case .string(let text): JSONWriter.quote(text.count > 40 ? String(text.prefix(40)) + "…" : text)
        case .number(let number): JSONWriter.format(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array: "array"
        default: "object"
        }
    }

    private mutating func wrongType(
        _ value: GeneratedContent, _ expected: String, at: String, kind: A2UIProblem.Kind = .invalidMessage
    ) {
        report(kind, at, "a2ui.detail.wrongType", ["expected": expected, "found": Self.found(value)])
    }

    private mutating func shape(_ value: GeneratedContent, keys: [String], at: String) -> [String: GeneratedContent]? {
        guard let object = value.orderedProperties, Set(object.map(\.key)) == Set(keys), object.count == keys.count
        else {
            report(
                .invalidMessage, at, "a2ui.detail.wrongShape",
                ["allowed": keys.map { "\"\($0)\"" }.joined(separator: ", ")])
            return nil
        }
        return Dictionary(object.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    static func isString(_ value: GeneratedContent) -> Bool {
        if case .string = value.kind { return true }
        return false
    }

    static func isBoolean(_ value: GeneratedContent) -> Bool {
        if case .bool = value.kind { return true }
        return false
    }

    static func isBinding(_ value: GeneratedContent) -> Bool {
        guard let object = value.orderedProperties, object.count == 1, object[0].key == "path" else { return false }
        return isString(object[0].value)
    }

    mutating func check(_ value: GeneratedContent, _ shape: A2UICatalog.Shape, at: String) {
        switch shape {
        case .string, .componentID:
            if !Self.isString(value) { wrongType(value, "string", at: at) }
        case .number:
            if case .number = value.kind {} else { wrongType(value, "number", at: at) }
        case .boolean:
            if case .bool = value.kind {} else { wrongType(value, "boolean", at: at) }
        case .integer(let minimum):
            guard case .number(let number) = value.kind, number.isFinite, number.rounded() == number else {
                return wrongType(value, "integer", at: at)
            }
            if number < Double(minimum) { wrongType(value, "integer ≥ \(minimum)", at: at) }
        case .oneOf(let allowed):
            if case .string(let text) = value.kind, allowed.contains(text) { return }
            report(
                .invalidMessage, at, "a2ui.detail.notOneOf",
                ["allowed": allowed.joined(separator: ", "), "found": Self.found(value)])
        case .dynamicString:
            if !Self.isString(value) { dynamic(value, returning: "string", expected: "DynamicString", at: at) }
        case .dynamicNumber:
            if case .number = value.kind {
            } else {
                dynamic(value, returning: "number", expected: "DynamicNumber", at: at)
            }
        case .dynamicBoolean:
            if case .bool = value.kind {
            } else {
                dynamic(value, returning: "boolean", expected: "DynamicBoolean", at: at)
            }
        case .dynamicStringList:
            if let elements = value.elements {
                for (index, element) in elements.enumerated() where !Self.isString(element) {
                    wrongType(element, "string", at: at + "/\(index)")
                    return
                }
            } else {
                dynamic(value, returning: "array", expected: "DynamicStringList", at: at)
            }
        case .dynamicValue:
            switch value.kind {
            case .string, .number, .bool, .array: return
            default: dynamic(value, returning: nil, expected: "DynamicValue", at: at)
            }
        case .childList:
            if let elements = value.elements {
                for (index, element) in elements.enumerated() where !Self.isString(element) {
                    wrongType(element, "string", at: at + "/\(index)")
                    return
                }
            } else if let template = self.shape(value, keys: ["componentId", "path"], at: at) {
                for key in ["componentId", "path"] where !Self.isString(template[key] ?? GeneratedContent(kind: .null))
                {
                    wrongType(template[key] ?? GeneratedContent(kind: .null), "string", at: at + "/" + key)
                }
            }
        case .tabs:
            guard let tabs = value.elements else { return wrongType(value, "array", at: at) }
            if tabs.isEmpty { report(.invalidMessage, at, "a2ui.detail.tooFewItems", ["count": "1"]) }
            for (index, tab) in tabs.enumerated() {
                guard let fields = self.shape(tab, keys: ["title", "child"], at: at + "/\(index)") else { continue }
                if let title = fields["title"] { check(title, .dynamicString, at: at + "/\(index)/title") }
                if let child = fields["child"] { check(child, .componentID, at: at + "/\(index)/child") }
            }
        case .options:
            guard let options = value.elements else { return wrongType(value, "array", at: at) }
            for (index, option) in options.enumerated() {
                guard let fields = self.shape(option, keys: ["label", "value"], at: at + "/\(index)") else { continue }
                if let label = fields["label"] { check(label, .dynamicString, at: at + "/\(index)/label") }
                if let choice = fields["value"] { check(choice, .string, at: at + "/\(index)/value") }
            }
        case .action:
            action(value, at: at)
        case .checks:
            guard let rules = value.elements else { return wrongType(value, "array", at: at) }
            for (index, rule) in rules.enumerated() {
                guard let fields = self.shape(rule, keys: ["condition", "message"], at: at + "/\(index)") else {
                    continue
                }
                if let condition = fields["condition"] {
                    check(condition, .dynamicBoolean, at: at + "/\(index)/condition")
                }
                if let message = fields["message"] { check(message, .string, at: at + "/\(index)/message") }
            }
        case .icon:
            if case .string(let name) = value.kind {
                if !A2UICatalog.iconNames.contains(name) {
                    report(
                        .invalidMessage, at, "a2ui.detail.notOneOf",
                        ["allowed": A2UICatalog.iconNames.sorted().joined(separator: ", "), "found": Self.found(value)])
                }
                return
            }
            if let object = value.orderedProperties, object.count == 1, object[0].key == "svgPath" {
                // v1.0 made the path a DynamicString; v0.9 takes a literal string.
                if version == .v1_0 { return check(object[0].value, .dynamicString, at: at + "/svgPath") }
                if Self.isString(object[0].value) { return }
            }
            if !Self.isBinding(value) { wrongType(value, "string, {\"svgPath\"} or DataBinding", at: at) }
        case .accessibility:
            guard let object = value.orderedProperties else {
                return wrongType(value, "AccessibilityAttributes", at: at)
            }
            for entry in object {
                let inner = at + JSONPointer.escape(entry.key)
                guard entry.key == "label" || entry.key == "description" else {
                    report(.invalidMessage, inner, "a2ui.detail.unknownProperty", ["allowed": "description, label"])
                    continue
                }
                check(entry.value, .dynamicString, at: inner)
            }
        }
    }

    private mutating func action(_ value: GeneratedContent, at: String) {
        guard let object = value.orderedProperties, object.count == 1, let only = object.first,
            only.key == "event" || only.key == "functionCall"
        else {
            return report(.invalidMessage, at, "a2ui.detail.wrongShape", ["allowed": "\"event\" or \"functionCall\""])
        }
        if only.key == "functionCall" { return call(only.value, returning: nil, at: at + "/functionCall") }
        let eventAt = at + "/event"
        guard let event = only.value.orderedProperties else { return wrongType(only.value, "object", at: eventAt) }
        let fields = Dictionary(event.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        if let name = fields["name"] {
            check(name, .string, at: eventAt + "/name")
        } else {
            report(
                .invalidMessage, eventAt, "a2ui.detail.requiredProperty",
                ["property": String(eventAt.dropFirst()) + "/name"])
        }
        // v1.0 lets an event ask for the agent's answer (wantResponse) and say where to keep it (responsePath).
        let eventFields = version == .v1_0 ? ["context", "name", "responsePath", "wantResponse"] : ["context", "name"]
        for entry in event where !eventFields.contains(entry.key) {
            report(
                .invalidMessage, eventAt + JSONPointer.escape(entry.key), "a2ui.detail.unknownProperty",
                ["allowed": eventFields.joined(separator: ", ")])
        }
        if let flag = fields["wantResponse"], version == .v1_0 { check(flag, .boolean, at: eventAt + "/wantResponse") }
        if let path = fields["responsePath"], version == .v1_0 { check(path, .string, at: eventAt + "/responsePath") }
        if let context = fields["context"] {
            guard let entries = context.orderedProperties else {
                return wrongType(context, "object", at: eventAt + "/context")
            }
            for entry in entries {
                check(entry.value, .dynamicValue, at: eventAt + "/context" + JSONPointer.escape(entry.key))
            }
        }
    }

    /// A value that is not a literal: a binding `{"path"}` or a function call returning `returning` (any type when
    /// `nil`); anything else is reported as not being `expected`.
    private mutating func dynamic(_ value: GeneratedContent, returning: String?, expected: String, at: String) {
        if Self.isBinding(value) { return }
        if let object = value.orderedProperties, object.contains(where: { $0.key == "call" }) {
            return call(value, returning: returning, at: at)
        }
        wrongType(value, expected, at: at)
    }

    /// Checks a function call against the catalog's definition of the function it names, before it is ever
    /// evaluated; `returning` is the type the place it sits in takes (`nil`: any).
    mutating func call(_ value: GeneratedContent, returning: String?, at: String) {
        guard let object = value.orderedProperties else {
            return wrongType(value, "FunctionCall", at: at, kind: .invalidFunction)
        }
        let fields = Dictionary(object.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        guard case .string(let name)? = fields["call"]?.kind else {
            return report(.invalidFunction, at, "a2ui.detail.functionNeedsCall")
        }
        // v1.0 took returnType off the wire: a call has only call and args.
        let callFields = version == .v1_0 ? ["call", "args"] : ["call", "args", "returnType"]
        for entry in object where !callFields.contains(entry.key) {
            if version == .v1_0 {
                report(
                    .invalidFunction, at + JSONPointer.escape(entry.key), "a2ui.detail.unknownCallPropertyOf",
                    [
                        "name": entry.key, "property": String(at.dropFirst()),
                        "allowed": callFields.joined(separator: ", "),
                    ])
            } else {
                report(
                    .invalidFunction, at + JSONPointer.escape(entry.key), "a2ui.detail.unknownCallProperty",
                    ["name": entry.key, "property": String(at.dropFirst())])
            }
        }
        guard let definition = A2UIFunctionCatalog.definition(name, version: version) else {
            return report(
                .invalidFunction, at + "/call", "a2ui.detail.unknownFunction",
                [
                    "function": name, "allowed": A2UIFunctionCatalog.definitions.map(\.name).joined(separator: ", "),
                    "property": String(at.dropFirst()),
                ])
        }
        let site = String(at.dropFirst())
        if let declared = fields["returnType"] {
            if case .string(let given) = declared.kind, A2UIFunctionCatalog.returnTypes.contains(given) {
                if given != definition.returnType {
                    report(
                        .invalidFunction, at + "/returnType", "a2ui.detail.returnTypeMismatch",
                        [
                            "function": name, "expected": definition.returnType, "found": given, "property": site,
                        ])
                } else if let returning, given != returning {
                    report(
                        .invalidFunction, at + "/returnType", "a2ui.detail.returnTypeForProperty",
                        ["expected": returning, "found": given, "property": site])
                }
            } else {
                report(
                    .invalidFunction, at + "/returnType", "a2ui.detail.unknownReturnType",
                    [
                        "allowed": A2UIFunctionCatalog.returnTypes.joined(separator: ", "),
                        "found": Self.found(declared), "property": site,
                    ])
            }
        }
        let argumentsAt = at + "/args"
        let given: [(key: String, value: GeneratedContent)]
        if let args = fields["args"] {
            guard let entries = args.orderedProperties else {
                return wrongType(args, "object", at: argumentsAt, kind: .invalidFunction)
            }
            given = entries
        } else {
            given = []
        }
        func naming(_ argument: String) -> [String: String] {
            ["function": name, "argument": argument, "property": site]
        }
        for entry in given {
            let argumentAt = argumentsAt + JSONPointer.escape(entry.key)
            guard let type = definition.type(of: entry.key) else {
                var arguments = naming(entry.key)
                arguments["allowed"] = definition.arguments.map(\.name).joined(separator: ", ")
                report(.invalidFunction, argumentAt, "a2ui.detail.unknownArgument", arguments)
                continue
            }
            // v1.0's openUrl also takes its url from a binding or a call.
            if version == .v1_0, name == "openUrl",
                Self.isBinding(entry.value)
                    || entry.value.orderedProperties?.contains(where: { $0.key == "call" }) == true
            {
                argument(entry.value, .dynamicString, at: argumentAt, naming(entry.key))
                continue
            }
            argument(entry.value, type, at: argumentAt, naming(entry.key))
            if let format = definition.formats[entry.key], case .string(let text) = entry.value.kind,
                !A2UIFunctionCatalog.holds(format: format, text)
            {
                var arguments = naming(entry.key)
                arguments["format"] = format
                arguments["found"] = Self.found(entry.value)
                report(.invalidFunction, argumentAt, "a2ui.detail.argumentFormat", arguments)
            }
        }
        // The calls written inside a formatString template are checked here too, before anything is evaluated.
        if name == "formatString", case .string(let template)? = given.first(where: { $0.key == "value" })?.value.kind {
            checkTemplate(template, at: argumentsAt + "/value", site: site + "/args/value")
        }
        let names = Set(given.map(\.key))
        for required in definition.required where !names.contains(required) {
            report(.invalidFunction, argumentsAt, "a2ui.detail.missingArgument", naming(required))
        }
        if !definition.atLeastOneOf.isEmpty, names.isDisjoint(with: definition.atLeastOneOf) {
            report(
                .invalidFunction, argumentsAt, "a2ui.detail.needsOneOf",
                [
                    "function": name, "allowed": definition.atLeastOneOf.joined(separator: ", "), "property": site,
                ])
        }
    }

    private mutating func argument(
        _ value: GeneratedContent, _ type: A2UIFunctionCatalog.ArgumentType, at: String, _ naming: [String: String]
    ) {
        func wrong() {
            var arguments = naming
            arguments["expected"] = type.catalogName
            arguments["found"] = Self.found(value)
            report(.invalidFunction, at, "a2ui.detail.argumentType", arguments)
        }
        func nested(_ returning: String?) {
            if Self.isBinding(value) { return }
            if let object = value.orderedProperties, object.contains(where: { $0.key == "call" }) {
                return call(value, returning: returning, at: at)
            }
            wrong()
        }
        switch type {
        case .any:
            return
        case .dynamicString:
            if !Self.isString(value) { nested("string") }
        case .dynamicNumber:
            if case .number = value.kind {} else { nested("number") }
        case .dynamicBoolean:
            if case .bool = value.kind {} else { nested("boolean") }
        case .dynamicValue:
            switch value.kind {
            case .string, .number, .bool, .array: return
            default: nested(nil)
            }
        case .string:
            if !Self.isString(value) { wrong() }
        case .number:
            if case .number = value.kind {} else { wrong() }
        case .integer(let minimum):
            guard case .number(let number) = value.kind, number.rounded() == number, number.isFinite else {
                return wrong()
            }
            if number < Double(minimum) {
                var arguments = naming
                arguments["minimum"] = String(minimum)
                arguments["found"] = Self.found(value)
                report(.invalidFunction, at, "a2ui.detail.argumentMinimum", arguments)
            }
        case .booleans(let minimumCount):
            guard let elements = value.elements else { return wrong() }
            if elements.count < minimumCount {
                var arguments = naming
                arguments["count"] = String(minimumCount)
                report(.invalidFunction, at, "a2ui.detail.argumentTooFewItems", arguments)
            }
            for (index, element) in elements.enumerated() {
                if case .bool = element.kind { continue }
                var inner = naming
                inner["argument"] = (naming["argument"] ?? "") + "/\(index)"
                argument(element, .dynamicBoolean, at: at + "/\(index)", inner)
            }
        }
    }
}
