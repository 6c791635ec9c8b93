import Foundation
import GenUI
import GenUITestSupport
import Testing

// Declarations covering each shape @Generable supports; that they compile is part of what these tests prove.

@Generable
struct GenerableCatalogueEntry: Equatable {
    var name: String
    @Guide(description: "Units in stock", .range(0...500))
    var stock: Int
    @Guide(.range(0.5...99.5))
    var price: Decimal
    @Guide(description: "Kilograms", .minimum(0.0))
    var weight: Double
    var rating: Float
    var available: Bool
    @Guide(description: "Shown under the name", .maximumLength(40))
    var note: String?
    @Guide(description: "Two or three tags", .count(2...3), .element(.minimumLength(2)))
    var tags: [String]
    @Guide(.element(.range(1...10)))
    var scores: [Int]
    @Guide(description: "Stock keeping unit", /[A-Z]{3}-\d{4}/)
    var sku: String
    var supplier: GenerableSupplier?
    var `default`: Bool

    static let currency = "EUR"
    var label: String { "\(name) (\(sku))" }
}

@Generable(description: "Who delivers the goods")
public struct GenerableSupplier: Equatable {
    public var name: String
    public var rating: Int?

    public init(name: String, rating: Int? = nil) {
        self.name = name
        self.rating = rating
    }
}

@Generable
enum GenerableMood: String {
    case happy = "h"
    case sad = "s"
}

@Generable
enum GenerableBlock: Equatable {
    case quote(String)
    case point(Double, Double)
    case note(String, author: String?)
    case spacer
}

@Generable
struct GenerableSurvey: Equatable {
    @Guide(description: "Always the survey kind", .constant("survey"))
    var kind: String
    @Guide(.maximumCount(3))
    var questions: [String]
    @Guide(description: "Optional answers", .count(1...2), .element(.anyOf(["yes", "no"])))
    var answers: [String]?
    @Guide(.length(2...8))
    var code: String
    var moods: [[GenerableMood]]
    var block: GenerableBlock?
}

@Suite("@Generable shapes", .tags(.unit))
struct GenerableShapesTests {
    static var entry: GenerableCatalogueEntry {
        GenerableCatalogueEntry(
            name: "Kettle", stock: 12, price: Decimal(string: "24.5") ?? 0, weight: 1.25, rating: 4.5, available: true,
            note: nil, tags: ["kitchen", "steel"], scores: [7, 9], sku: "KTL-0042",
            supplier: GenerableSupplier(name: "Acme"), default: false)
    }

    @Test("a struct keeps its memberwise initializer and round-trips through generated content")
    func structRoundTrip() throws {
        let content = Self.entry.generatedContent
        #expect(try GenerableCatalogueEntry(content) == Self.entry)
        #expect(try GenerableCatalogueEntry(GeneratedContent(json: content.jsonString)) == Self.entry)
        try GenerableCatalogueEntry.generationSchema.validate(content)
    }

    @Test("nil optionals are left out of generated content and missing optionals decode as nil")
    func optionals() throws {
        let keys = Self.entry.generatedContent.orderedProperties?.map(\.key)
        #expect(
            keys == [
                "name", "stock", "price", "weight", "rating", "available", "tags", "scores", "sku", "supplier",
                "default",
            ])
        #expect(Self.entry.supplier?.generatedContent.jsonString == #"{"name":"Acme"}"#)
        let supplier = try GenerableSupplier(GeneratedContent(json: #"{"name":"Acme","rating":null}"#))
        #expect(supplier == GenerableSupplier(name: "Acme"))
    }

    @Test("guides, the regex pattern and descriptions reach the JSON schema")
    func guidesInSchema() throws {
        let schema = GenerableCatalogueEntry.generationSchema.jsonSchema()
        let properties = try #require(schema.orderedProperties?.first { $0.key == "properties" }?.value)
        func field(_ name: String) -> String {
            properties.orderedProperties?.first { $0.key == name }?.value.jsonString ?? "missing"
        }
        #expect(field("stock") == #"{"type":"integer","minimum":0,"maximum":500,"description":"Units in stock"}"#)
        #expect(field("price") == #"{"type":"number","minimum":0.5,"maximum":99.5}"#)
        #expect(
            field("tags")
                == #"{"type":"array","items":{"type":"string","minLength":2},"minItems":2,"maxItems":3,"description":"Two or three tags"}"#
        )
        #expect(field("scores") == #"{"type":"array","items":{"type":"integer","minimum":1,"maximum":10}}"#)
        #expect(field("sku") == #"{"type":"string","pattern":"^[A-Z]{3}-\\d{4}$","description":"Stock keeping unit"}"#)
        #expect(field("note") == #"{"type":"string","maxLength":40,"description":"Shown under the name"}"#)
        let required = schema.orderedProperties?.first { $0.key == "required" }?.value.jsonString
        #expect(required?.contains("\"note\"") == false)
        #expect(required?.contains("\"supplier\"") == false)
    }

