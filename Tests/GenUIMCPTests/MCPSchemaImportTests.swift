import Foundation
import GenUI
import MCP
import Testing

@testable import GenUIMCP

@Suite("MCP input schemas as generation schemas", .tags(.unit))
struct MCPSchemaImportTests {
    private func convert(_ json: String) throws -> (schema: GenerationSchema, dropped: [String]) {
        let value = try JSONDecoder().decode(Value.self, from: Data(json.utf8))
        return MCPSchemaImport.convert(value, toolName: "tool")
    }

    private func document(_ schema: GenerationSchema) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(schema.jsonSchemaString().utf8)) as? [String: Any])
    }

    @Test("required and optional properties, enums, bounds and nested arrays are kept; arguments are checked")
    func keptFeatures() throws {
        let (schema, dropped) = try convert(
            """
            {"type": "object", "properties": {
              "city": {"type": "string", "description": "Where", "minLength": 2},
              "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
              "days": {"type": "integer", "minimum": 1, "maximum": 7},
              "hours": {"type": "array", "items": {"type": "number"}, "maxItems": 3},
              "verbose": {"type": ["boolean", "null"]}
            }, "required": ["days", "city"]}
            """)
        #expect(dropped.isEmpty)
        let json = try document(schema)
        #expect(json["required"] as? [String] == ["days", "city"])
        let properties = try #require(json["properties"] as? [String: [String: Any]])
        #expect(properties["unit"]?["enum"] as? [String] == ["celsius", "fahrenheit"])
        #expect(properties["days"]?["maximum"] as? Int == 7)
        #expect(properties["city"]?["description"] as? String == "Where")

        #expect(throws: Never.self) {
            try schema.validate(GeneratedContent(json: #"{"days": 3, "city": "Rome", "unit": "celsius"}"#))
        }
        #expect(throws: (any Error).self) {
            try schema.validate(GeneratedContent(json: #"{"days": 9, "city": "Rome"}"#))
        }
        #expect(throws: (any Error).self) { try schema.validate(GeneratedContent(json: #"{"city": "Rome"}"#)) }
        #expect(throws: (any Error).self) {
            try schema.validate(GeneratedContent(json: #"{"days": 1, "city": "Rome", "unit": "kelvin"}"#))
        }
    }

    @Test("what guided generation cannot enforce is named once per keyword and place")
    func droppedFeatures() throws {
        let (_, dropped) = try convert(
            """
            {"type": "object", "properties": {
              "when": {"type": "string", "format": "date-time"},
              "step": {"type": "number", "multipleOf": 0.5, "exclusiveMinimum": 0},
              "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true},
              "extra": {"type": "object", "additionalProperties": {"type": "string"}}
            }}
            """)
        #expect(
            dropped.sorted() == [
                "additionalProperties at /properties/extra", "exclusiveMinimum at /properties/step",
                "format at /properties/when", "multipleOf at /properties/step", "uniqueItems at /properties/tags",
            ])
    }

    @Test("local references are followed, and a schema deeper than the bound leaves the rest free")
    func referencesAndDepth() throws {
        let (schema, dropped) = try convert(
            """
            {"type": "object", "properties": {"point": {"$ref": "#/$defs/Point"}}, "required": ["point"],
             "$defs": {"Point": {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]}}}
            """)
        #expect(dropped.isEmpty)
        #expect(throws: (any Error).self) { try schema.validate(GeneratedContent(json: #"{"point": {"x": "one"}}"#)) }

        var deep = #"{"type": "string"}"#
        for _ in 0..<100 { deep = #"{"type": "object", "properties": {"a": \#(deep)}, "required": ["a"]}"# }
        let (_, deepDropped) = try convert(deep)
        #expect(deepDropped.count == 1)
        #expect(deepDropped.first?.hasPrefix("nesting deeper than 24 levels at /properties/a") == true)
    }

    @Test("a schema with no properties, or none at all, accepts any arguments")
    func freeSchemas() throws {
        let (empty, dropped) = try convert(#"{"type": "object", "properties": {}}"#)
        #expect(dropped.isEmpty)
        #expect(throws: Never.self) { try empty.validate(GeneratedContent(json: "{}")) }
        let (none, _) = try convert("{}")
        #expect(throws: Never.self) { try none.validate(GeneratedContent(json: #"{"anything": [1, 2]}"#)) }
    }
}
