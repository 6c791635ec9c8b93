/// The code `@Generable` writes for an enum: a string choice when no case has associated values, otherwise one
/// object per case whose `"type"` property names the case.
enum EnumExpansion {
    private static let discriminator = "GenUI.GenerationSchema.discriminator"

    private static func expectedList(_ cases: [EnumCase]) -> String {
        "[" + cases.map { swiftStringLiteral($0.name) }.joined(separator: ", ") + "]"
    }

    // MARK: - String choices

    static func choiceMembers(_ cases: [EnumCase], access: String, description: String?) -> String {
        var schemaArguments = ["type: Self.self"]
        if let description { schemaArguments.append("description: \(description)") }
        schemaArguments.append("anyOf: \(expectedList(cases))")
        let decodeCases = cases.map { enumCase in
            "case \(swiftStringLiteral(enumCase.name)):\n    self = .\(enumCase.identifier)"
        }
        let encodeCases = cases.map { enumCase in
            "case .\(enumCase.identifier):\n    GenUI.GeneratedContent(kind: .string(\(swiftStringLiteral(enumCase.name))))"
        }
        return """
            \(access)static var generationSchema: GenUI.GenerationSchema {
                GenUI.GenerationSchema(\(schemaArguments.joined(separator: ", ")))
            }

            \(access)init(_ content: GenUI.GeneratedContent) throws {
                let caseName = try content.value(Swift.String.self)
                switch caseName {
            \(SchemaSource.indent(decodeCases.joined(separator: "\n"), by: 1))
                default:
                    throw GenUI.GenUIError.unknownCase(caseName, expected: \(expectedList(cases)))
                }
            }

            \(access)var generatedContent: GenUI.GeneratedContent {
                switch self {
            \(SchemaSource.indent(encodeCases.joined(separator: "\n"), by: 1))
                }
            }
            """
    }

    // MARK: - One object per case

    static func taggedMembers(_ cases: [EnumCase], access: String, description: String?) -> String {
        let schemas = cases.map { enumCase in
            let tag =
                "GenUI.GenerationSchema.Property(name: \(discriminator), type: Swift.String.self, guides: [.constant(\(swiftStringLiteral(enumCase.name)))])"
            let fields = enumCase.fields.map { SchemaSource.property(name: $0.name, shape: $0.shape) }
            let properties = ([tag] + fields).joined(separator: ",\n")
            return
                "GenUI.GenerationSchema(name: \(swiftStringLiteral(enumCase.name)), properties: [\n\(SchemaSource.indent(properties, by: 1))\n])"
        }
        var schemaArguments = ["type: Self.self"]
        if let description { schemaArguments.append("description: \(description)") }
        schemaArguments.append("anyOf: [\n\(SchemaSource.indent(schemas.joined(separator: ",\n"), by: 1))\n]")

        let decodeCases = cases.map { enumCase in
            let construction = construct(enumCase) { SchemaSource.decode($0.shape, property: $0.name) }
            return "case \(swiftStringLiteral(enumCase.name)):\n    self = \(construction)"
        }
        let encodeCases = cases.map { enumCase in
            let bindings = enumCase.fields.indices.map { "let value\($0)" }
            let pattern =
                bindings.isEmpty
                ? ".\(enumCase.identifier)" : ".\(enumCase.identifier)(\(bindings.joined(separator: ", ")))"
            let binding = enumCase.fields.isEmpty ? "let" : "var"
            var body = [
                "\(binding) properties: [(Swift.String, GenUI.GeneratedContent)] = [(\(discriminator), GenUI.GeneratedContent(kind: .string(\(swiftStringLiteral(enumCase.name)))))]"
            ]
            for (index, field) in enumCase.fields.enumerated() {
                body.append(SchemaSource.append("value\(index)", shape: field.shape, name: field.name))
            }
            body.append("return GenUI.GeneratedContent(orderedProperties: properties)")
            return "case \(pattern):\n\(SchemaSource.indent(body.joined(separator: "\n"), by: 1))"
        }
        return """
            \(access)static var generationSchema: GenUI.GenerationSchema {
                GenUI.GenerationSchema(
            \(SchemaSource.indent(schemaArguments.joined(separator: ",\n"), by: 2))
                )
            }

            \(access)init(_ content: GenUI.GeneratedContent) throws {
            \(SchemaSource.indent(decodeSwitch(decodeCases, cases: cases), by: 1))
            }

            \(access)var generatedContent: GenUI.GeneratedContent {
                switch self {
            \(SchemaSource.indent(encodeCases.joined(separator: "\n"), by: 1))
                }
            }
            """
    }

    /// The nested `PartiallyGenerated` enum: the same cases with every associated value optional.
    static func partiallyGenerated(_ cases: [EnumCase], access: String) -> String {
        let declarations = cases.map { enumCase in
            guard !enumCase.fields.isEmpty else { return "case \(enumCase.identifier)" }
            let parameters = enumCase.fields.map { field in
                let type = "\(field.shape.unwrapped.partialType)?"
                return field.label.map { "\($0): \(type)" } ?? type
            }
            return "case \(enumCase.identifier)(\(parameters.joined(separator: ", ")))"
        }
        let decodeCases = cases.map { enumCase in
            let construction = construct(enumCase) { SchemaSource.decodePartial($0.shape, property: $0.name) }
            return "case \(swiftStringLiteral(enumCase.name)):\n    self = \(construction)"
        }
        return """
            nonisolated \(access)enum PartiallyGenerated: GenUI.ConvertibleFromGeneratedContent, Swift.Sendable {
            \(SchemaSource.indent(declarations.joined(separator: "\n"), by: 1))

                \(access)init(_ content: GenUI.GeneratedContent) throws {
            \(SchemaSource.indent(decodeSwitch(decodeCases, cases: cases), by: 2))
                }
            }
            """
    }

    private static func decodeSwitch(_ decodeCases: [String], cases: [EnumCase]) -> String {
        """
        let caseName = try content.value(Swift.String.self, forProperty: \(discriminator))
        switch caseName {
        \(decodeCases.joined(separator: "\n"))
        default:
            throw GenUI.GenUIError.unknownCase(caseName, expected: \(expectedList(cases)), path: "/" + \(discriminator))
        }
        """
    }

    /// `.name` or `try .name(label: <decode>, ...)`.
    private static func construct(_ enumCase: EnumCase, decode: (PayloadField) -> String) -> String {
        guard !enumCase.fields.isEmpty else { return ".\(enumCase.identifier)" }
        let arguments = enumCase.fields.map { field in
            field.label.map { "\($0): \(decode(field))" } ?? decode(field)
        }
        return "try .\(enumCase.identifier)(\(arguments.joined(separator: ", ")))"
    }
}
