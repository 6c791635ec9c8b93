import Foundation
import GenUIFoundationModels
import GenUITestSupport
import Testing

/// Foundation Models 26.4's schema additions as apps write them: `DynamicGenerationSchema.null` in a choice, an object
/// that represents nil explicitly, optional properties with empty guides, and regex guides on a string property.
@Suite("Foundation Models API: null schemas, explicit nil and regex guides", .tags(.unit))
struct SchemaNullAndGuidesAPITests {
    static func nullablePerson() throws -> GenerationSchema {
        let person = DynamicGenerationSchema(
            name: "Person",
            properties: [
                DynamicGenerationSchema.Property(name: "fullName", schema: DynamicGenerationSchema(type: String.self))
            ])
        return try GenerationSchema(
            root: DynamicGenerationSchema(name: "NullablePerson", anyOf: [person, .null]), dependencies: [])
    }

    @Test("a choice of an object or null takes either, refuses anything else, and says null in its JSON Schema")
    func nullChoice() throws {
        let schema = try Self.nullablePerson()
        try schema.validate(GeneratedContent(properties: ["fullName": "Ada Lovelace"]))
        try schema.validate(try GeneratedContent(json: "null"))
        #expect(throws: GenUIError.self) { try schema.validate(GeneratedContent("Ada")) }
        let json = String(decoding: try JSONEncoder().encode(schema), as: UTF8.self)
        #expect(json.contains(#""type":"null""#))
        let decoded = try JSONDecoder().decode(GenerationSchema.self, from: Data(json.utf8))
        try decoded.validate(try GeneratedContent(json: "null"))
        #expect(throws: GenUIError.self) { try decoded.validate(GeneratedContent(42)) }
    }

    @Test("a dynamic object that represents nil explicitly makes a root schema that does")
    func explicitNilObject() throws {
        let root = DynamicGenerationSchema(
            name: "Stop", description: "A stop on a trip", representNilExplicitlyInGeneratedContent: true,
            properties: [
                DynamicGenerationSchema.Property(name: "city", schema: DynamicGenerationSchema(type: String.self)),
                DynamicGenerationSchema.Property(
                    name: "note", schema: DynamicGenerationSchema(type: String.self), isOptional: true),
            ])
        let schema = try GenerationSchema(root: root, dependencies: [])
        #expect(schema.representNilExplicitlyInGeneratedContent)
        let plain = try GenerationSchema(
            root: DynamicGenerationSchema(name: "Stop", properties: []), dependencies: [])
        #expect(!plain.representNilExplicitlyInGeneratedContent)
    }

    @Test("an optional property with empty guides is optional, and regex guides constrain a string property")
    func optionalAndRegexProperties() throws {
        let schema = GenerationSchema(
            type: GeneratedContent.self, description: "Flags",
            properties: [
                GenerationSchema.Property(name: "enabled", description: "On or off", type: Bool?.self, guides: []),
                GenerationSchema.Property(name: "code", type: String.self, guides: [/[A-Z]{3}/]),
            ])
        try schema.validate(GeneratedContent(properties: ["code": "LIS"]))
        try schema.validate(GeneratedContent(properties: ["code": "OPO", "enabled": true]))
        #expect(throws: GenUIError.self) { try schema.validate(GeneratedContent(properties: ["code": "lisbon"])) }
    }

    @Test("a response format describes itself by its schema's name")
    func responseFormatDescription() {
        #expect(Transcript.ResponseFormat(type: Trip.self).description == "ResponseFormat(schema: Trip)")
    }
}
