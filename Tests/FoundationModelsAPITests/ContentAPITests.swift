import GenUIFoundationModels
import GenUITestSupport
import Testing

/// `GeneratedContent` as Foundation Models ships it: identities, the initializers with `id:`, repeated keys, and
/// typed reading.
@Suite("Foundation Models API: GeneratedContent", .tags(.unit))
struct ContentAPITests {
    @Test("content carries the id it was made with, and the initializers take id: as Foundation Models' do")
    func identities() throws {
        let id = GenerationID()
        let object = GeneratedContent(properties: ["name": "Ada", "year": 1843], id: id)
        #expect(object.id == id)
        #expect(GeneratedContent(properties: ["name": "Ada"]).id == nil)
        #expect(GeneratedContent(kind: .string("x"), id: id).id == id)
        #expect(GeneratedContent(elements: ["a", "b"] as [any ConvertibleToGeneratedContent], id: id).id == id)
        #expect(GeneratedContent("text", id: id).id == id)
        #expect(try object.value(String.self, forProperty: "name") == "Ada")
        #expect(try object.value(Int.self, forProperty: "year") == 1843)
        #expect(object.jsonString == #"{"name":"Ada","year":1843}"#)
    }

    @Test("init(properties:id:uniquingKeysWith:) keeps the first position of a repeated key and combines its values")
    func uniquingKeys() throws {
        let pairs: [(String, any ConvertibleToGeneratedContent)] = [("a", 1), ("b", 2), ("a", 3)]
        let summed = try GeneratedContent(properties: pairs) { first, second in
            try first.value(Int.self) + second.value(Int.self)
        }
        #expect(summed.jsonString == #"{"a":4,"b":2}"#)
        let last = GeneratedContent(properties: pairs, uniquingKeysWith: { _, new in new })
        #expect(last.jsonString == #"{"a":3,"b":2}"#)
    }
}
