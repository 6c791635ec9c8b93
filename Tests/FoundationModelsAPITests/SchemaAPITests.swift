import Foundation
import GenUIFoundationModels
import GenUITestSupport
import Testing

@Generable
enum Mood {
    case calm, busy
}

@Generable
struct Trip {
    @Guide(description: "Where to", .pattern("[A-Z][a-z]+"))
    var city: String
    @Guide(.range(1...14))
    var nights: Int
    @Guide(.count(1...3))
    var stops: [String]
    var mood: Mood
    var budget: Double?
}

/// `GenerationSchema` as Foundation Models ships it: `Codable` as JSON Schema, with a debug description.
@Suite("Foundation Models API: GenerationSchema", .tags(.unit))
struct SchemaAPITests {
    @Test("a schema encodes to JSON Schema and decodes to a schema that writes the same document and validates alike")
    func codableRoundTrip() throws {
        let schema = Trip.generationSchema
        let data = try JSONEncoder().encode(schema)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(document["type"] as? String == "object")
        #expect(document["title"] as? String == schema.name)
        #expect(document["x-order"] as? [String] == ["city", "nights", "stops", "mood", "budget"])
        #expect((document["required"] as? [String])?.contains("budget") == false)
        let properties = try #require(document["properties"] as? [String: Any])
        #expect((properties["city"] as? [String: Any])?["pattern"] as? String == "^[A-Z][a-z]+$")

        let decoded = try JSONDecoder().decode(GenerationSchema.self, from: data)
        #expect(decoded.jsonSchema() == schema.jsonSchema())
        #expect(decoded.name == schema.name)
        let good = Trip(city: "Lisbon", nights: 3, stops: ["Sintra"], mood: .calm, budget: nil).generatedContent
        let bad = Trip(city: "lisbon", nights: 30, stops: [], mood: .busy, budget: 5).generatedContent
        try decoded.validate(good)
        #expect(throws: (any Error).self) { try decoded.validate(bad) }
        #expect(throws: (any Error).self) { try schema.validate(bad) }
    }

    @Test("a dynamic schema with references round-trips through $defs")
    func dynamicSchemaWithReferences() throws {
        let item = DynamicGenerationSchema(
            name: "Item",
            properties: [
                .init(name: "label", schema: DynamicGenerationSchema(type: String.self))
            ])
        let list = DynamicGenerationSchema(
            name: "List",
            properties: [
                .init(
                    name: "items",
                    schema: DynamicGenerationSchema(arrayOf: DynamicGenerationSchema(referenceTo: "Item")))
            ])
        let schema = try GenerationSchema(root: list, dependencies: [item])
        let decoded = try JSONDecoder().decode(GenerationSchema.self, from: try JSONEncoder().encode(schema))
        #expect(decoded.jsonSchema() == schema.jsonSchema())
        #expect(decoded.definitions.map(\.name) == schema.definitions.map(\.name))
    }

    @Test("Optional's PartiallyGenerated is the wrapped type's, as in Foundation Models")
    func optionalPartiallyGenerated() throws {
        #expect(ObjectIdentifier(Trip?.PartiallyGenerated.self) == ObjectIdentifier(Trip.PartiallyGenerated.self))
        let snapshot: Trip?.PartiallyGenerated = try Trip?.PartiallyGenerated(
            GeneratedContent(json: #"{"city":"Lis"#))
        #expect(snapshot.city == "Lis")
        #expect(snapshot.nights == nil)
    }

    @Test("debugDescription shows the JSON Schema; a document genui cannot read is a decoding error")
    func debugDescriptionAndRefusal() {
        #expect(Trip.generationSchema.debugDescription.contains(#""x-order""#))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(GenerationSchema.self, from: Data(#"{"type":"tuple"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(GenerationSchema.self, from: Data(#"{"$ref":"http://elsewhere/schema"}"#.utf8))
        }
    }
}
