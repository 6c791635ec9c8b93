@_spi(Reading) import GenUI

/// The smallest value a JSON Schema (as a provider sends it) accepts, the way a constrained decoder would produce one:
/// objects with their required properties (all of them when none are listed), strings "Paris" cut or padded to their
/// length bounds, numbers at their minimum, arrays of their minimum count (at least one item), the first of an enum or
/// `anyOf`, `$ref`s into `$defs`. A fake built on it answers in the shape the request asked for, so a provider that
/// sends a wrong schema gets output that does not validate.
public enum SchemaInstance {
    /// The smallest value `schema` accepts; `root` holds the `$defs` its `$ref`s name (`schema` itself when `nil`).
    public static func minimal(_ schema: GeneratedContent, root: GeneratedContent? = nil, depth: Int = 0)
        -> GeneratedContent
    {
        let root = root ?? schema
        guard depth < 24 else { return GeneratedContent(kind: .null) }
        func next(_ node: GeneratedContent) -> GeneratedContent { minimal(node, root: root, depth: depth + 1) }
        if let reference = schema["$ref"]?.stringValue,
            let name = reference.split(separator: "/").last.map(String.init),
            let target = root["$defs"]?[name] ?? root["definitions"]?[name]
        {
            return next(target)
        }
        if let first = schema["enum"]?.elements?.first { return first }
        if let constant = schema["const"] { return constant }
        if let first = (schema["anyOf"] ?? schema["oneOf"])?.elements?.first { return next(first) }
        let type =
            schema["type"]?.stringValue
            ?? schema["type"]?.elements?.compactMap(\.stringValue).first { $0 != "null" }
            ?? (schema["properties"] != nil ? "object" : "string")
        func bound(_ key: String) -> Double? {
            guard case .number(let value)? = schema[key]?.kind else { return nil }
            return value
        }
        switch type {
        case "object":
            let properties = schema["properties"]?.orderedProperties ?? []
            let required = schema["required"]?.elements?.compactMap(\.stringValue) ?? properties.map(\.key)
            return GeneratedContent(
                orderedProperties: properties.filter { required.contains($0.key) }.map { ($0.key, next($0.value)) })
        case "integer", "number":
            var value = bound("minimum") ?? bound("exclusiveMinimum").map { $0 + 1 } ?? 1
            if let maximum = bound("maximum") { value = min(value, maximum) }
            return GeneratedContent(kind: .number(type == "integer" ? value.rounded(.up) : value))
        case "boolean":
            return GeneratedContent(kind: .bool(true))
        case "array":
            var count = max(Int(bound("minItems") ?? 1), 1)
            if let maximum = bound("maxItems") { count = min(count, Int(maximum)) }
            let item = schema["items"].map(next) ?? GeneratedContent(kind: .string("Paris"))
            return GeneratedContent(kind: .array(Array(repeating: item, count: max(count, 0))))
        case "null":
            return GeneratedContent(kind: .null)
        default:
            var text = "Paris"
            if let maximum = bound("maxLength") { text = String(text.prefix(Int(maximum))) }
            if let minimum = bound("minLength"), text.count < Int(minimum) {
                text += String(repeating: "s", count: Int(minimum) - text.count)
            }
            return GeneratedContent(kind: .string(text))
        }
    }
}
