import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIA2UI

/// `genui render --from a2ui`, run as a real subprocess (the binary `swift build` made).
@Suite("genui render --from a2ui", .tags(.integration))
struct A2UICLITests {
    static var example: String { A2UIFixtures.officialExamplePath }

    func genui(_ arguments: [String], stdin: String? = nil) throws -> ProcessResult {
        try renderA2UI(arguments, stdin: stdin)
    }

    func contactFormWithoutDelete() throws -> String {
        try A2UIFixtures.contactForm().split(separator: "\n").dropLast().joined(separator: "\n") + "\n"
    }

    @Test(
        "the contact form from stdin renders as text with its data in the fields and exit 0",
        .enabled(if: A2UIFixtures.hasOfficialExample))
    func text() throws {
        let result = try genui(["-"], stdin: try contactFormWithoutDelete())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Email: [john.doe@example.com]"))
        #expect(result.stdout.contains("[x] Subscribe to our newsletter"))
        #expect(result.stderr == "")
    }

    @Test(
        "--format html writes one page with the values in the inputs and no script",
        .enabled(if: A2UIFixtures.hasOfficialExample))
    func html() throws {
        let result = try genui(["-", "--format", "html"], stdin: try contactFormWithoutDelete())
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(result.stdout.contains(#"value="Doe""#))
        #expect(!result.stdout.contains("<script"))
    }

    @Test(
        "--format json prints the resolved tree and an empty problem list",
        .enabled(if: A2UIFixtures.hasOfficialExample))
    func json() throws {
        let result = try genui(["-", "--format", "json"], stdin: try contactFormWithoutDelete())
        #expect(result.status == 0)
        let content = try GeneratedContent(json: result.stdout)
        let surfaces = try content.value([GeneratedContent].self, forProperty: "surfaces")
        #expect(try surfaces.first?.value(String.self, forProperty: "surfaceId") == "contact_form_1")
        #expect(try content.value([GeneratedContent].self, forProperty: "problems").isEmpty)
        #expect(result.stdout.contains(#""bindings":{"value":"/contact/firstName"}"#))
    }

    @Test(
        "after deleteSurface nothing is left to show: a message and exit 4",
        .enabled(if: A2UIFixtures.hasOfficialExample))
    func deleted() throws {
        let result = try genui([Self.example])
        #expect(result.status == 4)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("no surface to show"))
    }

    @Test("--surface picks one surface; an unknown id names the ones there are")
    func surfaceOption() throws {
        let two =
            A2UIFixtures.stream([#"{"id":"root","component":"Text","text":"Alpha"}"#], surface: "a")
            + A2UIFixtures.stream([#"{"id":"root","component":"Text","text":"Beta"}"#], surface: "b")
        let picked = try genui(["-", "--surface", "b"], stdin: two)
        #expect(picked.status == 0)
        #expect(picked.stdout.contains("Beta") && !picked.stdout.contains("Alpha"))
        let missing = try genui(["-", "--surface", "c"], stdin: two)
        #expect(missing.status == 4)
        #expect(missing.stderr.contains("'c'") && missing.stderr.contains("a, b"))
    }

    @Test(
        "each bad line is reported on stderr with its line, component and pointer; the rest renders and the exit is 4")
    func problems() throws {
        let stream =
            A2UIFixtures.stream([
                #"{"id":"root","component":"Column","children":["ok","ghost"]}"#,
                #"{"id":"ok","component":"Text","text":"Survivor"}"#,
            ]) + "not json\n"
        let result = try genui(["-"], stdin: stream)
        #expect(result.status == 4)
        #expect(result.stdout.contains("Survivor"))
        #expect(result.stderr.contains("line 3: not JSON"))
        #expect(
            result.stderr.contains(
                "line 2, surface s, component root, at /updateComponents/components/0/children/1: missing child component"
            ))
    }

    @Test("--format a2ui is refused with --from a2ui (usage, exit 64)")
    func a2uiFormatRefused() throws {
        let result = try genui(["-", "--format", "a2ui"], stdin: "")
        #expect(result.status == 64)
        #expect(result.stderr.contains("--from a2ui"))
    }
}
