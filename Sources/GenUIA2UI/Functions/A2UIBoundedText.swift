import GenUI

/// Writes values as display text or JSON while stopping at a byte bound, so turning a large array or object into
/// text costs no more than the text kept.
enum A2UIBoundedText {
    /// Appends the display text of `value` (see ``A2UIEvaluator/text(_:limit:)``) to `output`, stopping once
    /// `output` holds `limit` UTF-8 bytes. Recursion follows the value's nesting, which the data model bounds.
    static func append(_ value: GeneratedContent, to output: inout String, limit: Int) {
        guard output.utf8.count < limit else { return }
        switch value.kind {
        case .null: break
        case .string(let text): output += A2UISize.prefix(text, bytes: limit - output.utf8.count)
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += JSONWriter.format(number)
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                guard output.utf8.count < limit else { return }
                if index > 0 { output += ", " }
                append(element, to: &output, limit: limit)
            }
        case .structure: appendJSON(value, to: &output, limit: limit)
        }
        if output.utf8.count > limit { output = A2UISize.prefix(output, bytes: limit) }
    }

    /// Appends `value` as compact JSON to `output`, stopping once `output` holds `limit` UTF-8 bytes (the JSON is
    /// then cut short).
    static func appendJSON(_ value: GeneratedContent, to output: inout String, limit: Int) {
        guard output.utf8.count < limit else { return }
        switch value.kind {
        case .string(let text): output += JSONWriter.quote(A2UISize.prefix(text, bytes: limit - output.utf8.count))
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                guard output.utf8.count < limit else { return }
                if index > 0 { output += "," }
                appendJSON(element, to: &output, limit: limit)
            }
            output += "]"
        case .structure(let properties, let keys):
            output += "{"
            var first = true
            for key in keys {
                guard output.utf8.count < limit else { return }
                guard let element = properties[key] else { continue }
                if !first { output += "," }
                first = false
                output += JSONWriter.quote(A2UISize.prefix(key, bytes: limit - output.utf8.count)) + ":"
                appendJSON(element, to: &output, limit: limit)
            }
            output += "}"
        default: output += JSONWriter.write(value)
        }
    }
}
