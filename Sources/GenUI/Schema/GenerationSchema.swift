/// The shape a model's output must have: the Foundation Models `GenerationSchema`.
///
/// Built from a ``Generable`` type (its `generationSchema`, written by `@Generable` or by hand) or from a
/// ``DynamicGenerationSchema`` at run time. Providers export it as JSON Schema (``jsonSchema(strict:)``) or compile it
/// to a grammar; every output is validated against it (``validate(_:)``) whatever the backend promises.
public struct GenerationSchema: Sendable, Hashable {
    /// The root shape.
    public var root: Node
    /// Named shapes that ``Node/reference(_:)`` nodes point to, in definition order.
    public var definitions: [Definition]
    /// The root type's name.
    public var name: String
    /// Whether content generated for this schema writes `null` for each optional property the model left out
    /// (Foundation Models' `representNilExplicitlyInGeneratedContent`); `false` leaves such properties absent.
    ///
    /// It applies to the root object's own properties: a session answering with this schema hands back content
    /// (``LanguageModelSession/Response/rawContent`` and the transcript's structured segment) whose absent optional
    /// properties are explicit nulls, in the schema's property order.
    public var representNilExplicitlyInGeneratedContent: Bool = false

    /// A named shape.
    public struct Definition: Sendable, Hashable {
        /// The name references use.
        public var name: String
        /// The shape.
        public var node: Node
    }

    /// Creates a schema from a root node.
    public init(node: Node, name: String, definitions: [Definition] = []) {
        self.root = node
        self.name = name
        self.definitions = definitions
    }

    /// The schema of a structure: one property per stored property, in order.
    public init(type: any Generable.Type, description: String? = nil, properties: [Property]) {
        self.init(name: String(describing: type), description: description, properties: properties)
    }

    /// The schema of a structure whose generated content writes `null` for absent optional properties when
    /// `representNilExplicitlyInGeneratedContent` is `true` (see ``representNilExplicitlyInGeneratedContent``).
    public init(
        type: any Generable.Type, description: String? = nil, representNilExplicitlyInGeneratedContent: Bool,
        properties: [Property]
    ) {
        self.init(type: type, description: description, properties: properties)
        self.representNilExplicitlyInGeneratedContent = representNilExplicitlyInGeneratedContent
    }

    /// The schema of an object that is not a Swift type of its own (an enum case's payload, say).
    public init(name: String, description: String? = nil, properties: [Property]) {
        self.name = name
        self.root = .object(ObjectNode(name: name, description: description, properties: properties.map(\.node)))
        self.definitions = Self.merge(properties.map(\.definitions))
    }

    /// The schema of a string choice (an enum without associated values).
    ///
    /// The description of a string choice travels with the properties that use it; the choice itself is a plain
    /// string enumeration in JSON Schema and grammars.
    public init(type: any Generable.Type, description: String? = nil, anyOf choices: [String]) {
        self.name = String(describing: type)
        self.root = .string(StringConstraints(choices: choices))
        self.definitions = []
    }

    /// The schema of a choice between generable types.
    public init(type: any Generable.Type, description: String? = nil, anyOf types: [any Generable.Type]) {
        self.init(type: type, description: description, anyOf: types.map { $0.generationSchema })
    }

    /// The schema of a choice between schemas (an enum with associated values: one object per case).
    public init(type: any Generable.Type, description: String? = nil, anyOf schemas: [GenerationSchema]) {
        self.name = String(describing: type)
        self.root = .anyOf(AnyOfNode(name: name, description: description, choices: schemas.map(\.root)))
        self.definitions = Self.merge(schemas.map(\.definitions))
    }

    static func merge(_ lists: [[Definition]]) -> [Definition] {
        var seen = Set<String>()
        var merged: [Definition] = []
        for definition in lists.joined() where seen.insert(definition.name).inserted {
            merged.append(definition)
        }
        return merged
    }

    /// The node a reference points to, if it is defined.
    public func definition(named name: String) -> Node? {
        definitions.first(where: { $0.name == name })?.node
    }

    /// The name of the property that tells an enum case apart in the JSON encoding of enums with associated values:
    /// each case is one object whose `"type"` property holds the case name.
    public static let discriminator = "type"
}

extension GenerationSchema {
    /// A property of a structure's schema: the Foundation Models `GenerationSchema.Property`.
    public struct Property: Sendable {
        let node: PropertyNode
        let definitions: [Definition]

        /// A property of a generable type, bounded by `guides`.
        public init<Value: Generable>(
            name: String, description: String? = nil, type: Value.Type, guides: [GenerationGuide<Value>] = []
        ) {
            let schema = Value.generationSchema
            let isOptional = Value.self is any OptionalGenerable.Type
            self.node = PropertyNode(
                name: name, description: description,
                node: schema.root.applying(guides.flatMap(\.constraints)), isOptional: isOptional)
            self.definitions = schema.definitions
        }

        /// An optional property of a generable type, bounded by guides on the wrapped type. (Disfavored, so that
        /// `type: Bool?.self, guides: []` is the initializer above, with an optional value type, not ambiguous.)
        @_disfavoredOverload
        public init<Value: Generable>(
            name: String, description: String? = nil, type: Value?.Type, guides: [GenerationGuide<Value>]
        ) {
            let schema = Value.generationSchema
            self.node = PropertyNode(
                name: name, description: description,
                node: schema.root.applying(guides.flatMap(\.constraints)), isOptional: true)
            self.definitions = schema.definitions
        }

        /// A string property whose values match each of `guides` (Foundation Models' regex guides).
        @_disfavoredOverload
        public init<RegexOutput>(
            name: String, description: String? = nil, type: String.Type, guides: [Regex<RegexOutput>]
        ) {
            self.init(
                name: name, description: description, type: String.self,
                guides: guides.map { GenerationGuide<String>.pattern($0) })
        }

        /// A property whose shape is given directly.
        public init(name: String, description: String? = nil, node: Node, isOptional: Bool = false) {
            self.node = PropertyNode(name: name, description: description, node: node, isOptional: isOptional)
            self.definitions = []
        }

        /// The property's name.
        public var name: String { node.name }
    }
}
