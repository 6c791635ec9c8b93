/// A schema is written as the JSON Schema document it exports (``GenerationSchema/jsonSchema(strict:)``), with two
/// extension keys that reading it back needs: each object's and choice's name as `title`, and each object's property
/// order as `x-order`. It is read back from such a document, and from any JSON Schema made of the same keywords.
extension GenerationSchema: Codable {
    /// Writes the schema as a JSON Schema document.
    public func encode(to encoder: any Encoder) throws {
        try JSONValueCoding(document(strict: false, titled: true)).encode(to: encoder)
    }

    /// Reads a schema from a JSON Schema document; a document genui cannot read throws
    /// `DecodingError.dataCorrupted` naming the keyword and where it is.
    public init(from decoder: any Decoder) throws {
        let document = try JSONValueCoding(from: decoder).content
        do {
            self = try JSONSchemaReader.schema(from: document)
        } catch let problem as JSONSchemaReader.Problem {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "not a schema genui can read: \(problem.message) at \(problem.path.isEmpty ? "/" : problem.path)"
                ))
        }
    }
}

extension GenerationSchema: CustomDebugStringConvertible {
    /// The schema as its JSON Schema document.
    public var debugDescription: String { document(strict: false, titled: true).jsonString }
}

/// Reads the JSON Schema keywords genui writes back into a ``GenerationSchema``.
enum JSONSchemaReader {
    /// A document that is not a schema genui can read: what is wrong, and the JSON pointer where.
    struct Problem: Error {
        let message: String
        let path: String
    }

    /// The schema a document describes; its name is the root's `title` (`"Schema"` without one).
    static func schema(from document: GeneratedContent) throws -> GenerationSchema {
        var definitions: [GenerationSchema.Definition] = []
        if let defs = document.orderedProperties?.first(where: { $0.key == "$defs" })?.value {
            guard let entries = defs.orderedProperties else {
                throw Problem(message: "$defs is not an object", path: "/$defs")
            }
            for (name, node) in entries {
                definitions.append(.init(name: name, node: try read(node, name: name, path: "/$defs/\(name)")))
            }
        }
        let name = string(document, "title") ?? "Schema"
        return GenerationSchema(node: try read(document, name: name, path: ""), name: name, definitions: definitions)
    }

    /// The node `document` describes; `name` names an object or choice without a `title`.
    private static func read(_ document: GeneratedContent, name: String, path: String) throws -> GenerationSchema.Node {
        guard document.orderedProperties != nil else {
            throw Problem(message: "a schema must be an object", path: path)
        }
        if let reference = string(document, "$ref") {
            let prefix = "#/$defs/"
            guard reference.hasPrefix(prefix) else {
                throw Problem(message: "$ref must point into #/$defs/, not \(reference)", path: path + "/$ref")
            }
            return .reference(String(reference.dropFirst(prefix.count)))
        }
        let title = string(document, "title") ?? name
        let description = string(document, "description")
        if let choices = value(document, "anyOf") {
            guard let elements = choices.elements else {
                throw Problem(message: "anyOf is not an array", path: path + "/anyOf")
            }
            let nodes = try elements.enumerated().map { index, element in
                try read(element, name: "\(title)\(index)", path: "\(path)/anyOf/\(index)")
            }
            return .anyOf(.init(name: title, description: description, choices: nodes))
        }
        switch try type(of: document, path: path) {
        case nil:
            return .any
        case "string":
            var constraints = GenerationSchema.StringConstraints()
            if let constant = string(document, "const") { constraints.choices = [constant] }
            if let choices = value(document, "enum")?.elements {
                constraints.choices = try choices.enumerated().map { index, choice in
                    guard case .string(let text) = choice.kind else {
                        throw Problem(message: "enum values must be strings", path: "\(path)/enum/\(index)")
                    }
                    return text
                }
            }
            constraints.pattern = string(document, "pattern").map(unanchored)
            constraints.minimumLength = try integer(document, "minLength", path: path)
            constraints.maximumLength = try integer(document, "maxLength", path: path)
            return .string(constraints)
        case "integer":
            return .integer(.init(minimum: number(document, "minimum"), maximum: number(document, "maximum")))
        case "number":
            return .number(.init(minimum: number(document, "minimum"), maximum: number(document, "maximum")))
        case "boolean":
            return .boolean
        case "null":
            return .null
        case "array":
            let items =
                try value(document, "items").map { try read($0, name: title + "Item", path: path + "/items") } ?? .any
            return .array(
                .init(
                    items: items, minimumCount: try integer(document, "minItems", path: path),
                    maximumCount: try integer(document, "maxItems", path: path)))
        case "object":
            return .object(try object(document, name: title, description: description, path: path))
        case let other?:
            throw Problem(message: "unknown type \(other)", path: path + "/type")
        }
    }

