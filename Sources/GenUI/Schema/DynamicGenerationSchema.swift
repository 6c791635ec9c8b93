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
    /// Whether an object schema used as a root hands back its absent optional properties as explicit nulls
    /// (``GenerationSchema/representNilExplicitlyInGeneratedContent``).
    var representsNilExplicitly = false

    /// A property of a dynamic object schema.
    public struct Property: Sendable {
        let name: String
        let description: String?
        let schema: DynamicGenerationSchema
        let isOptional: Bool

        /// Creates a property.
        public init(name: String, description: String? = nil, schema: DynamicGenerationSchema, isOptional: Bool = false)
        {
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

    /// An object with the given properties, in order, that hands back absent optional properties as explicit nulls
    /// when `representNilExplicitlyInGeneratedContent` is `true` and it is the root of a schema (Foundation Models
    /// 26.4).
    public init(
        name: String, description: String? = nil, representNilExplicitlyInGeneratedContent: Bool,
        properties: [Property]
    ) {
        self.init(name: name, description: description, properties: properties)
        representsNilExplicitly = representNilExplicitlyInGeneratedContent
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

    /// A schema whose only value is `null`: a value that cannot be absent but may be empty, as a choice of
    /// `init(name:description:anyOf:)` (Foundation Models 26.4).
    public static var null: DynamicGenerationSchema {
        DynamicGenerationSchema(shape: .node(GenerationSchema(node: .null, name: "null")))
    }

    init(shape: Shape) { self.shape = shape }

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
    /// Throws ``SchemaError``: ``SchemaError/duplicateType(schema:type:context:)`` when two dependencies share a
    /// name, ``SchemaError/duplicateProperty(schema:property:context:)`` when an object has two properties of one
    /// name, ``SchemaError/emptyTypeChoices(schema:context:)`` for a choice without alternatives, and
    /// ``SchemaError/undefinedReferences(schema:references:context:)`` when references name no dependency (all of
    /// them, with the named schema that holds the first) or a dependency has no name.
    public init(root: DynamicGenerationSchema, dependencies: [DynamicGenerationSchema]) throws {
        var names = Set<String>()
        for (index, dependency) in dependencies.enumerated() {
            guard let name = dependency.name else {
                throw SchemaError.undefinedReferences(
                    schema: nil, references: [],
                    context: .init(
                        debugDescription: "dependency \(index + 1) of \(dependencies.count) has no name, "
                            + "so no reference can name it; only object, choice and string-choice schemas have names"))
            }
            guard names.insert(name).inserted else {
                throw SchemaError.duplicateType(
                    schema: nil, type: name,
                    context: .init(debugDescription: "two dependencies are named '\(name)'; names must be unique"))
            }
        }
        var conversion = Conversion(known: names)
        var definitions: [Definition] = []
        var collected: [[Definition]] = []
        for dependency in dependencies {
            let (node, extra) = try conversion.convert(dependency, within: dependency.name)
            definitions.append(Definition(name: dependency.name ?? "", node: node))
            collected.append(extra)
        }
        let (rootNode, extra) = try conversion.convert(root, within: root.name)
        try conversion.checkReferences()
        self.init(
            node: rootNode, name: root.name ?? "Root",
            definitions: Self.merge([definitions] + collected + [extra]))
        representNilExplicitlyInGeneratedContent = root.representsNilExplicitly
    }

    /// The walk from dynamic schemas to nodes, collecting references no dependency defines.
    private struct Conversion {
        let known: Set<String>
        /// The undefined names, in the order first met, and the named schema that holds the first.
        var undefined: [String] = []
        var undefinedIn: String?

        mutating func convert(_ schema: DynamicGenerationSchema, within owner: String?) throws -> (Node, [Definition]) {
            switch schema.shape {
            case .object(let name, let description, let properties):
                var nodes: [PropertyNode] = []
                var definitions: [[Definition]] = []
                var seen = Set<String>()
                for property in properties {
                    guard seen.insert(property.name).inserted else {
                        throw SchemaError.duplicateProperty(
                            schema: name, property: property.name,
                            context: .init(
                                debugDescription: "object '\(name)' has two properties named '\(property.name)'"))
                    }
                    let (node, extra) = try convert(property.schema, within: name)
                    nodes.append(
                        PropertyNode(
                            name: property.name, description: property.description, node: node,
                            isOptional: property.isOptional))
                    definitions.append(extra)
                }
                return (
                    .object(ObjectNode(name: name, description: description, properties: nodes)),
                    GenerationSchema.merge(definitions)
                )
            case .stringChoice(let name, _, let choices):
                guard !choices.isEmpty else { throw Self.emptyChoices(name) }
                return (.string(StringConstraints(choices: choices)), [])
            case .anyOf(let name, let description, let choices):
                guard !choices.isEmpty else { throw Self.emptyChoices(name) }
                var nodes: [Node] = []
                var definitions: [[Definition]] = []
                for choice in choices {
                    let (node, extra) = try convert(choice, within: name)
                    nodes.append(node)
                    definitions.append(extra)
                }
                return (
                    .anyOf(AnyOfNode(name: name, description: description, choices: nodes)),
                    GenerationSchema.merge(definitions)
                )
            case .array(let item, let minimum, let maximum):
                let (node, extra) = try convert(item, within: owner)
                return (.array(ArrayNode(items: node, minimumCount: minimum, maximumCount: maximum)), extra)
            case .reference(let name):
                if !known.contains(name), !undefined.contains(name) {
                    if undefined.isEmpty { undefinedIn = owner }
                    undefined.append(name)
                }
                return (.reference(name), [])
            case .node(let schema):
                return (schema.root, schema.definitions)
            }
        }

        /// Throws ``SchemaError/undefinedReferences(schema:references:context:)`` when any reference was undefined.
        func checkReferences() throws {
            guard !undefined.isEmpty else { return }
            let names = undefined.map { "'\($0)'" }.joined(separator: ", ")
            let defined = known.isEmpty ? "none" : known.sorted().joined(separator: ", ")
            throw SchemaError.undefinedReferences(
                schema: undefinedIn, references: undefined,
                context: .init(
                    debugDescription: "\(undefinedIn.map { "'\($0)' refers" } ?? "references refer") to "
                        + "\(names), which \(undefined.count == 1 ? "is" : "are") not among the dependencies (\(defined))"
                ))
        }

        static func emptyChoices(_ name: String) -> SchemaError {
            .emptyTypeChoices(
                schema: name, context: .init(debugDescription: "the choice '\(name)' has no alternatives"))
        }
    }
}
