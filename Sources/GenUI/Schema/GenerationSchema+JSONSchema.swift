/// Export to JSON Schema, the form providers accept for guided generation.
extension GenerationSchema {
    /// The schema as a JSON Schema document (draft 2020-12 keywords, key order kept).
    ///
    /// - Parameter strict: OpenAI's strict mode: every object lists all its properties in `required` and sets
    ///   `additionalProperties: false`; optional properties become nullable instead of being left out of
    ///   `required`. Without `strict`, optional properties are simply not required.
    public func jsonSchema(strict: Bool = false) -> GeneratedContent {
        document(strict: strict, titled: false)
    }

    /// The JSON Schema document; `titled` adds what reading it back needs (see ``GenerationSchema/encode(to:)``):
    /// each object's and choice's name as `title`, and each object's property order as `x-order`.
    func document(strict: Bool, titled: Bool) -> GeneratedContent {
        var document = export(root, strict: strict, titled: titled)
        if !definitions.isEmpty, case .structure(var properties, var keys) = document.kind {
            let defs = definitions.map { ($0.name, export($0.node, strict: strict, titled: titled)) }
            properties["$defs"] = GeneratedContent(orderedProperties: defs)
            keys.append("$defs")
            document = GeneratedContent(kind: .structure(properties: properties, orderedKeys: keys))
        }
        return document
    }

    /// ``jsonSchema(strict:)`` as compact JSON text.
    public func jsonSchemaString(strict: Bool = false) -> String { jsonSchema(strict: strict).jsonString }

    private func export(_ node: Node, strict: Bool, titled: Bool, description: String? = nil) -> GeneratedContent {
        var fields: [(String, GeneratedContent)] = []
        func add(_ key: String, _ value: some ConvertibleToGeneratedContent) {
            fields.append((key, value.generatedContent))
        }
        switch node {
        case .any:
            break
        case .reference(let name):
            add("$ref", "#/$defs/\(name)")
        case .string(let c):
            add("type", "string")
            if let choices = c.choices {
                if choices.count == 1 { add("const", choices[0]) } else { add("enum", choices) }
            }
            if let pattern = c.pattern { add("pattern", anchored(pattern)) }
            if let min = c.minimumLength { add("minLength", min) }
            if let max = c.maximumLength { add("maxLength", max) }
        case .integer(let c), .number(let c):
            if case .integer = node { add("type", "integer") } else { add("type", "number") }
            if let min = c.minimum { add("minimum", min) }
            if let max = c.maximum { add("maximum", max) }
        case .boolean:
            add("type", "boolean")
        case .null:
            add("type", "null")
        case .array(let a):
            add("type", "array")
            fields.append(("items", export(a.items, strict: strict, titled: titled)))
            if let min = a.minimumCount { add("minItems", min) }
            if let max = a.maximumCount { add("maxItems", max) }
        case .object(let object):
            add("type", "object")
            if titled { add("title", object.name) }
            if let description = description ?? object.description { add("description", description) }
            let properties = object.properties.map { property in
                var schema = export(property.node, strict: strict, titled: titled, description: property.description)
                if strict && property.isOptional { schema = nullable(schema) }
                return (property.name, schema)
            }
            fields.append(("properties", GeneratedContent(orderedProperties: properties)))
            let required = object.properties.filter { strict || !$0.isOptional }.map(\.name)
            add("required", required)
            add("additionalProperties", false)
            if titled { add("x-order", object.properties.map(\.name)) }
            return GeneratedContent(orderedProperties: fields)
        case .anyOf(let choice):
            if titled { add("title", choice.name) }
            if let description = description ?? choice.description { add("description", description) }
            fields.append(
                (
                    "anyOf",
                    GeneratedContent(kind: .array(choice.choices.map { export($0, strict: strict, titled: titled) }))
                ))
            return GeneratedContent(orderedProperties: fields)
        }
        if let description { add("description", description) }
        return GeneratedContent(orderedProperties: fields)
    }

    private func anchored(_ pattern: String) -> String {
        var result = pattern
        if !result.hasPrefix("^") { result = "^" + result }
        if !result.hasSuffix("$") { result += "$" }
        return result
    }

    /// Makes a property schema accept `null` as well.
    private func nullable(_ schema: GeneratedContent) -> GeneratedContent {
        guard case .structure(var properties, let keys) = schema.kind else { return schema }
        if case .string(let type)? = properties["type"]?.kind, properties["enum"] == nil, properties["const"] == nil {
            properties["type"] = GeneratedContent(
                kind: .array([.init(kind: .string(type)), .init(kind: .string("null"))]))
            return GeneratedContent(kind: .structure(properties: properties, orderedKeys: keys))
        }
        return GeneratedContent(orderedProperties: [
            (
                "anyOf",
                GeneratedContent(
                    kind: .array([schema, GeneratedContent(orderedProperties: [("type", "null".generatedContent)])]))
            )
        ])
    }
}
