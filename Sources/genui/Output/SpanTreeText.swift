import GenUIDiagnostics
import InMemoryTracing
import Tracing

/// `genui generate --trace`: the request's spans as an indented tree, each with its duration, the attributes that
/// say what happened, and its events (a member skipped, a breaker opening). Printed through `Printer`, which makes
/// every value safe for a terminal.
enum SpanTreeText {
    /// The attributes shown after a span's name, in this order.
    static let shownAttributes = [
        "gen_ai.provider.name", "gen_ai.response.model", "gen_ai.usage.input_tokens", "gen_ai.usage.output_tokens",
        "gen_ai.response.finish_reasons", "genui.route.outcome", "genui.guided", "genui.repairs", "genui.tool_calls",
        "error.type",
    ]

    /// One line per span, children indented under their parent, siblings in the order they started.
    static func lines(_ spans: [FinishedInMemorySpan], diagnostics: Diagnostics) -> [String] {
        let ids = Set(spans.map(\.spanID))
        let children = Dictionary(
            grouping: spans, by: { span in span.parentSpanID.flatMap { ids.contains($0) ? $0 : nil } ?? "" })
        var lines: [String] = []
        func visit(_ span: FinishedInMemorySpan, depth: Int) {
            let indent = String(repeating: "  ", count: depth + 1)
            let seconds = Double(span.endInstant.nanosecondsSinceEpoch &- span.startInstant.nanosecondsSinceEpoch) / 1e9
            var line =
                indent + span.operationName + " · "
                + diagnostics.format.duration(seconds: max(0, seconds))
            let attributes = shownAttributes.compactMap { key in
                span.attributes.get(key).map { "\(key)=\(Self.text(of: $0))" }
            }
            if !attributes.isEmpty { line += " · " + attributes.joined(separator: " ") }
            lines.append(line)
            for event in span.events {
                var text = indent + "  • " + event.name
                var details: [String] = []
                event.attributes.forEach { key, value in details.append("\(key)=\(Self.text(of: value))") }
                if !details.isEmpty { text += " " + details.sorted().joined(separator: " ") }
                lines.append(text)
            }
            let ordered = (children[span.spanID] ?? []).sorted {
                $0.startInstant.nanosecondsSinceEpoch < $1.startInstant.nanosecondsSinceEpoch
            }
            for child in ordered { visit(child, depth: depth + 1) }
        }
        let roots = (children[""] ?? []).sorted {
            $0.startInstant.nanosecondsSinceEpoch < $1.startInstant.nanosecondsSinceEpoch
        }
        for root in roots { visit(root, depth: 0) }
        return lines
    }

    /// An attribute's value as written in the tree: `scripted`, `26`, `stop,length`.
    static func text(of attribute: SpanAttribute) -> String {
        switch attribute {
        case .string(let value): value
        case .int64(let value): "\(value)"
        case .int32(let value): "\(value)"
        case .double(let value): "\(value)"
        case .bool(let value): "\(value)"
        case .stringArray(let values): values.joined(separator: ",")
        default: String(describing: attribute)
        }
    }
}
