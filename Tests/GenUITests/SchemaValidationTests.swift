import GenUI
import GenUITestSupport
import Testing

@Suite("Schema validation", .tags(.unit))
struct SchemaValidationTests {
    static let schema = GenerationSchema(
        name: "Screen",
        properties: [
            .init(name: "title", type: String.self, guides: [.length(1...20)]),
            .init(name: "rating", type: Int.self, guides: [.range(1...5)]),
            .init(name: "code", type: String.self, guides: [.pattern("^[A-Z]{2}-\\d{3}$")]),
            .init(name: "items", type: [String].self, guides: [.maximumCount(2), .element(.anyOf(["a", "b"]))]),
            .init(name: "subtitle", type: String?.self),
        ])

    @Test("a conforming value validates")
    func valid() throws {
        let content = try GeneratedContent(json: #"{"title":"Hi","rating":3,"code":"AB-123","items":["a","b"]}"#)
        #expect(Self.schema.firstViolation(in: content) == nil)
    }

    @Test(
        "the first violation is reported with its JSON pointer",
        arguments: [
            (#"{"title":"Hi","rating":9,"code":"AB-123","items":[]}"#, "/rating", "maximum"),
            (#"{"title":"","rating":1,"code":"AB-123","items":[]}"#, "/title", "fewer than 1"),
            (#"{"title":"Hi","rating":1,"code":"ab-123","items":[]}"#, "/code", "pattern"),
            (#"{"title":"Hi","rating":1,"code":"AB-123","items":["a","c"]}"#, "/items/1", "not one of"),
            (#"{"title":"Hi","rating":1,"code":"AB-123","items":["a","a","b"]}"#, "/items", "more than 2"),
            (#"{"title":"Hi","code":"AB-123","items":[]}"#, "/rating", "missing"),
            (#"{"title":"Hi","rating":1.5,"code":"AB-123","items":[]}"#, "/rating", "integer"),
            (#"{"title":"Hi","rating":1,"code":"AB-123","items":[],"extra":true}"#, "/extra", "not part of"),
            (#"{"title":"Hi","rating":1,"code":"AB-123","items":[],"subtitle":5}"#, "/subtitle", "expected a string"),
            (#"[1]"#, "", "expected an object"),
        ])
    func reportsPointer(json: String, path: String, message: String) throws {
        let content = try GeneratedContent(json: json)
        let violation = try #require(Self.schema.firstViolation(in: content))
        #expect(violation.path == path)
        let mentionsProblem = violation.message.contains(message)
        #expect(mentionsProblem, "\(violation.message)")
        let error = try #require(throws: GenUIError.self) { try Self.schema.validate(content) }
        guard case .decodingFailure(let errorPath, _, _) = error else {
            Issue.record("expected decodingFailure")
            return
        }
        #expect(errorPath == path)
    }

    @Test("property names with '/' and '~' are escaped in pointers")
    func escapesPointerTokens() throws {
        let schema = GenerationSchema(name: "Odd", properties: [.init(name: "a/b~c", type: Int.self)])
        let violation = try #require(schema.firstViolation(in: try GeneratedContent(json: #"{"a/b~c":"x"}"#)))
        #expect(violation.path == "/a~1b~0c")
    }

    @Test("a discriminated choice reports the error inside the case it names")
    func discriminatedChoice() throws {
        let heading = GenerationSchema(
            name: "heading",
            properties: [
                .init(name: "type", type: String.self, guides: [.constant("heading")]),
                .init(name: "text", type: String.self),
            ])
        let divider = GenerationSchema(
            name: "divider",
            properties: [
                .init(name: "type", type: String.self, guides: [.constant("divider")])
            ])
        let list = GenerationSchema(
            node: .array(.init(items: .anyOf(.init(name: "Component", choices: [heading.root, divider.root])))),
            name: "Components")
        #expect(
            list.firstViolation(in: try GeneratedContent(json: #"[{"type":"divider"},{"type":"heading","text":"x"}]"#))
                == nil)
        let missing = try #require(
            list.firstViolation(in: try GeneratedContent(json: #"[{"type":"divider"},{"type":"heading"}]"#)))
        #expect(missing.path == "/1/text")
        let unknown = try #require(list.firstViolation(in: try GeneratedContent(json: #"[{"type":"banner"}]"#)))
        #expect(unknown.path == "/0")
        #expect(unknown.message.contains("heading, divider"))
    }
}
