import GenUI

/// Checks one component against its schema in the basic catalog: known type, every required property, no unknown
/// property, and each value of the right shape. Each problem names the component and the JSON pointer of the value.
enum A2UIComponentChecker {
    static func problems(_ component: GeneratedContent, pointer: String) -> [A2UIProblem] {
        guard let properties = component.orderedProperties else {
            return [A2UIProblem(.invalidMessage, pointer: pointer, detail: "a component must be an object")]
        }
        let lookup = Dictionary(properties.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        guard case .string(let id)? = lookup["id"]?.kind else {
            return [A2UIProblem(.invalidMessage, pointer: pointer + "/id", detail: "a component needs a string id")]
        }
        guard case .string(let type)? = lookup["component"]?.kind else {
            return [A2UIProblem(.invalidMessage, pointer: pointer + "/component", componentID: id, detail: "a component needs a string \"component\" naming its type")]
        }
        guard let spec = A2UICatalog.specs[type] else {
            return [A2UIProblem(.unknownComponent, pointer: pointer + "/component", componentID: id,
                detail: "\"\(type)\" is not a component of the basic catalog; use one of \(A2UICatalog.componentTypes.joined(separator: ", "))")]
        }
        var problems: [A2UIProblem] = []
        for name in spec.required where lookup[name] == nil {
            problems.append(A2UIProblem(.invalidMessage, pointer: pointer, componentID: id, detail: "\(type) requires the property \"\(name)\""))
        }
        for (name, value) in properties {
            let at = pointer + JSONPointer.escape(name)
            guard let shape = spec.properties[name] ?? A2UICatalog.common[name] else {
                problems.append(A2UIProblem(.invalidMessage, pointer: at, componentID: id, detail: "\(type) has no property \"\(name)\""))
                continue
            }
            if let detail = check(value, shape) {
                problems.append(A2UIProblem(.invalidMessage, pointer: at, componentID: id, detail: "\(type).\(name) \(detail)"))
            }
        }
        return problems
    }

    /// Why `value` does not have `shape`, or `nil` when it does.
    static func check(_ value: GeneratedContent, _ shape: A2UICatalog.Shape) -> String? {
        switch shape {
        case .string, .componentID:
            if case .string = value.kind { return nil }
            return "must be a string"
        case .number:
            if case .number = value.kind { return nil }
            return "must be a number"
        case .boolean:
            if case .bool = value.kind { return nil }
            return "must be a boolean"
        case .oneOf(let allowed):
            if case .string(let text) = value.kind, allowed.contains(text) { return nil }
            return "must be one of \(allowed.joined(separator: ", "))"
        case .dynamicString:
            if case .string = value.kind { return nil }
            return dynamic(value, literal: "a string")
        case .dynamicNumber:
            if case .number = value.kind { return nil }
            return dynamic(value, literal: "a number")
        case .dynamicBoolean:
            if case .bool = value.kind { return nil }
            return dynamic(value, literal: "a boolean")
        case .dynamicStringList:
            if let elements = value.elements {
                return elements.allSatisfy { if case .string = $0.kind { true } else { false } } ? nil : "must hold only strings"
            }
            return dynamic(value, literal: "an array of strings")
        case .dynamicValue:
            switch value.kind {
            case .string, .number, .bool, .array: return nil
            default: return dynamic(value, literal: "a string, number, boolean or array")
            }
        case .childList:
            if let elements = value.elements {
                return elements.allSatisfy { if case .string = $0.kind { true } else { false } } ? nil : "must list component ids (strings)"
            }
            guard let object = value.orderedProperties, Set(object.map(\.key)) == ["componentId", "path"],
                object.allSatisfy({ if case .string = $0.value.kind { true } else { false } })
            else { return "must be an array of ids or a template {\"componentId\", \"path\"}" }
            return nil
        case .tabs:
            guard let tabs = value.elements, !tabs.isEmpty else { return "must be a non-empty array of tabs" }
            for (index, tab) in tabs.enumerated() {
                guard let object = tab.orderedProperties, Set(object.map(\.key)) == ["title", "child"] else {
                    return "/\(index) must be {\"title\", \"child\"}"
                }
                let lookup = Dictionary(object.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
                if let detail = lookup["title"].flatMap({ check($0, .dynamicString) }) { return "/\(index)/title \(detail)" }
                if let detail = lookup["child"].flatMap({ check($0, .componentID) }) { return "/\(index)/child \(detail)" }
            }
            return nil
        case .options:
            guard let options = value.elements else { return "must be an array of options" }
            for (index, option) in options.enumerated() {
                guard let object = option.orderedProperties, Set(object.map(\.key)) == ["label", "value"] else {
                    return "/\(index) must be {\"label\", \"value\"}"
                }
                let lookup = Dictionary(object.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
                if let detail = lookup["label"].flatMap({ check($0, .dynamicString) }) { return "/\(index)/label \(detail)" }
                if let detail = lookup["value"].flatMap({ check($0, .string) }) { return "/\(index)/value \(detail)" }
            }
            return nil
        case .action:
            guard let object = value.orderedProperties, object.count == 1, let only = object.first else {
                return "must be {\"event\": …} or {\"functionCall\": …}"
            }
            if only.key == "functionCall" { return functionCall(only.value) }
            guard only.key == "event", let event = only.value.orderedProperties else { return "must be {\"event\": …} or {\"functionCall\": …}" }
            let lookup = Dictionary(event.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
            guard case .string? = lookup["name"]?.kind else { return "/event needs a string name" }
            if let extra = event.first(where: { $0.key != "name" && $0.key != "context" }) { return "/event has no property \"\(extra.key)\"" }
            if let context = lookup["context"] {
                guard let entries = context.orderedProperties else { return "/event/context must be an object" }
                for entry in entries {
                    if let detail = check(entry.value, .dynamicValue) { return "/event/context\(JSONPointer.escape(entry.key)) \(detail)" }
                }
            }
            return nil
        case .checks:
            guard let rules = value.elements else { return "must be an array of checks" }
            for (index, rule) in rules.enumerated() {
                guard let object = rule.orderedProperties, Set(object.map(\.key)) == ["condition", "message"] else {
                    return "/\(index) must be {\"condition\", \"message\"}"
                }
                let lookup = Dictionary(object.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
                if let detail = lookup["condition"].flatMap({ check($0, .dynamicBoolean) }) { return "/\(index)/condition \(detail)" }
                if let detail = lookup["message"].flatMap({ check($0, .string) }) { return "/\(index)/message \(detail)" }
            }
            return nil
        case .icon:
            if case .string(let name) = value.kind {
                return A2UICatalog.iconNames.contains(name) ? nil : "\"\(name)\" is not an icon of the basic catalog"
            }
            if let object = value.orderedProperties, object.count == 1, object[0].key == "svgPath", case .string = object[0].value.kind { return nil }
            return binding(value) ? nil : "must be an icon name, {\"svgPath\"} or a binding"
        case .accessibility:
            guard let object = value.orderedProperties else { return "must be an object" }
            for entry in object {
                guard entry.key == "label" || entry.key == "description" else { return "has no property \"\(entry.key)\"" }
                if let detail = check(entry.value, .dynamicString) { return "/\(entry.key) \(detail)" }
            }
            return nil
        }
    }

    private static func binding(_ value: GeneratedContent) -> Bool {
        guard let object = value.orderedProperties, object.count == 1, object[0].key == "path", case .string = object[0].value.kind else {
            return false
        }
        return true
    }

    private static func dynamic(_ value: GeneratedContent, literal: String) -> String? {
        if binding(value) { return nil }
        if let object = value.orderedProperties, object.contains(where: { $0.key == "call" }) { return functionCall(value) }
        return "must be \(literal), a binding {\"path\"} or a function call {\"call\"}"
    }

    private static func functionCall(_ value: GeneratedContent) -> String? {
        guard let object = value.orderedProperties else { return "must be a function call object" }
        let lookup = Dictionary(object.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        guard case .string(let name)? = lookup["call"]?.kind else { return "needs a string \"call\"" }
        guard A2UICatalog.functionNames.contains(name) else { return "calls \"\(name)\", which is not a function of the basic catalog" }
        if let extra = object.first(where: { !["call", "args", "returnType"].contains($0.key) }) { return "has no property \"\(extra.key)\"" }
        if let args = lookup["args"], args.orderedProperties == nil { return "args must be an object" }
        return nil
    }
}
