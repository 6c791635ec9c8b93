import GenUI

extension RecordSet {
    /// The components a screen built from records leaves out: lists and key-value facts, whose free text could hold
    /// names and numbers that are not in the file. Records appear in `standings`.
    public static let componentsLeftOut: Set<String> = ["list", "keyValue"]

    /// The most distinct values a standings cell may be narrowed to; a file with more keeps free text in the cells.
    public static let maximumCellChoices = 2_000

    /// The screen schema for a screen whose facts are these records: `schema` (the ``UIScreen`` schema) with every
    /// standings row's name narrowed to the records' names and its value to their values, and lists and key-value
    /// facts left out. Under guided generation the model can then only put the file's names and values in the table;
    /// it still chooses the title, the sections, the other components and which records to show.
    public func screenSchema(from schema: GenerationSchema = UIScreen.generationSchema) -> GenerationSchema {
        var narrowed = schema
        narrowed.root = narrow(schema.root)
        narrowed.definitions = schema.definitions.map { definition in
            var definition = definition
            definition.node = narrow(definition.node)
            return definition
        }
        return narrowed
    }

    /// The names and the values (as text, as the tool shows them) the records hold.
    var cellChoices: (names: [String], values: [String]) {
        var names: [String] = []
        var values: [String] = []
        var seenNames: Set<String> = []
        var seenValues: Set<String> = []
        for record in records {
            for (key, value) in record.orderedProperties ?? [] {
                let text = RecordLookupTool.text(value.kind)
                guard !text.isEmpty else { continue }
                if key == nameField {
                    if seenNames.insert(text).inserted { names.append(text) }
                } else if seenValues.insert(text).inserted {
                    values.append(text)
                }
            }
        }
        return (names, values)
    }

    private func narrow(_ node: GenerationSchema.Node) -> GenerationSchema.Node {
        switch node {
        case .object(var object):
            if object.name == "StandingRow" {
                let (names, values) = cellChoices
                object.properties = object.properties.map { property in
                    var property = property
                    let choices = property.name == "name" ? names : property.name == "value" ? values : []
                    if !choices.isEmpty, choices.count <= Self.maximumCellChoices,
                        case .string(var constraints) = property.node
                    {
                        constraints.choices = choices
                        property.node = .string(constraints)
                    }
                    return property
                }
                return .object(object)
            }
            object.properties = object.properties.map { property in
                var property = property
                property.node = narrow(property.node)
                return property
            }
            return .object(object)
        case .anyOf(var choice):
            choice.choices = choice.choices.filter { !Self.isLeftOut($0) }.map(narrow)
            return .anyOf(choice)
        case .array(var array):
            array.items = narrow(array.items)
            return .array(array)
        default:
            return node
        }
    }

    private static func isLeftOut(_ node: GenerationSchema.Node) -> Bool {
        guard case .object(let object) = node,
            let discriminator = object.properties.first(where: { $0.name == GenerationSchema.discriminator }),
            let kind = discriminator.node.constantString
        else { return false }
        return componentsLeftOut.contains(kind)
    }
}
