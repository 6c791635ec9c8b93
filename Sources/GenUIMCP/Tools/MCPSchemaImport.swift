import Foundation
import GenUI
import MCP

/// Turns an MCP tool's `inputSchema` (JSON Schema) into a ``GenerationSchema``: the subset Foundation Models
/// guided generation supports, so that every provider (the on-device grammar included) constrains the arguments.
///
/// Kept: objects with their properties, descriptions and `required`; strings with `enum`, `const`, `pattern`,
/// `minLength`, `maxLength`; integers and numbers with `minimum`, `maximum`; booleans; arrays with `items`,
/// `minItems`, `maxItems`; `anyOf` (and `oneOf`, as a choice); nullable types (as optional properties); local
/// `$ref`s. Everything else that constrains a value is dropped and named in ``dropped``, once per keyword and place
/// (`format at /properties/when`), so a caller can report it; annotations that constrain nothing (`title`,
/// `default`, `examples`, `$schema`) are ignored. Deeper than ``maximumDepth`` a value is left free.
struct MCPSchemaImport {
    /// How deep the conversion follows nested schemas before leaving a value free.
    static let maximumDepth = 24
    /// How many schema nodes one tool's conversion visits at most (references can multiply a small document).
    static let maximumNodes = 2_000
    /// The largest `maxItems` kept; a larger one is lowered to it (arguments that follow the lower bound still
    /// follow the server's), because a grammar writes each repetition out.
    static let maximumCount = 256
    /// The largest `maxLength` kept, lowered as ``maximumCount`` is.
    static let maximumLength = 4_096

    /// What was dropped, as `keyword at path`, in the order found.
    private(set) var dropped: [String] = []
    private var droppedPlaces: Set<String> = []
    private var visited = 0
    private let toolName: String
    private let definitions: [String: Value]

    /// Converts `schema`, the input schema of the tool `toolName`.
    static func convert(_ schema: Value, toolName: String) -> (schema: GenerationSchema, dropped: [String]) {
        var importer = MCPSchemaImport(toolName: toolName, root: schema)
        let root = importer.convert(schema, name: toolName, path: "", depth: 0)
        if let converted = try? GenerationSchema(root: root, dependencies: []) {
            return (converted, importer.dropped)
        }
        importer.dropped.append("the whole schema (it could not be built)")
        return (GeneratedContent.generationSchema, importer.dropped)
    }

    private init(toolName: String, root: Value) {
        self.toolName = toolName
        var definitions: [String: Value] = [:]
        for key in ["$defs", "definitions"] {
            for (name, value) in root.objectValue?[key]?.objectValue ?? [:] { definitions["#/\(key)/\(name)"] = value }
        }
        self.definitions = definitions
    }

    private static let constraining: Set<String> = [
        "format", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "uniqueItems", "prefixItems", "contains",
        "minContains", "maxContains", "minProperties", "maxProperties", "patternProperties", "propertyNames",
        "dependentRequired", "dependentSchemas", "if", "then", "else", "not", "allOf", "contentEncoding",
        "contentMediaType", "unevaluatedProperties", "unevaluatedItems",
    ]

    private mutating func drop(_ keyword: String, at path: String) {
        let place = "\(keyword) at \(path.isEmpty ? "/" : path)"
        if droppedPlaces.insert(place).inserted { dropped.append(place) }
    }

    private static var free: DynamicGenerationSchema { DynamicGenerationSchema(type: GeneratedContent.self) }

