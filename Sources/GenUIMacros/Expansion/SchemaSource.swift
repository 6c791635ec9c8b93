/// Source text shared by the struct and enum expansions.
enum SchemaSource {
    /// `GenUI.GenerationSchema.Property(...)` for one property.
    static func property(
        name: String, shape: TypeShape, description: String? = nil, guides: [String] = []
    ) -> String {
        var arguments = ["name: \(swiftStringLiteral(name))"]
        if let description { arguments.append("description: \(description)") }
        arguments.append("type: \(shape.metatypeBase).self")
        if shape.isOptional {
            // Typing the guides picks the optional overload (bounds on the wrapped type) unambiguously.
            let wrapped = shape.unwrapped.syntax.trimmedDescription
            arguments.append("guides: [\(guides.joined(separator: ", "))] as [GenUI.GenerationGuide<\(wrapped)>]")
        } else if !guides.isEmpty {
            arguments.append("guides: [\(guides.joined(separator: ", "))]")
        }
        return "GenUI.GenerationSchema.Property(\(arguments.joined(separator: ", ")))"
    }

    /// The expression that decodes a complete value of `shape` from the property `name` of `content`.
    static func decode(_ shape: TypeShape, property name: String) -> String {
        let type = shape.isOptional ? "\(shape.unwrapped.metatypeBase)?" : shape.metatypeBase
        return "content.value(\(type).self, forProperty: \(swiftStringLiteral(name)))"
    }

    /// The expression that decodes a snapshot of `shape` from the property `name` of `content`.
    static func decodePartial(_ shape: TypeShape, property name: String) -> String {
        if case .array(let element, _) = shape.unwrapped {
            return "content.partialElements(\(element.partialType).self, forProperty: \(swiftStringLiteral(name)))"
        }
        return "content.partialValue(\(shape.unwrapped.partialType).self, forProperty: \(swiftStringLiteral(name)))"
    }

    /// The statement appending `value` (an expression of `shape`) to `properties` under `name`; `nil` is left out.
    static func append(_ value: String, shape: TypeShape, name: String) -> String {
        let key = swiftStringLiteral(name)
        if shape.isOptional {
            return "if let value = \(value) {\n    properties.append((\(key), value.generatedContent))\n}"
        }
        return "properties.append((\(key), \(value).generatedContent))"
    }

    static func indent(_ text: String, by levels: Int) -> String {
        let prefix = String(repeating: "    ", count: levels)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : prefix + $0 }
            .joined(separator: "\n")
    }
}
