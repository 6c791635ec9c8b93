import GenUI

/// Builds a surface's tree from `root`: follows child ids, expands template lists over their data, resolves
/// properties, checks and actions. Bounded: a child that is an ancestor (a cycle), a dangling id, a tree deeper than
/// the limit, or more nodes than the limit each become a located problem and are left out. All evaluation shares one
/// ``A2UIEvaluationBudget``, and at most ``A2UILimits/maximumProblems`` problems are kept (the rest are counted).
struct A2UITreeResolver {
    let surface: A2UISurface
    let limits: A2UILimits
    var problems: [A2UIProblem] = []
    var droppedProblemCount = 0
    var nodeCount = 0
    var reportedNodeLimit = false
    var budget: A2UIEvaluationBudget

    /// A resolver spending `budget` (a fresh one of ``A2UILimits/maximumEvaluationWork`` when `nil`).
    init(surface: A2UISurface, limits: A2UILimits, budget: A2UIEvaluationBudget? = nil) {
        self.surface = surface
        self.limits = limits
        self.budget = budget ?? A2UIEvaluationBudget(limit: limits.maximumEvaluationWork)
    }

    mutating func run() -> A2UIResolution {
        guard surface.components["root"] != nil else {
            let problem =
                surface.rejected["root"].map { line in
                    A2UIProblem(
                        .missingRoot, line: line, surfaceID: surface.id, componentID: "root",
                        text: A2UIProblemText("a2ui.detail.rootLeftOut", ["line": String(line)]))
                } ?? A2UIProblem(.missingRoot, surfaceID: surface.id, text: A2UIProblemText("a2ui.detail.missingRoot"))
            var resolution = A2UIResolution(
                surfaceID: surface.id, root: nil, problems: surface.components.isEmpty ? [] : [problem])
            resolution.theme = A2UITheme.read(surface.theme, pointer: "").theme
            return resolution
        }
        let before = budget.used
        let root = node("root", scope: nil, ancestors: [], depth: 0, from: nil)
        var resolution = A2UIResolution(surfaceID: surface.id, root: root, problems: problems)
        resolution.droppedProblemCount = droppedProblemCount
        resolution.evaluationWork = budget.used - before
        resolution.theme = A2UITheme.read(surface.theme, pointer: "").theme
        return resolution
    }

    /// Keeps a located problem whose detail is the catalog message `a2ui.detail.<key>` (built only when it is kept).
    private mutating func report(
        _ kind: A2UIProblem.Kind, _ stored: A2UISurface.StoredComponent?, id: String?, pointer: String = "",
        _ key: String,
        _ arguments: @autoclosure () -> [String: String] = [:]
    ) {
        guard problems.count < limits.maximumProblems else {
            droppedProblemCount += 1
            return
        }
        reportText(kind, stored, id: id, pointer: pointer, A2UIProblemText("a2ui.detail." + key, arguments()))
    }

    /// Keeps a located problem whose detail is a catalog message.
    private mutating func reportText(
        _ kind: A2UIProblem.Kind, _ stored: A2UISurface.StoredComponent?, id: String?, pointer: String,
        _ text: A2UIProblemText
    ) {
        guard problems.count < limits.maximumProblems else {
            droppedProblemCount += 1
            return
        }
        problems.append(
            A2UIProblem(
                kind, line: stored?.line, surfaceID: surface.id, pointer: (stored?.pointer ?? "") + pointer,
                componentID: id, text: text))
    }

    /// Spends `units` of the budget outside an evaluator (template items); reports exhaustion once.
    private mutating func spend(_ units: Int, _ stored: A2UISurface.StoredComponent, id: String) -> Bool {
        if budget.charge(units) { return true }
        if !budget.reported {
            budget.reported = true
            let limit = budget.limit
            report(.limitExceeded, stored, id: id, "treeBudgetUsed", ["limit": String(limit)])
        }
        return false
    }