    private mutating func convert(_ value: Value, name: String, path: String, depth: Int) -> DynamicGenerationSchema {
        guard depth < Self.maximumDepth else {
            drop("nesting deeper than \(Self.maximumDepth) levels", at: path)
            return Self.free
        }
        visited += 1
        guard visited <= Self.maximumNodes else {
            drop("more than \(Self.maximumNodes) schema nodes", at: path)
            return Self.free
        }
        guard let schema = value.objectValue else {
            // `true` (anything) or `false` (nothing): neither constrains in a way a grammar can use.
            return Self.free
        }
        if let reference = schema["$ref"]?.stringValue {
            guard let target = definitions[reference] else {
                drop("$ref \(reference)", at: path)
                return Self.free
            }
            return convert(target, name: name, path: path, depth: depth + 1)
        }
        for keyword in schema.keys.sorted() where Self.constraining.contains(keyword) { drop(keyword, at: path) }
        let description = schema["description"]?.stringValue
        for keyword in ["anyOf", "oneOf"] {
            guard let all = schema[keyword]?.arrayValue, !all.isEmpty else { continue }
            // `null` among the choices makes the value optional, which the property says (see `isNullable`).
            let choices = all.enumerated().filter { !Self.isNullSchema($0.element) }
            let shaped = choices.contains { choice in
                let object = choice.element.objectValue ?? [:]
                return object["type"] != nil || object["properties"] != nil || object["$ref"] != nil
                    || object["enum"] != nil || object["const"] != nil || object["anyOf"] != nil
            }
            // Choices that only add conditions (`required` of one or another) to a schema that has its own shape:
            // keep the shape, and say the conditions were dropped.
            guard shaped || (schema["type"] == nil && schema["properties"] == nil) else {
                drop(keyword, at: path)
                break
            }
            guard !choices.isEmpty else { return Self.free }
            let converted = choices.map { index, choice in
                convert(choice, name: "\(name).\(index)", path: "\(path)/\(keyword)/\(index)", depth: depth + 1)
            }
            return converted.count == 1
                ? converted[0] : DynamicGenerationSchema(name: name, description: description, anyOf: converted)
        }
        var types =
            schema["type"].map { $0.arrayValue?.compactMap(\.stringValue) ?? [$0.stringValue].compactMap { $0 } }
            ?? []
        types.removeAll { $0 == "null" }
        if types.count > 1 {
            drop("type \(types.joined(separator: "|"))", at: path)
            return Self.free
        }
        let type = types.first ?? (schema["properties"] != nil ? "object" : schema["items"] != nil ? "array" : nil)
        switch type {
        case "object": return object(schema, name: name, description: description, path: path, depth: depth)
        case "array":
            let items =
                schema["items"].map {
                    convert($0, name: "\(name).items", path: "\(path)/items", depth: depth + 1)
                } ?? Self.free
            return DynamicGenerationSchema(
                arrayOf: items, minimumElements: bound(schema, "minItems", cap: Self.maximumCount, path: path),
                maximumElements: bound(schema, "maxItems", cap: Self.maximumCount, path: path))
        case "string": return string(schema, name: name, description: description, path: path)
        case "integer":
            var guides: [GenerationGuide<Int>] = []
            if let minimum = Self.integer(schema["minimum"], rounding: .up) { guides.append(.minimum(minimum)) }
            if let maximum = Self.integer(schema["maximum"], rounding: .down) { guides.append(.maximum(maximum)) }
            dropEnum(schema, path: path)
            return DynamicGenerationSchema(type: Int.self, guides: guides)
        case "number":
            var guides: [GenerationGuide<Double>] = []
            if let minimum = Self.number(schema["minimum"]) { guides.append(.minimum(minimum)) }
            if let maximum = Self.number(schema["maximum"]) { guides.append(.maximum(maximum)) }
            dropEnum(schema, path: path)
            return DynamicGenerationSchema(type: Double.self, guides: guides)
        case "boolean":
            return DynamicGenerationSchema(type: Bool.self)
        default:
            if let choices = schema["enum"]?.arrayValue ?? schema["const"].map({ [$0] }) {
                let strings = choices.compactMap(\.stringValue)
                if strings.count == choices.count && !strings.isEmpty {
                    return DynamicGenerationSchema(name: name, description: description, anyOf: strings)
                }
                drop(schema["enum"] != nil ? "enum" : "const", at: path)
            }
            return Self.free
        }
    }

