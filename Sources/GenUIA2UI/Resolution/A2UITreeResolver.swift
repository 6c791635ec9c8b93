import GenUI

/// Builds a surface's tree from `root`: follows child ids, expands template lists over their data, resolves
/// properties, checks and actions. Bounded: a child that is an ancestor (a cycle), a dangling id, a tree deeper than
/// the limit, or more nodes than the limit each become a located problem and are left out.
struct A2UITreeResolver {
    let surface: A2UISurface
    let limits: A2UILimits
    var problems: [A2UIProblem] = []
    var nodeCount = 0
    var reportedNodeLimit = false

    init(surface: A2UISurface, limits: A2UILimits) {
        self.surface = surface
        self.limits = limits
    }

    mutating func run() -> A2UIResolution {
        guard surface.components["root"] != nil else {
            let problem = A2UIProblem(.missingRoot, surfaceID: surface.id, detail: "no component has the id \"root\" yet; nothing to show")
            return A2UIResolution(surfaceID: surface.id, root: nil, problems: surface.components.isEmpty ? [] : [problem])
        }
        let root = node("root", scope: nil, ancestors: [], depth: 0, from: nil)
        return A2UIResolution(surfaceID: surface.id, root: root, problems: problems)
    }

    private mutating func report(_ kind: A2UIProblem.Kind, _ stored: A2UISurface.StoredComponent?, id: String?, pointer: String = "", _ detail: String) {
        problems.append(A2UIProblem(kind, line: stored?.line, surfaceID: surface.id, pointer: (stored?.pointer ?? "") + pointer, componentID: id, detail: detail))
    }

