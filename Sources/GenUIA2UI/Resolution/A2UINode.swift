import GenUI

/// One component of a resolved surface: its properties with every binding and function call evaluated, and its
/// children resolved (template lists expanded over their data).
public struct A2UINode: Sendable, Hashable {
    /// A Button's server event, its context resolved.
    public struct Event: Sendable, Hashable {
        /// The event name.
        public var name: String
        /// The context object with every binding resolved.
        public var context: GeneratedContent
        /// v1.0: whether the agent is asked to answer the action with an `actionResponse`.
        public var wantResponse = false
        /// v1.0: the absolute data path where the answer's value is kept, when the event names one.
        public var responsePath: String?
    }

    /// The component id.
    public var id: String
    /// The component type (`Text`, `Row`, …).
    public var type: String
    /// The resolved properties, by name (children and actions are not in here).
    public var properties: [String: GeneratedContent]
    /// The children in order: Row/Column/List children, Card and Button `child`, Modal `trigger` then `content`,
    /// Tabs' children in tab order.
    public var children: [A2UINode]
    /// The messages of the checks that fail with the current data.
    public var failedChecks: [String]
    /// The absolute data path each bound property reads (`value` → `/contact/email`), for two-way binding.
    public var bindings: [String: String]
    /// A Button's event.
    public var action: Event?

    /// The resolved property as display text (empty when absent).
    public func text(_ name: String) -> String {
        properties[name].map(A2UIEvaluator.text) ?? ""
    }

    /// The first node, depth first, that satisfies `predicate`.
    public func first(where predicate: (A2UINode) -> Bool) -> A2UINode? {
        if predicate(self) { return self }
        for child in children {
            if let found = child.first(where: predicate) { return found }
        }
        return nil
    }

    /// The visible texts of the subtree, in order (texts, labels, values, option labels, tab titles).
    public var texts: [String] {
        var result: [String] = []
        for name in ["text", "label", "title", "description", "value"] {
            let value = text(name)
            if !value.isEmpty { result.append(value) }
        }
        if let titles = properties["tabTitles"]?.elements { result += titles.map(A2UIEvaluator.text) }
        if let options = properties["options"]?.elements {
            result += options.compactMap {
                $0.orderedProperties?.first(where: { $0.key == "label" }).map { A2UIEvaluator.text($0.value) }
            }
        }
        return result + children.flatMap(\.texts)
    }

    /// The node as JSON: `{"id", "component", "properties", "failedChecks", "action", "children"}`.
    public var json: GeneratedContent {
        var pairs: [(String, GeneratedContent)] = [
            ("id", .init(kind: .string(id))), ("component", .init(kind: .string(type))),
        ]
        let keys = properties.keys.sorted()
        pairs.append(
            (
                "properties",
                GeneratedContent(orderedProperties: keys.compactMap { key in properties[key].map { (key, $0) } })
            ))
        if !bindings.isEmpty {
            pairs.append(
                (
                    "bindings",
                    GeneratedContent(
                        orderedProperties: bindings.keys.sorted().compactMap { key in
                            bindings[key].map { (key, .init(kind: .string($0))) }
                        })
                ))
        }
        if !failedChecks.isEmpty {
            pairs.append(("failedChecks", .init(kind: .array(failedChecks.map { .init(kind: .string($0)) }))))
        }
        if let action {
            pairs.append(
                (
                    "action",
                    GeneratedContent(orderedProperties: [
                        ("name", .init(kind: .string(action.name))), ("context", action.context),
                    ])
                ))
        }
        if !children.isEmpty { pairs.append(("children", .init(kind: .array(children.map(\.json))))) }
        return GeneratedContent(orderedProperties: pairs)
    }
}

/// A surface's resolved tree and the problems met resolving it.
public struct A2UIResolution: Sendable, Hashable {
    /// The surface id.
    public var surfaceID: String
    /// The tree from `root`; `nil` when the surface has no `root` yet.
    public var root: A2UINode?
    /// Problems found while resolving (dangling children, cycles, missing paths, limits), each located; at most
    /// ``A2UILimits/maximumProblems``.
    public var problems: [A2UIProblem]
    /// How many more problems were found than were kept.
    public var droppedProblemCount = 0
    /// The evaluation work the resolution spent, in ``A2UIEvaluationBudget`` units.
    public var evaluationWork = 0
    /// The surface's theme, its valid values only (``A2UITheme/read(_:pointer:)``).
    public var theme = A2UITheme()
}
