/// A schema assembled at run time: the Foundation Models `DynamicGenerationSchema`.
///
/// Build a tree of dynamic schemas, then turn it into a ``GenerationSchema`` with
/// ``GenerationSchema/init(root:dependencies:)``, which resolves references by name.
public struct DynamicGenerationSchema: Sendable {
    indirect enum Shape: Sendable {
        case object(name: String, description: String?, properties: [Property])
        case stringChoice(name: String, description: String?, choices: [String])
        case anyOf(name: String, description: String?, choices: [DynamicGenerationSchema])
        case array(of: DynamicGenerationSchema, minimum: Int?, maximum: Int?)
        case reference(String)
        case node(GenerationSchema)
    }

    let shape: Shape

    /// A property of a dynamic object schema.
    public struct Property: Sendable {
        let name: String
        let description: String?
        let schema: DynamicGenerationSchema
        let isOptional: Bool

        /// Creates a property.
        public init(name: String, description: String? = nil, schema: DynamicGenerationSchema, isOptional: Bool = false) {
            self.name = name
            self.description = description
            self.schema = schema
            self.isOptional = isOptional
        }
    }

    /// An object with the given properties, in order.
    public init(name: String, description: String? = nil, properties: [Property]) {
        shape = .object(name: name, description: description, properties: properties)
    }

    /// A choice between schemas.
    public init(name: String, description: String? = nil, anyOf choices: [DynamicGenerationSchema]) {
        shape = .anyOf(name: name, description: description, choices: choices)
    }

    /// A string that is one of `choices`.
    public init(name: String, description: String? = nil, anyOf choices: [String]) {
        shape = .stringChoice(name: name, description: description, choices: choices)
    }

    /// An array whose elements follow `itemSchema`, with optional count bounds.
    public init(arrayOf itemSchema: DynamicGenerationSchema, minimumElements: Int? = nil, maximumElements: Int? = nil) {
        shape = .array(of: itemSchema, minimum: minimumElements, maximum: maximumElements)
    }

    /// A reference to another dynamic schema by its name (passed in `dependencies`).
    public init(referenceTo name: String) {
        shape = .reference(name)
    }

    /// The schema of a generable type, bounded by `guides`.
    public init<Value: Generable>(type: Value.Type, guides: [GenerationGuide<Value>] = []) {
        let schema = Value.generationSchema
        shape = .node(
            GenerationSchema(
                node: schema.root.applying(guides.flatMap(\.constraints)), name: schema.name,
                definitions: schema.definitions))
    }

    /// The schema's name, when it has one.
    var name: String? {
        switch shape {
        case .object(let name, _, _), .stringChoice(let name, _, _), .anyOf(let name, _, _): name
        case .array, .reference, .node: nil
        }
    }
}

extension GenerationSchema {
    /// Builds a schema from a dynamic root and the named dynamic schemas it references.
    ///
    /// Throws ``GenUIError/invalidRequest(_:)`` when a reference names no dependency, when two dependencies
    /// share a name, or when a dependency has no name.
    public init(root: DynamicGenerationSchema, dependencies: [DynamicGenerationSchema]) throws {
        var definitions: [Definition] = []
        var names = Set<String>()
        for dependency in dependencies {
            guard let name = dependency.name else {
                throw GenUIError.invalid("a dependency of a DynamicGenerationSchema must have a name")
            }
            guard names.insert(name).inserted else {
                throw GenUIError.invalid("two dependencies are named '\(name)'; names must be unique")
            }
        }
        var collected: [[Definition]] = []
        for dependency in dependencies {
            let (node, extra) = try Self.convert(dependency, known: names)
            definitions.append(Definition(name: dependency.name ?? "", node: node))
            collected.append(extra)
        }
        let (rootNode, extra) = try Self.convert(root, known: names)
        self.init(
            node: rootNode, name: root.name ?? "Root",
            definitions: Self.merge([definitions] + collected + [extra]))
    }

    private static func convert(_ schema: DynamicGenerationSchema, known: Set<String>) throws -> (Node, [Definition]) {
        switch schema.shape {
        case .object(let name, let description, let properties):
            var nodes: [PropertyNode] = []
            var definitions: [[Definition]] = []
            var seen = Set<String>()
            for property in properties {
                guard seen.insert(property.name).inserted else {
                    throw GenUIError.invalid("object '\(name)' has two properties named '\(property.name)'")
                }
                let (node, extra) = try convert(property.schema, known: known)
                nodes.append(
                    PropertyNode(
                        name: property.name, description: property.description, node: node,
                        isOptional: property.isOptional))
                definitions.append(extra)
            }
            return (.object(ObjectNode(name: name, description: description, properties: nodes)), merge(definitions))
        case .stringChoice(_, _, let choices):
            return (.string(StringConstraints(choices: choices)), [])
        case .anyOf(let name, let description, let choices):
            let converted = try choices.map { try convert($0, known: known) }
            return (
                .anyOf(AnyOfNode(name: name, description: description, choices: converted.map(\.0))),
                merge(converted.map(\.1))
            )
        case .array(let item, let minimum, let maximum):
            let (node, extra) = try convert(item, known: known)
            return (.array(ArrayNode(items: node, minimumCount: minimum, maximumCount: maximum)), extra)
        case .reference(let name):
            guard known.contains(name) else {
                throw GenUIError.invalid(
                    "reference to '\(name)', which is not among the dependencies (\(known.sorted().joined(separator: ", ")))")
            }
            return (.reference(name), [])
        case .node(let schema):
            return (schema.root, schema.definitions)
        }
    }
}