    @Test("a value breaking the regex or an element guide is rejected with its path")
    func guideViolations() throws {
        var entry = Self.entry
        entry.sku = "kettle"
        #expect(GenerableCatalogueEntry.generationSchema.firstViolation(in: entry.generatedContent)?.path == "/sku")
        entry = Self.entry
        entry.scores = [3, 11]
        #expect(
            GenerableCatalogueEntry.generationSchema.firstViolation(in: entry.generatedContent)?.path == "/scores/1")
        entry = Self.entry
        entry.tags = ["x"]
        #expect(GenerableCatalogueEntry.generationSchema.firstViolation(in: entry.generatedContent)?.path == "/tags")
    }

    @Test("an enum without payloads encodes the case name, not the raw value")
    func choiceEncoding() throws {
        #expect(GenerableMood.happy.generatedContent.jsonString == #""happy""#)
        #expect(try GenerableMood(GeneratedContent(json: #""sad""#)) == .sad)
        #expect(throws: GenUIError.self) { try GenerableMood(GeneratedContent(json: #""h""#)) }
        #expect(GenerableMood.generationSchema.jsonSchemaString() == #"{"type":"string","enum":["happy","sad"]}"#)
    }

    @Test("unlabelled payloads are named value, or _0, _1 when there are several")
    func unlabelledPayloads() throws {
        #expect(GenerableBlock.quote("Hi").generatedContent.jsonString == #"{"type":"quote","value":"Hi"}"#)
        #expect(GenerableBlock.point(1, 2.5).generatedContent.jsonString == #"{"type":"point","_0":1,"_1":2.5}"#)
        #expect(GenerableBlock.note("x", author: nil).generatedContent.jsonString == #"{"type":"note","_0":"x"}"#)
        for block in [
            GenerableBlock.quote("Hi"), .point(1, 2.5), .note("x", author: "Ann"), .note("y", author: nil), .spacer,
        ] {
            #expect(try GenerableBlock(block.generatedContent) == block)
            try GenerableBlock.generationSchema.validate(block.generatedContent)
        }
    }

    @Test("a streamed struct fills in property by property and asPartiallyGenerated gives every property")
    func partialStruct() throws {
        let text = Self.entry.generatedContent.jsonString
        var names: [String] = []
        for end in text.indices {
            guard let content = try JSONParser.parsePartial(String(text[..<end])) else { continue }
            let snapshot = try GenerableCatalogueEntry.PartiallyGenerated(content)
            if let name = snapshot.name { names.append(name) }
            #expect(snapshot.sku.map { Self.entry.sku.hasPrefix($0) } ?? true)
            #expect(snapshot.tags.map { $0.count <= Self.entry.tags.count } ?? true)
        }
        #expect(names.first == "" && names.last == "Kettle")
        let whole = Self.entry.asPartiallyGenerated()
        #expect(whole.name == "Kettle" && whole.stock == 12 && whole.supplier?.name == "Acme" && whole.note == nil)
        #expect(whole.tags == ["kitchen", "steel"] && whole.scores == [7, 9] && whole.default == false)
    }

    @Test("constant, count, length and element guides on optional arrays reach the schema and validation")
    func moreGuides() throws {
        let survey = GenerableSurvey(
            kind: "survey", questions: ["Q1"], answers: ["yes"], code: "AB12", moods: [[.happy], []],
            block: .note("n", author: "Ann"))
        #expect(try GenerableSurvey(survey.generatedContent) == survey)
        let schema = GenerableSurvey.generationSchema
        try schema.validate(survey.generatedContent)
        var broken = survey
        broken.answers = ["maybe"]
        #expect(schema.firstViolation(in: broken.generatedContent)?.path == "/answers/0")
        broken = survey
        broken.kind = "poll"
        #expect(schema.firstViolation(in: broken.generatedContent)?.path == "/kind")
        broken = survey
        broken.code = "A"
        #expect(schema.firstViolation(in: broken.generatedContent)?.path == "/code")
        broken = survey
        broken.questions = ["a", "b", "c", "d"]
        #expect(schema.firstViolation(in: broken.generatedContent)?.path == "/questions")
        let prefix = try JSONParser.parsePartial(#"{"kind":"survey","moods":[["happy"],["sa"#)
        let partial = try GenerableSurvey.PartiallyGenerated(try #require(prefix))
        #expect(partial.moods == [[.happy]])
        #expect(partial.kind == "survey" && partial.answers == nil && partial.block == nil)
    }

    @Test("a partial snapshot still rejects a complete value of the wrong shape")
    func partialRejectsWrongShape() throws {
        let content = try GeneratedContent(json: #"{"name":"Kettle","stock":"many"}"#)
        let error = #expect(throws: GenUIError.self) { try GenerableCatalogueEntry.PartiallyGenerated(content) }
        guard case .decodingFailure(let path, _, _)? = error else {
            Issue.record("expected a decoding failure")
            return
        }
        #expect(path == "/stock")
    }
}

@MainActor
@Generable
struct GenerableMainActorNote: Equatable {
    var text: String
    var tone: Tone?
}

@Suite("@Generable isolation", .tags(.unit))
struct GenerableIsolationTests {
    @Test("a main-actor type's conformance is nonisolated and usable off the main actor")
    func mainActorType() async throws {
        let content = try GeneratedContent(json: #"{"text":"Hi","tone":"warning"}"#)
        let note = try GenerableMainActorNote(content)
        #expect(note.generatedContent.jsonString == #"{"text":"Hi","tone":"warning"}"#)
        #expect(GenerableMainActorNote.generationSchema.name == "GenerableMainActorNote")
    }
}
