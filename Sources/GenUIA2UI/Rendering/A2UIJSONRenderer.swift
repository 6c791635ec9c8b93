import GenUI

/// Writes resolved surfaces as JSON for scripts — `[{"surfaceId", "root"}]`, each node as ``A2UINode/json`` has
/// it — within ``A2UILimits/maximumOutputBytes``. The JSON is always valid: a node that does not fit is left out
/// with everything after it, and the cut is reported.
public struct A2UIJSONRenderer: Sendable {
    /// The output bound (``A2UILimits/maximumOutputBytes``).
    public var limits: A2UILimits

    /// Creates a renderer.
    public init(limits: A2UILimits = .default) {
        self.limits = limits
    }

    /// The bytes kept free for closing brackets.
    static let reserve = 1_024

    /// The surfaces as one JSON array, and where it was cut when it reached the bound.
    public func renderedOutput(_ resolutions: [A2UIResolution]) -> A2UIRenderedOutput {
        let budget = A2UIOutputBudget(maximumLines: nil, maximumBytes: limits.maximumOutputBytes, reserve: Self.reserve)
        var output = "["
        for resolution in resolutions {
            budget.surfaceID = resolution.surfaceID
            let head =
                (output == "[" ? "" : ",") + "{\"surfaceId\":"
                + JSONWriter.quote(A2UISize.prefix(resolution.surfaceID, bytes: budget.remainingBytes)) + ",\"root\":"
            guard budget.take(bytes: head.utf8.count, at: nil) else { break }
            output += head
            if let root = resolution.root, write(root, into: &output, budget) {
            } else {
                output += "null"
            }
            output += "}"
            if budget.isExhausted { break }
        }
        return A2UIRenderedOutput(text: output + "]", cut: budget.cut)
    }

    /// Appends `node` as JSON when its own fields fit the budget, then as many of its children as fit; returns
    /// `false` (appending nothing) when the node itself does not fit.
    private func write(_ node: A2UINode, into output: inout String, _ budget: A2UIOutputBudget) -> Bool {
        guard !budget.isExhausted else { return false }
        let room = budget.remainingBytes
        var piece =
            "{\"id\":" + JSONWriter.quote(A2UISize.prefix(node.id, bytes: room)) + ",\"component\":"
            + JSONWriter.quote(A2UISize.prefix(node.type, bytes: room))
        func field(_ name: String, _ value: GeneratedContent) {
            guard piece.utf8.count <= room else { return }
            piece += "," + JSONWriter.quote(name) + ":"
            A2UIBoundedText.appendJSON(value, to: &piece, limit: room + 1)
        }
        field(
            "properties",
            GeneratedContent(
                orderedProperties: node.properties.keys.sorted().compactMap { key in
                    node.properties[key].map { (key, $0) }
                }))
        if !node.bindings.isEmpty {
            field(
                "bindings",
                GeneratedContent(
                    orderedProperties: node.bindings.keys.sorted().compactMap { key in
                        node.bindings[key].map { (key, .init(kind: .string($0))) }
                    }))
        }
        if !node.failedChecks.isEmpty {
            field("failedChecks", .init(kind: .array(node.failedChecks.map { .init(kind: .string($0)) })))
        }
        if let action = node.action {
            field(
                "action",
                GeneratedContent(orderedProperties: [
                    ("name", .init(kind: .string(action.name))), ("context", action.context),
                ]))
        }
        guard piece.utf8.count <= room, budget.take(bytes: piece.utf8.count, at: node.id) else {
            budget.stop(at: node.id)
            return false
        }
        output += piece
        if !node.children.isEmpty {
            output += ",\"children\":["
            var first = true
            for child in node.children {
                guard budget.take(bytes: 1, at: child.id) else { break }
                if !first { output += "," }
                if write(child, into: &output, budget) {
                    first = false
                } else {
                    if !first { output.removeLast() }
                    break
                }
            }
            output += "]"
        }
        output += "}"
        return true
    }
}
