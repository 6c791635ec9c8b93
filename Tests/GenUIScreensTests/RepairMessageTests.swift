import GenUI
import GenUIScreens
import GenUITestSupport
import GenUITesting
import Testing

/// The lenient decoder's repairs and refusals, and a screen that stays invalid after repair, carry their catalog
/// messages (keys and typed arguments), so they can be worded in the user's language.
@Suite("Screen repairs and failures as catalog messages", .tags(.unit))
struct RepairMessageTests {
    /// A screen only the lenient decoder reads: wrapped in a "screen" property, a type in the wrong case, an unknown
    /// component, a component that is not an object, one without a type, scalars of the wrong type, a style that is
    /// not one, a list that is one string, a missing label, and a section that is not an object.
    static let messyScreen = #"""
        {"screen": {"title": "Login", "sections": [{"title": "Account", "components": [
          {"type": "Heading", "text": "Welcome"}, {"type": "chart"}, 5, {"text": "orphan"},
          {"type": "paragraph", "text": 42}, {"type": "toggle", "label": "Remember me", "isOn": "yes"},
          {"type": "list", "items": "only item"}, {"type": "button", "style": "Loud"},
          {"type": "keyValue", "key": "Plan", "value": true}, {"type": "badge", "label": "New", "tone": 3},
          {"type": "toggle", "label": "Alerts", "isOn": 1}, {"type": "field", "label": "Name", "kind": "TEXT"}
        ]}, "junk"]}}
        """#

    @Test("every repair of the lenient decoder names a screen.repair message of the catalog, with data as arguments")
    func lenientRepairsAreCatalogMessages() throws {
        let repaired = try ScreenRepairer().repair(content: GeneratedContent(json: Self.messyScreen))
        #expect(repaired.repairs.count >= 12, "\(repaired.repairs)")
        for repair in repaired.repairs {
            #expect(repair.key.hasPrefix("screen.repair."), "not from the catalog: \(repair)")
            #expect(repair.key != "text.verbatim", "\(repair)")
        }
        let keys = Set(repaired.repairs.map(\.key))
        for expected in [
            "unwrappedScreen", "readAs", "unknownComponent", "componentNotObject", "untypedComponent",
            "numberToText", "readAsTrue", "usedAsOneItem", "missing", "defaultChoice", "booleanToText",
            "numberToBoolean", "sectionNotObject",
        ] {
            #expect(keys.contains("screen.repair." + expected), "no \(expected) in \(keys.sorted())")
        }
        // The user's data is an argument, our words about the shape of a value a phrase of the catalog.
        let unknown = try #require(repaired.repairs.first { $0.key == "screen.repair.unknownComponent" })
        #expect(unknown.arguments["type"] == .text("\"chart\""))
        let notObject = try #require(repaired.repairs.first { $0.key == "screen.repair.componentNotObject" })
        #expect(notObject.arguments["found"] == .phrase("detail.kind.number"))
        // The English for developers is unchanged.
        #expect(
            repaired.repairs.map(\.description).contains(
                "sections[1]: dropped a section that is a string, not an object"))
    }

    @Test(
        "content the lenient decoder cannot read as a screen is refused with catalog messages",
        arguments: [
            (#"["not", "a", "screen"]"#, "screen.issue.notAScreen"),
            (#"{"title": "Login"}"#, "screen.issue.noSections"),
        ])
    func refusalsAreCatalogMessages(json: String, key: String) throws {
        let error = try #require(throws: ScreenValidationError.self) {
            try ScreenRepairer().repair(content: GeneratedContent(json: json))
        }
        #expect(error.issues.map(\.key) == [key])
    }

    @Test("a screen that stays invalid after repair fails with its issues carried in the error")
    func unsaveableScreenCarriesItsIssues() async throws {
        let text = #"{"title":"Login","sections":[{"title":"Account","components":[{"type":"divider"}]}]}"#
        let composer = ScreenComposer(model: FixedAnswerModel(name: "unguided-test", text: text), allowUnguided: true)
        let error = try await #require(throws: GenUIError.self) { try await composer.compose("A login form") }
        guard case .decodingFailure(let path, let details, let context) = error else {
            Issue.record("expected a decoding failure, got \(error)")
            return
        }
        let invalid = try #require(context.underlying(ScreenValidationError.self), "the issues travel with the error")
        #expect(invalid.issues.map(\.key) == ["screen.issue.tooFew"])
        #expect(invalid.issues.first?.arguments["what"] == .phrase("screen.what.sections"))
        #expect(path == "/sections")
        #expect(details == invalid.description, "the English description for developers is kept")
        #expect(error.provider == "unguided-test")
    }
}
