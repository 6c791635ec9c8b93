import Foundation
import GenUIFoundationModels
import GenUITestSupport
import RegexBuilder
import Testing

/// `GenerationGuide<String>.pattern(_:)` of a `Regex` value, and `representNilExplicitlyInGeneratedContent`, as app
/// code writes them with run-time schemas.
@Suite("Foundation Models API: Regex guides and explicit nil", .tags(.unit))
struct GuideAndNilAPITests {
    @Test("a Regex value guides a run-time property exactly as the same pattern written as text does")
    func regexGuideMatchesTextGuide() async throws {
        let flightCode = /[A-Z]{2}\d{3,4}/
        let withRegex = GenerationSchema(
            type: GeneratedContent.self, description: "A flight",
            properties: [
                GenerationSchema.Property(
                    name: "code", description: "The flight code", type: String.self,
                    guides: [.pattern(flightCode)])
            ])
        let withText = GenerationSchema(
            type: GeneratedContent.self, description: "A flight",
            properties: [
                GenerationSchema.Property(
                    name: "code", description: "The flight code", type: String.self,
                    guides: [.pattern(#"[A-Z]{2}\d{3,4}"#)])
            ])
        #expect(withRegex == withText)
        #expect(withRegex.jsonSchema() == withText.jsonSchema())

        let session = LanguageModelSession(model: ScriptedLanguageModel(seed: 3))
        let flight = try await session.respond(to: "Book me a flight", schema: withRegex).content
        let code = try flight.value(String.self, forProperty: "code")
        #expect(try flightCode.wholeMatch(in: code) != nil, "\(code)")
        #expect(throws: (any Error).self) { try withRegex.validate(GeneratedContent(properties: ["code": "ab12"])) }
    }

    @Test("a Regex made from a string at run time, or with RegexBuilder, guides a dynamic schema's property")
    func runtimeAndBuiltRegexes() async throws {
        let fromText = try Regex("[a-z]+-[0-9]{2}")
        let built = Regex {
            "ID"
            Repeat(.digit, count: 3)
        }
        let ticket = DynamicGenerationSchema(
            name: "Ticket",
            properties: [
                .init(name: "slug", schema: DynamicGenerationSchema(type: String.self, guides: [.pattern(fromText)])),
                .init(name: "id", schema: DynamicGenerationSchema(type: String.self, guides: [.pattern(built)])),
            ])
        let schema = try GenerationSchema(root: ticket, dependencies: [])
        let session = LanguageModelSession(model: ScriptedLanguageModel(seed: 11))
        let content = try await session.respond(to: "Open a ticket", schema: schema).content
        let slug = try content.value(String.self, forProperty: "slug")
        let id = try content.value(String.self, forProperty: "id")
        #expect(try fromText.wholeMatch(in: slug) != nil, "\(slug)")
        #expect(try built.wholeMatch(in: id) != nil, "\(id)")
        #expect(throws: (any Error).self) {
            try schema.validate(GeneratedContent(properties: ["slug": "abc-12", "id": "ID12"]))
        }
        try schema.validate(GeneratedContent(properties: ["slug": "abc-12", "id": "ID123"]))
    }

    @Test("a Regex with no pattern text admits no string, so it is never silently unchecked")
    func unprintableRegexRejects() throws {
        let transformed = Regex {
            TryCapture(OneOrMore(.digit)) { Int($0) }
        }
        let schema = GenerationSchema(
            type: GeneratedContent.self,
            properties: [
                GenerationSchema.Property(name: "count", type: String.self, guides: [.pattern(transformed)])
            ])
        let error = try #require(throws: (any Error).self) {
            try schema.validate(GeneratedContent(properties: ["count": "42"]))
        }
        #expect(String(describing: error).contains("a Regex without pattern text"), "\(error)")
    }

    @Test("representNilExplicitlyInGeneratedContent makes a session's content carry null for each absent optional")
    func explicitNil() async throws {
        func note(explicitNil: Bool) -> GenerationSchema {
            GenerationSchema(
                type: GeneratedContent.self, description: "A note",
                representNilExplicitlyInGeneratedContent: explicitNil,
                properties: [
                    GenerationSchema.Property(name: "title", type: String.self),
                    GenerationSchema.Property(name: "due", type: String?.self),
                    GenerationSchema.Property(name: "place", type: String?.self),
                    GenerationSchema.Property(name: "person", type: String?.self),
                    GenerationSchema.Property(name: "tag", type: String?.self),
                    GenerationSchema.Property(name: "priority", type: Int?.self),
                ])
        }
        let optionals = ["due", "place", "person", "tag", "priority"]
        #expect(note(explicitNil: true).representNilExplicitlyInGeneratedContent)
        #expect(!note(explicitNil: false).representNilExplicitlyInGeneratedContent)

        let plain = try await LanguageModelSession(model: ScriptedLanguageModel(seed: 5))
            .respond(to: "Remind me to call the plumber", schema: note(explicitNil: false))
        guard case .structure(let plainProperties, _) = plain.rawContent.kind else {
            Issue.record("not an object: \(plain.rawContent.jsonString)")
            return
        }
        let absent = optionals.filter { plainProperties[$0] == nil }
        try #require(!absent.isEmpty, "the scripted answer left no optional out: \(plain.rawContent.jsonString)")

        let session = LanguageModelSession(model: ScriptedLanguageModel(seed: 5))
        let explicit = try await session.respond(to: "Remind me to call the plumber", schema: note(explicitNil: true))
        guard case .structure(let properties, let keys) = explicit.rawContent.kind else {
            Issue.record("not an object: \(explicit.rawContent.jsonString)")
            return
        }
        #expect(keys == ["title"] + optionals, "\(explicit.rawContent.jsonString)")
        for name in absent {
            #expect(properties[name]?.kind == .null, "\(name) in \(explicit.rawContent.jsonString)")
        }
        for name in optionals where !absent.contains(name) {
            #expect(properties[name] == plainProperties[name])
        }
        #expect(explicit.content == explicit.rawContent)
        let segment = session.transcript.last.flatMap { entry -> GeneratedContent? in
            guard case .response(let response) = entry, case .structure(let structured)? = response.segments.first
            else { return nil }
            return structured.content
        }
        #expect(segment == explicit.rawContent)
        #expect(try explicit.content.value(String?.self, forProperty: absent[0]) == nil)
    }
}

/// A `@Generable` type whose guide is a `Regex` value passed to `.pattern(_:)`, as Foundation Models code writes it.
@Generable
struct Gate {
    @Guide(description: "The gate", .pattern(/[A-H][1-9]/))
    var name: String
}

@Suite("Foundation Models API: @Guide with .pattern(Regex)", .tags(.unit))
struct GuidePatternRegexAPITests {
    @Test("@Guide(.pattern(/regex/)) constrains the property as the pattern text does, and the model follows it")
    func macroGuideWithRegex() async throws {
        guard case .object(let object) = Gate.generationSchema.root,
            case .string(let constraints) = object.properties.first?.node
        else {
            Issue.record("unexpected schema \(Gate.generationSchema.root)")
            return
        }
        #expect(constraints.pattern == "[A-H][1-9]")
        let gate = try await LanguageModelSession(model: ScriptedLanguageModel(seed: 9))
            .respond(to: "Which gate?", generating: Gate.self).content
        #expect(try /[A-H][1-9]/.wholeMatch(in: gate.name) != nil, "\(gate.name)")
    }
}