    private mutating func node(_ id: String, scope: String?, ancestors: [String], depth: Int, from parent: (String, String)?) -> A2UINode? {
        guard let stored = surface.components[id] else {
            let parentStored = parent.flatMap { surface.components[$0.0] }
            report(.danglingChild, parentStored, id: parent?.0, pointer: parent?.1 ?? "", "the child \"\(id)\" is not a component of this surface")
            return nil
        }
        guard !ancestors.contains(id) else {
            let parentStored = parent.flatMap { surface.components[$0.0] }
            report(.cycle, parentStored, id: parent?.0, pointer: parent?.1 ?? "", "the child \"\(id)\" contains this component (\((ancestors + [id]).joined(separator: " → "))); it is left out")
            return nil
        }
        guard depth < limits.maximumTreeDepth else {
            report(.limitExceeded, stored, id: id, "the tree is deeper than \(limits.maximumTreeDepth) levels; this branch is left out")
            return nil
        }
        guard nodeCount < limits.maximumNodes else {
            if !reportedNodeLimit {
                reportedNodeLimit = true
                report(.limitExceeded, stored, id: id, "the tree has more than \(limits.maximumNodes) nodes; the rest is left out")
            }
            return nil
        }
        nodeCount += 1
        let lookup = Dictionary((stored.content.orderedProperties ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        var evaluator = A2UIEvaluator(dataModel: surface.dataModel, scope: scope)
        var result = A2UINode(id: id, type: stored.type, properties: [:], children: [], failedChecks: [], bindings: [:], action: nil)
        let inputs: Set<String> = ["TextField", "CheckBox", "ChoicePicker", "Slider", "DateTimeInput"]
        let structural: Set<String> = ["id", "component", "children", "child", "trigger", "content", "tabs", "action", "checks", "options", "accessibility"]
        for (name, value) in lookup where !structural.contains(name) {
            let before = evaluator.missingPaths.count
            result.properties[name] = evaluator.resolve(value)
            if let path = A2UIEvaluator.bindingPath(value) { result.bindings[name] = evaluator.absolutePath(path) }
            let isInputValue = inputs.contains(stored.type) && name == "value"
            if !isInputValue, evaluator.missingPaths.count > before, A2UIEvaluator.bindingPath(value) != nil {
                report(.missingPath, stored, id: id, pointer: JSONPointer.escape(name),
                    "the binding reads \(evaluator.missingPaths[before]), which holds no value in the data model; it shows as empty")
            }
        }
        if let accessibility = lookup["accessibility"]?.orderedProperties {
            for entry in accessibility { result.properties["accessibility." + entry.key] = evaluator.resolve(entry.value) }
        }
        if let options = lookup["options"]?.elements {
            result.properties["options"] = GeneratedContent(kind: .array(options.map { option in
                GeneratedContent(orderedProperties: (option.orderedProperties ?? []).map { ($0.key, evaluator.resolve($0.value)) })
            }))
        }
        if let checks = lookup["checks"]?.elements {
            for check in checks {
                let rule = Dictionary((check.orderedProperties ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
                guard let condition = rule["condition"], case .string(let message)? = rule["message"]?.kind else { continue }
                if !A2UIEvaluator.truth(evaluator.resolve(condition)) { result.failedChecks.append(message) }
            }
        }
        if let action = lookup["action"]?.orderedProperties?.first(where: { $0.key == "event" })?.value.orderedProperties {
            let event = Dictionary(action.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
            if case .string(let name)? = event["name"]?.kind {
                let context = (event["context"]?.orderedProperties ?? []).map { ($0.key, evaluator.resolve($0.value)) }
                result.action = A2UINode.Event(name: name, context: GeneratedContent(orderedProperties: context))
            }
        }
        for problem in evaluator.problems {
            report(problem.kind, stored, id: id, problem.detail)
        }
        let path = ancestors + [id]
        func child(_ childID: GeneratedContent?, _ pointer: String, into children: inout [A2UINode]) {
            guard case .string(let childID)? = childID?.kind else { return }
            if let built = node(childID, scope: scope, ancestors: path, depth: depth + 1, from: (id, pointer)) { children.append(built) }
        }
        var children: [A2UINode] = []
        switch stored.type {
        case "Row", "Column", "List":
            if let ids = lookup["children"]?.elements {
                for (index, childID) in ids.enumerated() { child(childID, "/children/\(index)", into: &children) }
            } else if let template = lookup["children"]?.orderedProperties {
                let fields = Dictionary(template.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
                if case .string(let templateID)? = fields["componentId"]?.kind, case .string(let listPath)? = fields["path"]?.kind {
                    let absolute = evaluator.absolutePath(listPath)
                    switch surface.dataModel.value(at: absolute)?.kind {
                    case .array(let items)?:
                        for index in items.indices {
                            if let built = node(templateID, scope: A2UIDataModel.pointer(A2UIDataModel.tokens(absolute) + [String(index)]),
                                ancestors: path, depth: depth + 1, from: (id, "/children/componentId"))
                            { children.append(built) }
                        }
                    case .structure(_, let keys)?:
                        for key in keys {
                            if let built = node(templateID, scope: A2UIDataModel.pointer(A2UIDataModel.tokens(absolute) + [key]),
                                ancestors: path, depth: depth + 1, from: (id, "/children/componentId"))
                            { children.append(built) }
                        }
                    default:
                        report(.missingPath, stored, id: id, pointer: "/children/path",
                            "the template reads \(absolute), which holds no list in the data model; the list is empty")
                    }
                }
            }
        case "Card", "Button":
            child(lookup["child"], "/child", into: &children)
        case "Modal":
            child(lookup["trigger"], "/trigger", into: &children)
            child(lookup["content"], "/content", into: &children)
        case "Tabs":
            var titles: [GeneratedContent] = []
            for (index, tab) in (lookup["tabs"]?.elements ?? []).enumerated() {
                let fields = Dictionary((tab.orderedProperties ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
                titles.append(fields["title"].map { evaluator.resolve($0) } ?? .init(kind: .string("")))
                child(fields["child"], "/tabs/\(index)/child", into: &children)
            }
            result.properties["tabTitles"] = GeneratedContent(kind: .array(titles))
        default:
            break
        }
        result.children = children
        return result
    }
}