    private mutating func node(
        _ id: String, scope: String?, ancestors: [String], depth: Int, from parent: (String, String)?
    ) -> A2UINode? {
        guard let stored = surface.components[id] else {
            let parentStored = parent.flatMap { surface.components[$0.0] }
            if let line = surface.rejected[id] {
                reportText(
                    .danglingChild, parentStored, id: parent?.0, pointer: parent?.1 ?? "",
                    A2UIProblemText("a2ui.detail.childLeftOut", ["id": id, "line": String(line)]))
                return nil
            }
            report(
                .danglingChild, parentStored, id: parent?.0, pointer: parent?.1 ?? "", "danglingChild",
                ["id": A2UISize.clipped(id)])
            return nil
        }
        guard !ancestors.contains(id) else {
            let parentStored = parent.flatMap { surface.components[$0.0] }
            report(
                .cycle, parentStored, id: parent?.0, pointer: parent?.1 ?? "", "cycle",
                [
                    "id": A2UISize.clipped(id),
                    "path": (ancestors + [id]).map { A2UISize.clipped($0, bytes: 40) }.joined(separator: " → "),
                ])
            return nil
        }
        guard depth < limits.maximumTreeDepth else {
            let maximum = limits.maximumTreeDepth
            report(.limitExceeded, stored, id: id, "treeTooDeep", ["limit": String(maximum)])
            return nil
        }
        guard nodeCount < limits.maximumNodes else {
            if !reportedNodeLimit {
                reportedNodeLimit = true
                let maximum = limits.maximumNodes
                report(.limitExceeded, stored, id: id, "tooManyNodes", ["limit": String(maximum)])
            }
            return nil
        }
        nodeCount += 1
        let lookup = Dictionary(
            (stored.content.orderedProperties ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        var evaluator = A2UIEvaluator(dataModel: surface.dataModel, scope: scope, budget: budget)
        var result = A2UINode(
            id: id, type: stored.type, properties: [:], children: [], failedChecks: [], bindings: [:], action: nil)
        let inputs: Set<String> = ["TextField", "CheckBox", "ChoicePicker", "Slider", "DateTimeInput"]
        let structural: Set<String> = [
            "id", "component", "children", "child", "trigger", "content", "tabs", "action", "checks", "options",
            "accessibility",
        ]
        for (name, value) in lookup where !structural.contains(name) {
            let before = evaluator.missingPaths.count
            result.properties[name] = evaluator.resolve(value)
            if let path = A2UIEvaluator.bindingPath(value) { result.bindings[name] = evaluator.absolutePath(path) }
            let isInputValue = inputs.contains(stored.type) && name == "value"
            if !isInputValue, evaluator.missingPaths.count > before, A2UIEvaluator.bindingPath(value) != nil {
                report(
                    .missingPath, stored, id: id, pointer: JSONPointer.escape(name), "missingBinding",
                    ["path": A2UISize.clipped(evaluator.missingPaths[before])])
            }
        }
        if let accessibility = lookup["accessibility"]?.orderedProperties {
            for entry in accessibility {
                result.properties["accessibility." + entry.key] = evaluator.resolve(entry.value)
            }
        }
        if let options = lookup["options"]?.elements {
            result.properties["options"] = GeneratedContent(
                kind: .array(
                    options.map { option in
                        GeneratedContent(
                            orderedProperties: (option.orderedProperties ?? []).map {
                                ($0.key, evaluator.resolve($0.value))
                            })
                    }))
        }
        if let checks = lookup["checks"]?.elements {
            for check in checks {
                let rule = Dictionary(
                    (check.orderedProperties ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
                guard let condition = rule["condition"], case .string(let message)? = rule["message"]?.kind else {
                    continue
                }
                if !A2UIEvaluator.truth(evaluator.resolve(condition)) { result.failedChecks.append(message) }
            }
        }
        if let action = lookup["action"]?.orderedProperties?.first(where: { $0.key == "event" })?.value
            .orderedProperties
        {
            let event = Dictionary(action.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
            if case .string(let name)? = event["name"]?.kind {
                let context = (event["context"]?.orderedProperties ?? []).map { ($0.key, evaluator.resolve($0.value)) }
                var resolved = A2UINode.Event(name: name, context: GeneratedContent(orderedProperties: context))
                if case .bool(true)? = event["wantResponse"]?.kind { resolved.wantResponse = true }
                if case .string(let path)? = event["responsePath"]?.kind {
                    resolved.responsePath = evaluator.absolutePath(path)
                }
                result.action = resolved
            }
        }
        var titles: [GeneratedContent] = []
        if stored.type == "Tabs" {
            for tab in lookup["tabs"]?.elements ?? [] {
                let title = tab.orderedProperties?.last(where: { $0.key == "title" })?.value
                titles.append(title.map { evaluator.resolve($0) } ?? .init(kind: .string("")))
            }
            result.properties["tabTitles"] = GeneratedContent(kind: .array(titles))
        }
        for problem in evaluator.problems {
            if let text = problem.text { reportText(problem.kind, stored, id: id, pointer: "", text) }
        }
        // The children spend the same budget.
        budget = evaluator.budget
        let path = ancestors + [id]
        func child(_ childID: GeneratedContent?, _ pointer: String, into children: inout [A2UINode]) {
            guard case .string(let childID)? = childID?.kind else { return }
            if let built = node(childID, scope: scope, ancestors: path, depth: depth + 1, from: (id, pointer)) {
                children.append(built)
            }
        }
        var children: [A2UINode] = []
        switch stored.type {
        case "Row", "Column", "List":
            if let ids = lookup["children"]?.elements {
                for (index, childID) in ids.enumerated() { child(childID, "/children/\(index)", into: &children) }
            } else if let template = lookup["children"]?.orderedProperties {
                let fields = Dictionary(template.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
                if case .string(let templateID)? = fields["componentId"]?.kind,
                    case .string(let listPath)? = fields["path"]?.kind
                {
                    let absolute = evaluator.absolutePath(listPath)
                    guard spend(1 + absolute.utf8.count / A2UIEvaluationBudget.bytesPerUnit, stored, id: id) else {
                        break
                    }
                    let list = surface.dataModel.value(at: absolute)
                    // The item scopes share one base pointer, built once.
                    let base = A2UIDataModel.pointer(A2UIDataModel.tokens(absolute))
                    let prefix = base == "/" ? "" : base
                    var keys: [String] = []
                    switch list?.kind {
                    case .array(let items)?: keys = items.indices.map(String.init)
                    case .structure(_, let names)?: keys = names
                    default:
                        report(
                            .missingPath, stored, id: id, pointer: "/children/path", "missingList",
                            ["path": A2UISize.clipped(absolute)])
                    }
                    for key in keys {
                        // Each item costs as much as a function call, and once the tree is full the rest are not
                        // visited.
                        guard nodeCount < limits.maximumNodes || !reportedNodeLimit,
                            spend(A2UIEvaluationBudget.unitsPerCall, stored, id: id)
                        else { break }
                        if let built = node(
                            templateID, scope: prefix + JSONPointer.escape(key), ancestors: path, depth: depth + 1,
                            from: (id, "/children/componentId"))
                        {
                            children.append(built)
                        }
                    }
                }
            }
        case "Card", "Button":
            child(lookup["child"], "/child", into: &children)
        case "Modal":
            child(lookup["trigger"], "/trigger", into: &children)
            child(lookup["content"], "/content", into: &children)
        case "Tabs":
            for (index, tab) in (lookup["tabs"]?.elements ?? []).enumerated() {
                child(
                    tab.orderedProperties?.last(where: { $0.key == "child" })?.value, "/tabs/\(index)/child",
                    into: &children)
            }
        default:
            break
        }
        result.children = children
        return result
    }
}