    private static func object(_ document: GeneratedContent, name: String, description: String?, path: String) throws
        -> GenerationSchema.ObjectNode
    {
        let declared = value(document, "properties")?.orderedProperties ?? []
        let required = Set(
            value(document, "required")?.elements?.compactMap { element -> String? in
                if case .string(let name) = element.kind { return name }
                return nil
            } ?? [])
        // Decoders may reorder an object's keys; `x-order` says the order the properties are generated in.
        var order =
            value(document, "x-order")?.elements?.compactMap { element -> String? in
                if case .string(let name) = element.kind { return name }
                return nil
            } ?? []
        order += declared.map(\.key).filter { !order.contains($0) }
        let byName = Dictionary(declared.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let properties = try order.compactMap { key -> GenerationSchema.PropertyNode? in
            guard let schema = byName[key] else { return nil }
            let propertyPath = "\(path)/properties/\(key)"
            let typeName = key.prefix(1).uppercased() + key.dropFirst()
            // Strict mode writes an optional property as nullable: `["T", "null"]` (read as T by `type(of:)`), or
            // `anyOf: [T, {type: null}]`.
            if let nullable = nullableElement(of: schema) {
                let node = try read(nullable, name: typeName, path: propertyPath + "/anyOf/0")
                return .init(name: key, description: string(schema, "description"), node: node, isOptional: true)
            }
            let node = try read(schema, name: typeName, path: propertyPath)
            let optional = !required.contains(key) || isNullableList(schema)
            return .init(name: key, description: string(schema, "description"), node: node, isOptional: optional)
        }
        return .init(name: name, description: description, properties: properties)
    }

    /// The non-null alternative of `anyOf: [T, {type: null}]`.
    private static func nullableElement(of schema: GeneratedContent) -> GeneratedContent? {
        guard let choices = value(schema, "anyOf")?.elements, choices.count == 2 else { return nil }
        let isNull: (GeneratedContent) -> Bool = { string($0, "type") == "null" }
        if isNull(choices[1]) { return choices[0] }
        if isNull(choices[0]) { return choices[1] }
        return nil
    }

    /// Whether the `type` keyword is a list that allows null.
    private static func isNullableList(_ schema: GeneratedContent) -> Bool {
        guard case .array(let names)? = value(schema, "type")?.kind else { return false }
        return names.contains { if case .string("null") = $0.kind { true } else { false } }
    }

    /// The `type` keyword: a name, or the one non-null name of a `[T, "null"]` list.
    private static func type(of document: GeneratedContent, path: String) throws -> String? {
        guard let type = value(document, "type") else { return nil }
        switch type.kind {
        case .string(let name):
            return name
        case .array(let names) where names.count == 1:
            guard case .string(let name) = names[0].kind else {
                throw Problem(message: "type must be a string", path: path + "/type")
            }
            return name
        case .array(let names):
            let kept = names.compactMap { name -> String? in
                if case .string(let text) = name.kind, text != "null" { return text }
                return nil
            }
            guard kept.count == 1 else {
                throw Problem(message: "a type list must name one type besides null", path: path + "/type")
            }
            return kept[0]
        default:
            throw Problem(message: "type must be a string", path: path + "/type")
        }
    }

    private static func value(_ document: GeneratedContent, _ key: String) -> GeneratedContent? {
        document.orderedProperties?.first(where: { $0.key == key })?.value
    }

    private static func string(_ document: GeneratedContent, _ key: String) -> String? {
        guard case .string(let text)? = value(document, key)?.kind else { return nil }
        return text
    }

    private static func number(_ document: GeneratedContent, _ key: String) -> Double? {
        guard case .number(let number)? = value(document, key)?.kind else { return nil }
        return number
    }

    private static func integer(_ document: GeneratedContent, _ key: String, path: String) throws -> Int? {
        guard let number = number(document, key) else { return nil }
        guard let whole = Int(exactly: number), whole >= 0 else {
            throw Problem(message: "\(key) must be a whole number of at least 0", path: "\(path)/\(key)")
        }
        return whole
    }

    /// A pattern without the `^…$` anchors the export adds.
    private static func unanchored(_ pattern: String) -> String {
        var result = Substring(pattern)
        if result.hasPrefix("^") { result = result.dropFirst() }
        if result.hasSuffix("$"), !result.hasSuffix("\\$") { result = result.dropLast() }
        return String(result)
    }
}