    private mutating func object(
        _ schema: [String: Value], name: String, description: String?, path: String, depth: Int
    ) -> DynamicGenerationSchema {
        let properties = schema["properties"]?.objectValue ?? [:]
        if properties.isEmpty {
            if let extra = schema["additionalProperties"], extra != .bool(false) {
                drop("additionalProperties", at: path)
                return Self.free
            }
        } else if let extra = schema["additionalProperties"], extra != .bool(false) {
            drop("additionalProperties", at: path)
        }
        let required = schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
        // The order a grammar writes them in: required ones as listed, then the rest by name (JSON objects have no
        // order the SDK keeps).
        let order =
            required.filter { properties[$0] != nil } + properties.keys.filter { !required.contains($0) }.sorted()
        let converted = order.compactMap { key -> DynamicGenerationSchema.Property? in
            guard let value = properties[key] else { return nil }
            let child = convert(value, name: "\(name).\(key)", path: "\(path)/properties/\(key)", depth: depth + 1)
            return DynamicGenerationSchema.Property(
                name: key, description: value.objectValue?["description"]?.stringValue, schema: child,
                isOptional: !required.contains(key) || Self.isNullable(value))
        }
        return DynamicGenerationSchema(name: name, description: description, properties: converted)
    }

    private mutating func string(_ schema: [String: Value], name: String, description: String?, path: String)
        -> DynamicGenerationSchema
    {
        if let choices = schema["enum"]?.arrayValue ?? schema["const"].map({ [$0] }) {
            let strings = choices.compactMap(\.stringValue)
            if !strings.isEmpty { return DynamicGenerationSchema(name: name, description: description, anyOf: strings) }
        }
        var guides: [GenerationGuide<String>] = []
        if let pattern = schema["pattern"]?.stringValue {
            if (try? Regex(pattern)) != nil {
                guides.append(.pattern(pattern))
            } else {
                drop("pattern", at: path)
            }
        }
        if let minimum = bound(schema, "minLength", cap: Self.maximumLength, path: path) {
            guides.append(.minimumLength(minimum))
        }
        if let maximum = bound(schema, "maxLength", cap: Self.maximumLength, path: path) {
            guides.append(.maximumLength(maximum))
        }
        return DynamicGenerationSchema(type: String.self, guides: guides)
    }

    /// A count or length bound: a negative one is dropped; a maximum above `cap` is lowered to it, a minimum above
    /// it dropped (both named in ``dropped``).
    private mutating func bound(_ schema: [String: Value], _ keyword: String, cap: Int, path: String) -> Int? {
        guard let value = schema[keyword]?.intValue else { return nil }
        if value < 0 || (value > cap && keyword.hasPrefix("min")) {
            drop(keyword, at: path)
            return nil
        }
        if value > cap {
            drop("\(keyword) above \(cap) (lowered to \(cap))", at: path)
            return cap
        }
        return value
    }

    private mutating func dropEnum(_ schema: [String: Value], path: String) {
        if schema["enum"] != nil { drop("enum", at: path) }
        if schema["const"] != nil { drop("const", at: path) }
    }

    /// A bound as an `Int`: whole numbers as they are, fractions rounded inward, values past `Int`'s range clamped.
    private static func integer(_ value: Value?, rounding: FloatingPointRoundingRule) -> Int? {
        switch value {
        case .int(let number): return number
        case .double(let number) where number.isFinite:
            let rounded = number.rounded(rounding)
            if rounded >= 9.2e18 { return Int.max }
            if rounded <= -9.2e18 { return Int.min }
            return Int(rounded)
        default: return nil
        }
    }

    /// Whether a schema allows `null`: `"type": [..., "null"]`, or a `null` choice in `anyOf`/`oneOf`.
    private static func isNullable(_ value: Value) -> Bool {
        guard let schema = value.objectValue else { return false }
        if schema["type"]?.arrayValue?.contains(.string("null")) == true { return true }
        return ["anyOf", "oneOf"].contains { schema[$0]?.arrayValue?.contains(where: isNullSchema) == true }
    }

    private static func isNullSchema(_ value: Value) -> Bool {
        value.objectValue?["type"] == .string("null")
    }

    private static func number(_ value: Value?) -> Double? {
        switch value {
        case .int(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }
}
