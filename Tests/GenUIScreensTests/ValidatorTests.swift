import GenUI
import GenUIScreens
import GenUITestSupport
import Testing

@Suite("Screen validation and repair", .tags(.unit))
struct ValidatorTests {
    let validator = ScreenValidator()

    @Test("a valid screen has no issues")
    func validScreen() {
        #expect(validator.issues(in: ScreenFixtures.everything) == [])
    }

    @Test("issues name the path of the offending component")
    func locatedIssues() {
        var screen = ScreenFixtures.everything
        screen.sections[1].components[3] = .button(label: "   ", style: .primary)
        let issues = validator.issues(in: screen)
        #expect(issues.count == 1)
        #expect(issues.first?.path == "sections[1].components[3].label")
        #expect(issues.first?.code == .blank)
        #expect(issues.first?.message.contains("button") == true)
    }

    @Test("too long, too many and duplicate titles are reported with their paths")
    func severalRules() {
        let long = String(repeating: "x", count: 41)
        let screen = UIScreen(
            title: long,
            sections: [
                UISection(title: "Account", components: Array(repeating: .heading(text: "Hi"), count: 7)),
                UISection(
                    title: "account ", components: [.list(items: ListItems(elements: Array(repeating: "a", count: 7)))]),
                UISection(title: "Lines", components: [.divider, .divider]),
            ])
        let found = Set(validator.issues(in: screen).map { "\($0.path) \($0.code.rawValue)" })
        #expect(
            found == [
                "title tooLong", "sections[0].components count", "sections[1].title duplicateTitle",
                "sections[1].components[0].items count", "sections[2].components noContent",
            ])
    }

    @Test("control characters and bidirectional overrides are issues")
    func controlCharacters() {
        let screen = UIScreen(
            title: "Hi\u{1B}[31m", sections: [UISection(title: "A\u{202E}B", components: [.heading(text: "ok")])])
        let codes = validator.issues(in: screen).map(\.code)
        #expect(codes == [.controlCharacters, .controlCharacters])
    }

    @Test("a screen-wide component limit is enforced")
    func totalLimit() {
        var limits = ScreenLimits()
        limits.totalComponents = 3
        let issues = ScreenValidator(limits: limits).issues(in: ScreenFixtures.everything)
        #expect(issues.map(\.code) == [.tooManyComponents])
    }

    @Test("a saved screen with a schema error is reported at its path")
    func documentSchemaError() throws {
        let json =
            #"{"title":"T","sections":[{"title":"S","components":[{"type":"heading","text":"a"},{"type":"chart","data":[]}]}]}"#
        let error = try #require(throws: ScreenValidationError.self) { try ScreenDocument.read(json: json) }
        #expect(error.issues.first?.path.hasPrefix("sections[0].components[1]") == true)
        #expect(error.issues.first?.code == .schema)
    }

    @Test("invalid JSON syntax is a located schema issue")
    func documentSyntaxError() throws {
        let error = try #require(throws: ScreenValidationError.self) { try ScreenDocument.read(json: "{\"title\": ") }
        #expect(error.description.contains("not valid JSON"))
    }

    @Test("repair fixes blank, long, duplicate and empty parts and reports each change")
    func repairTyped() {
        let screen = UIScreen(
            title: "  Settings\n",
            sections: [
                UISection(
                    title: "General",
                    components: [
                        .toggle(label: "Dark\u{1B}mode", isOn: true), .button(label: " ", style: .primary), .divider,
                        .divider,
                        .paragraph(text: BodyText(verbatim: String(repeating: "word ", count: 60))),
                    ]),
                UISection(title: "general", components: [.heading(text: "More")]),
                UISection(title: "Empty", components: [.divider]),
            ])
        #expect(!validator.issues(in: screen).isEmpty)
        let repaired = ScreenRepairer().repair(screen)
        #expect(validator.issues(in: repaired.screen) == [])
        #expect(repaired.screen.title == "Settings")
        #expect(repaired.screen.sections.map(\.title) == ["General", "general 2"])
        let paths = repaired.repairs.map(\.path)
        #expect(paths.contains("sections[0].components[0].label"))
        #expect(paths.contains("sections[0].components[1]"))
        #expect(paths.contains("sections[0].components[3]"))
        #expect(paths.contains("sections[0].components[4].text"))
        #expect(paths.contains("sections[2]"))
        #expect(paths.contains("sections[1].title"))
    }

    @Test("repair of unguided JSON coerces, drops unknown components and clamps counts")
    func repairUnguided() throws {
        let json = #"""
            {"screen":{"title":"Shop","sections":[
              {"title":"Items","components":[
                {"type":"Heading","text":"Cart"},
                {"type":"chart","points":[1,2]},
                {"type":"button","label":"Pay","style":"PRIMARY"},
                {"type":"toggle","label":"Gift","isOn":"true"},
                {"type":"list","items":["a","b","c","d","e","f","g"]},
                {"type":"keyValue","key":"Total","value":42.5},
                {"type":"badge","label":"Sale","tone":"loud"},
                {"type":"divider"}
              ]},
              {"title":"Nothing","components":[]},
              "junk"
            ]}}
            """#
        let repaired = try ScreenRepairer().repair(content: GeneratedContent(json: json))
        #expect(validator.issues(in: repaired.screen) == [])
        let section = try #require(repaired.screen.sections.first)
        #expect(repaired.screen.sections.count == 1)
        #expect(section.components.count == 6)
        #expect(section.components[0] == .heading(text: "Cart"))
        #expect(section.components[1] == .button(label: "Pay", style: .primary))
        #expect(section.components[2] == .toggle(label: "Gift", isOn: true))
        #expect(section.components[3] == .list(items: ["a", "b", "c", "d", "e", "f"]))
        #expect(section.components[4] == .keyValue(key: "Total", value: "42.5"))
        #expect(section.components[5] == .badge(label: "Sale", tone: .neutral))
        let text = repaired.repairs.map(\.description).joined(separator: "\n")
        #expect(text.contains("unknown component \"chart\""))
        #expect(text.contains("sections[0].components[4].items: dropped 1 items"))
        #expect(text.contains("sections[1]: dropped a section with no content"))
        #expect(text.contains("sections[2]: dropped a section that is a string"))
    }

    @Test("content that is not a screen cannot be repaired")
    func unrepairable() {
        #expect(throws: ScreenValidationError.self) {
            try ScreenRepairer().repair(content: GeneratedContent(kind: .string("hi")))
        }
        #expect(throws: ScreenValidationError.self) {
            try ScreenRepairer().repair(content: GeneratedContent(json: #"{"title":"x"}"#))
        }
    }
}
