import Foundation
import GenUI
import GenUITestSupport
import Testing

/// The screen vocabulary (GenerableVocabulary.swift) through `@Generable`: its schema, encoding, decoding,
/// streaming snapshots and guide validation.
@Suite("@Generable screen vocabulary", .tags(.unit))
struct GenerableVocabularyTests {
    /// A screen that uses every component case.
    static let screen = UIScreen(
        title: "Serie B",
        sections: [
            UISection(
                title: "Overview",
                components: [
                    .heading(text: "Matchday 12"),
                    .paragraph(text: "Results are in, and \"Palermo\" leads."),
                    .keyValue(key: "Next match", value: "Sunday"),
                    .badge(label: "Live", tone: .positive),
                    .divider,
                ]),
            UISection(
                title: "Table",
                components: [
                    .standings(
                        title: "Top three",
                        rows: [
                            StandingRow(team: "Palermo", points: 28),
                            StandingRow(team: "Pisa", points: 26),
                            StandingRow(team: "Spezia", points: 25),
                        ]),
                    .field(label: "Search", placeholder: "Team name"),
                    .button(label: "Refresh", style: .primary),
                ]),
        ])

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/UIScreen.schema.json")

    @Test("the vocabulary's JSON schema matches the checked-in expectation")
    func schemaMatchesFixture() throws {
        let actual = UIScreen.generationSchema.jsonSchema()
        if ProcessInfo.processInfo.environment["GENUI_RECORD_FIXTURES"] == "1" {
            try (actual.jsonString + "\n").write(to: Self.fixture, atomically: true, encoding: .utf8)
        }
        let expected = try GeneratedContent(json: String(contentsOf: Self.fixture, encoding: .utf8))
        #expect(actual == expected, "schema changed:\n\(actual.jsonString)")
    }

    @Test("schema properties keep declaration order and carry descriptions and guides")
    func schemaOrderAndDescriptions() throws {
        let schema = UIScreen.generationSchema
        guard case .object(let screen) = schema.root else {
            Issue.record("UIScreen's schema is not an object: \(schema.root)")
            return
        }
        #expect(screen.description == "A screen composed from the component vocabulary")
        #expect(screen.properties.map(\.name) == ["title", "sections"])
        #expect(screen.properties[0].description == "Screen title, shown at the top")
        guard case .array(let sections) = screen.properties[1].node else {
            Issue.record("sections is not an array")
            return
        }
        #expect(sections.minimumCount == 1 && sections.maximumCount == 4)
    }

    @Test("a screen round-trips value → generatedContent → init(_:) → equal value")
    func roundTrip() throws {
        let content = Self.screen.generatedContent
        #expect(try UIScreen(content) == Self.screen)
        let reparsed = try GeneratedContent(json: content.jsonString)
        #expect(try UIScreen(reparsed) == Self.screen)
        try UIScreen.generationSchema.validate(content)
    }

    @Test("enum cases encode as one object per case with the case name in \"type\"")
    func caseEncoding() throws {
        #expect(
            UIComponent.badge(label: "New", tone: .positive).generatedContent.jsonString
                == #"{"type":"badge","label":"New","tone":"positive"}"#)
        #expect(UIComponent.divider.generatedContent.jsonString == #"{"type":"divider"}"#)
        #expect(Tone.critical.generatedContent.jsonString == #""critical""#)
        let decoded = try UIComponent(GeneratedContent(json: #"{"type":"button","label":"Go","style":"destructive"}"#))
        #expect(decoded == .button(label: "Go", style: .destructive))
    }

    @Test("a partial document decodes into PartiallyGenerated at every prefix, consistent with the final value")
    func partialAtEveryPrefix() throws {
        let text = Self.screen.generatedContent.jsonString
        var decodedPrefixes = 0
        var lastSnapshot: UIScreen.PartiallyGenerated?
        for end in text.indices {
            let prefix = String(text[..<end])
            guard let content = try JSONParser.parsePartial(prefix) else { continue }
            let snapshot = try UIScreen.PartiallyGenerated(content)
            try Self.expectConsistent(snapshot, with: Self.screen, prefix: prefix)
            decodedPrefixes += 1
            lastSnapshot = snapshot
        }
        #expect(decodedPrefixes == text.count - 1)
        #expect(lastSnapshot?.sections?.count == 2)

        let complete = try UIScreen.PartiallyGenerated(GeneratedContent(json: text))
        try Self.expectComplete(complete)
        try Self.expectComplete(Self.screen.asPartiallyGenerated())
    }

    @Test("a value that breaks a guide is rejected with its property path")
    func guideViolationNamesPath() throws {
        var screen = Self.screen
        screen.sections[1].components[0] = .standings(
            title: "Top", rows: [StandingRow(team: "Pisa", points: -3)])
        let error = #expect(throws: GenUIError.self) {
            try UIScreen.generationSchema.validate(screen.generatedContent)
        }
        guard case .decodingFailure(let path, let details, _)? = error else {
            Issue.record("expected a decoding failure, got \(String(describing: error))")
            return
        }
        #expect(path == "/sections/1/components/0/rows/0/points")
        #expect(details.contains("minimum"))

        var crowded = Self.screen
        crowded.sections[0].components += Array(repeating: .divider, count: 2)
        let countError = #expect(throws: GenUIError.self) {
            try UIScreen.generationSchema.validate(crowded.generatedContent)
        }
        guard case .decodingFailure(let countPath, _, _)? = countError else {
            Issue.record("expected a decoding failure")
            return
        }
        #expect(countPath == "/sections/0/components")
    }

