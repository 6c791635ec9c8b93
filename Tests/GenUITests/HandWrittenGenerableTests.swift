import GenUI
import GenUITestSupport
import Testing

/// A type that conforms to `Generable` by hand, the way the `@Generable` macro does it.
struct Recipe: Generable, Equatable, Sendable {
    var title: String
    var servings: Int
    var tags: [String]
    var note: String?

    static var generationSchema: GenerationSchema {
        GenerationSchema(
            type: Recipe.self, description: "A recipe card",
            properties: [
                .init(name: "title", description: "The dish", type: String.self, guides: [.maximumLength(40)]),
                .init(name: "servings", type: Int.self, guides: [.range(1...12)]),
                .init(
                    name: "tags", type: [String].self,
                    guides: [.count(1...3), .element(.anyOf(["quick", "vegan", "classic"]))]),
                .init(name: "note", description: "Optional tip", type: String?.self),
            ])
    }

    init(title: String, servings: Int, tags: [String], note: String?) {
        self.title = title
        self.servings = servings
        self.tags = tags
        self.note = note
    }

    init(_ content: GeneratedContent) throws {
        title = try content.value(forProperty: "title")
        servings = try content.value(forProperty: "servings")
        tags = try content.value(forProperty: "tags")
        note = try content.value(String?.self, forProperty: "note")
    }

    var generatedContent: GeneratedContent {
        var properties: [(String, GeneratedContent)] = [
            ("title", title.generatedContent), ("servings", servings.generatedContent),
            ("tags", tags.generatedContent),
        ]
        if let note { properties.append(("note", note.generatedContent)) }
        return GeneratedContent(orderedProperties: properties)
    }
}

@Suite("Hand-written Generable", .tags(.unit))
struct HandWrittenGenerableTests {
    @Test("a hand-written Generable struct exports the expected JSON Schema")
    func jsonSchema() {
        let expected = #"""
            {"type":"object","description":"A recipe card","properties":{"title":{"type":"string","maxLength":40,"description":"The dish"},"servings":{"type":"integer","minimum":1,"maximum":12},"tags":{"type":"array","items":{"type":"string","enum":["quick","vegan","classic"]},"minItems":1,"maxItems":3},"note":{"type":"string","description":"Optional tip"}},"required":["title","servings","tags"],"additionalProperties":false}
            """#
        #expect(Recipe.generationSchema.jsonSchemaString() == expected)
    }

    @Test("strict export requires every property and makes optional ones nullable")
    func strictJSONSchema() throws {
        let schema = Recipe.generationSchema.jsonSchema(strict: true)
        let required = try schema.value([String].self, forProperty: "required")
        #expect(required == ["title", "servings", "tags", "note"])
        let properties = try schema.value(GeneratedContent.self, forProperty: "properties")
        let note = try properties.value(GeneratedContent.self, forProperty: "note")
        #expect(note.jsonString == #"{"type":["string","null"],"description":"Optional tip"}"#)
    }

    @Test("a value round-trips through generated content")
    func roundTrip() throws {
        let recipe = Recipe(title: "Pancakes", servings: 4, tags: ["quick"], note: nil)
        let content = recipe.generatedContent
        try Recipe.generationSchema.validate(content)
        #expect(try Recipe(content) == recipe)
        #expect(try Recipe(GeneratedContent(json: content.jsonString)) == recipe)
    }

    @Test("content missing a required property throws decodingFailure naming the property")
    func missingPropertyIsLocated() throws {
        let content = try GeneratedContent(json: #"{"title":"Soup","tags":["quick"]}"#)
        let error = try #require(throws: GenUIError.self) { try Recipe(content) }
        guard case .decodingFailure(let path, let details, _) = error else {
            Issue.record("expected decodingFailure, got \(error)")
            return
        }
        #expect(path == "/servings")
        #expect(details.contains("servings"))
    }

    @Test("a wrong type inside an array is reported with the element's path")
    func wrongElementTypeIsLocated() throws {
        let content = try GeneratedContent(json: #"{"title":"Soup","servings":2,"tags":["quick",7]}"#)
        let error = try #require(throws: GenUIError.self) { try Recipe(content) }
        guard case .decodingFailure(let path, _, _) = error else {
            Issue.record("expected decodingFailure, got \(error)")
            return
        }
        #expect(path == "/tags/1")
    }

    @Test("a fractional number is not accepted as an Int")
    func fractionalIsNotInt() throws {
        let content = try GeneratedContent(json: #"{"title":"Soup","servings":2.5,"tags":["quick"]}"#)
        #expect(throws: GenUIError.self) { try Recipe(content) }
    }
}
