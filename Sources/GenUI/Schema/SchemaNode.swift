extension GenerationSchema {
    /// One node of a schema tree: the shape a value must have and the guides that bound it.
    public indirect enum Node: Sendable, Hashable {
        /// Any JSON value.
        case any
        /// A string, optionally restricted.
        case string(StringConstraints)
        /// An integer, optionally bounded.
        case integer(NumberConstraints)
        /// A number, optionally bounded.
        case number(NumberConstraints)
        /// A boolean.
        case boolean
        /// Only `null`: a value that is present but empty, as a choice of an ``AnyOfNode`` (Foundation Models 26.4's
        /// ``DynamicGenerationSchema/null``).
        case null
        /// An array of one element shape.
        case array(ArrayNode)
        /// An object with ordered, named properties.
        case object(ObjectNode)
        /// Exactly one of several shapes (a Swift enum with associated values is one object per case).
        case anyOf(AnyOfNode)
        /// A reference to a named definition of the schema.
        case reference(String)
    }

    /// Restrictions on a string.
    public struct StringConstraints: Sendable, Hashable {
        /// The allowed values, when the string is a choice.
        public var choices: [String]?
        /// A regular expression the whole string must match.
        public var pattern: String?
        /// The fewest characters.
        public var minimumLength: Int?
        /// The most characters.
        public var maximumLength: Int?

        /// Creates constraints.
        public init(
            choices: [String]? = nil, pattern: String? = nil, minimumLength: Int? = nil, maximumLength: Int? = nil
        ) {
            self.choices = choices
            self.pattern = pattern
            self.minimumLength = minimumLength
            self.maximumLength = maximumLength
        }
    }

    /// Bounds on a number.
    public struct NumberConstraints: Sendable, Hashable {
        /// The smallest allowed value.
        public var minimum: Double?
        /// The largest allowed value.
        public var maximum: Double?

        /// Creates bounds.
        public init(minimum: Double? = nil, maximum: Double? = nil) {
            self.minimum = minimum
            self.maximum = maximum
        }
    }

    /// An array's element shape and count bounds.
    public struct ArrayNode: Sendable, Hashable {
        /// The shape of every element.
        public var items: Node
        /// The fewest elements.
        public var minimumCount: Int?
        /// The most elements.
        public var maximumCount: Int?

        /// Creates an array node.
        public init(items: Node, minimumCount: Int? = nil, maximumCount: Int? = nil) {
            self.items = items
            self.minimumCount = minimumCount
            self.maximumCount = maximumCount
        }
    }

    /// An object's name, description and ordered properties.
    public struct ObjectNode: Sendable, Hashable {
        /// The type's name.
        public var name: String
        /// What the object represents, shown to models.
        public var description: String?
        /// The properties, in generation order.
        public var properties: [PropertyNode]

        /// Creates an object node.
        public init(name: String, description: String? = nil, properties: [PropertyNode]) {
            self.name = name
            self.description = description
            self.properties = properties
        }
    }

    /// One property of an object.
    public struct PropertyNode: Sendable, Hashable {
        /// The property's name in JSON.
        public var name: String
        /// What the property holds, shown to models.
        public var description: String?
        /// The property's shape.
        public var node: Node
        /// Whether the property may be absent or `null`.
        public var isOptional: Bool

        /// Creates a property node.
        public init(name: String, description: String? = nil, node: Node, isOptional: Bool = false) {
            self.name = name
            self.description = description
            self.node = node
            self.isOptional = isOptional
        }
    }

    /// A choice between shapes.
    public struct AnyOfNode: Sendable, Hashable {
        /// The type's name.
        public var name: String
        /// What the choice represents, shown to models.
        public var description: String?
        /// The alternatives, in declaration order.
        public var choices: [Node]

        /// Creates a choice node.
        public init(name: String, description: String? = nil, choices: [Node]) {
            self.name = name
            self.description = description
            self.choices = choices
        }
    }
}

extension GenerationSchema.Node {
    /// The constant value of a discriminator-like string (a single choice), if this node is one.
    public var constantString: String? {
        if case .string(let constraints) = self, let choices = constraints.choices, choices.count == 1 {
            return choices[0]
        }
        return nil
    }
}
