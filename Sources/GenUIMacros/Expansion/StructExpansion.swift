/// The code `@Generable` writes for a struct.
enum StructExpansion {
    /// The nested `PartiallyGenerated` struct: every property optional, tolerant of incomplete content.
    static func partiallyGenerated(_ properties: [StoredProperty], access: String) -> String {
        let hasOwnID = properties.contains { $0.name == "id" }
        var fields: [String] = []
        var assignments: [String] = []
        if !hasOwnID {
            fields.append("\(access)var id: GenUI.GenerationID")
            assignments.append("self.id = GenUI.GenerationID()")
        }
        for property in properties {
            fields.append("\(access)var \(property.identifier): \(property.shape.unwrapped.partialType)?")
            assignments.append(
                "self.\(property.identifier) = try \(SchemaSource.decodePartial(property.shape, property: property.name))"
            )
        }
        return """
            nonisolated \(access)struct PartiallyGenerated: Swift.Identifiable, GenUI.ConvertibleFromGeneratedContent, Swift.Sendable {
            \(SchemaSource.indent(fields.joined(separator: "\n"), by: 1))

                \(access)init(_ content: GenUI.GeneratedContent) throws {
            \(SchemaSource.indent(assignments.joined(separator: "\n"), by: 2))
                }
            }
            """
    }

    /// The members of the conformance extension.
    static func conformanceMembers(
        _ properties: [StoredProperty], access: String, description: String?
    ) -> String {
        let schemaProperties = properties.map { property in
            SchemaSource.property(
                name: property.name, shape: property.shape, description: property.guide.description?.description,
                guides: property.guide.guides)
        }
        var schemaArguments = ["type: Self.self"]
        if let description { schemaArguments.append("description: \(description)") }
        schemaArguments.append(
            "properties: [\n\(SchemaSource.indent(schemaProperties.joined(separator: ",\n"), by: 1))\n]")
        let decoding = properties.map { property in
            "self.\(property.identifier) = try \(SchemaSource.decode(property.shape, property: property.name))"
        }
        let encoding = properties.map { property in
            SchemaSource.append("self.\(property.identifier)", shape: property.shape, name: property.name)
        }
        // A struct without stored properties encodes to an empty object (a variable never appended to would be
        // warned about in the user's build).
        let contentBody =
            encoding.isEmpty
            ? "return GenUI.GeneratedContent(orderedProperties: [])"
            : """
            var properties: [(Swift.String, GenUI.GeneratedContent)] = []
            \(encoding.joined(separator: "\n"))
            return GenUI.GeneratedContent(orderedProperties: properties)
            """
        return """
            \(access)static var generationSchema: GenUI.GenerationSchema {
                GenUI.GenerationSchema(
            \(SchemaSource.indent(schemaArguments.joined(separator: ",\n"), by: 2))
                )
            }

            \(access)init(_ content: GenUI.GeneratedContent) throws {
            \(SchemaSource.indent(decoding.joined(separator: "\n"), by: 1))
            }

            \(access)var generatedContent: GenUI.GeneratedContent {
            \(SchemaSource.indent(contentBody, by: 1))
            }
            """
    }
}