    @Test("decoding a wrong case name or a missing payload names the property path")
    func decodingFailuresNamePath() throws {
        let json = #"{"title":"T","sections":[{"title":"S","components":[{"type":"banner","text":"x"}]}]}"#
        let error = #expect(throws: GenUIError.self) { try UIScreen(GeneratedContent(json: json)) }
        guard case .decodingFailure(let path, let details, _)? = error else {
            Issue.record("expected a decoding failure")
            return
        }
        #expect(path == "/sections/0/components/0/type")
        #expect(details.contains("banner"))

        let missing = #"{"title":"T","sections":[{"title":"S","components":[{"type":"badge","label":"x"}]}]}"#
        let missingError = #expect(throws: GenUIError.self) { try UIScreen(GeneratedContent(json: missing)) }
        guard case .decodingFailure(let missingPath, _, _)? = missingError else {
            Issue.record("expected a decoding failure")
            return
        }
        #expect(missingPath == "/sections/0/components/0/tone")
    }

    // MARK: - Snapshot checks

    static func expectConsistent(_ snapshot: UIScreen.PartiallyGenerated, with screen: UIScreen, prefix: String) throws
    {
        #expect(isPrefix(snapshot.title, of: screen.title), "title at \(prefix)")
        let sections = snapshot.sections ?? []
        try #require(sections.count <= screen.sections.count, "sections at \(prefix)")
        for (partial, full) in zip(sections, screen.sections) {
            #expect(isPrefix(partial.title, of: full.title), "section title at \(prefix)")
            let components = partial.components ?? []
            try #require(components.count <= full.components.count, "components at \(prefix)")
            for (component, expected) in zip(components, full.components) {
                #expect(isConsistent(component, with: expected), "component at \(prefix)")
            }
        }
    }

    static func expectComplete(_ snapshot: UIScreen.PartiallyGenerated) throws {
        #expect(snapshot.title == screen.title)
        let sections = try #require(snapshot.sections)
        #expect(sections.count == screen.sections.count)
        for (partial, full) in zip(sections, screen.sections) {
            #expect(partial.title == full.title)
            let components = try #require(partial.components)
            #expect(components.count == full.components.count)
            for (component, expected) in zip(components, full.components) {
                #expect(isConsistent(component, with: expected, complete: true))
            }
        }
    }

    static func isPrefix(_ partial: String?, of full: String, complete: Bool = false) -> Bool {
        guard let partial else { return !complete }
        return complete ? partial == full : full.hasPrefix(partial)
    }

    static func isConsistent(
        _ partial: UIComponent.PartiallyGenerated, with full: UIComponent, complete: Bool = false
    ) -> Bool {
        func same(_ a: String?, _ b: String) -> Bool { isPrefix(a, of: b, complete: complete) }
        switch (partial, full) {
        case (.heading(let a), .heading(let b)), (.paragraph(let a), .paragraph(let b)):
            return same(a, b)
        case (.keyValue(let k, let v), .keyValue(let key, let value)):
            return same(k, key) && same(v, value)
        case (.badge(let l, let t), .badge(let label, let tone)):
            return same(l, label) && (t == nil ? !complete : t == tone)
        case (.field(let l, let p), .field(let label, let placeholder)):
            return same(l, label) && same(p, placeholder)
        case (.button(let l, let s), .button(let label, let style)):
            return same(l, label) && (s == nil ? !complete : s == style)
        case (.standings(let t, let r), .standings(let title, let rows)):
            let partialRows = r ?? []
            guard same(t, title), partialRows.count <= rows.count, !complete || partialRows.count == rows.count else {
                return false
            }
            return zip(partialRows, rows).allSatisfy { row, expected in
                same(row.team, expected.team) && (row.points == nil ? !complete : row.points == expected.points)
            }
        case (.divider, .divider):
            return true
        default:
            return false
        }
    }
}
