import Foundation
import GenUI
import GenUIScreens
import GenUITestSupport
import Testing

/// The schema a model fills an outline in under, and the screen a filled-in outline becomes.
@Suite(.tags(.unit)) struct ScreenOutlineFillInTests {
    let outline = ScreenOutline.read(
        from: "A login form with username and password fields, the server status, and Login and Register buttons")

    @Test func theSchemaHoldsEveryNamedElementOnceUnderItsSection() throws {
        let json = outline.fillInSchema.jsonSchemaString()
        for label in ["Username", "Password", "Server status", "Login", "Register"] {
            #expect(json.components(separatedBy: "\"\(label)\":").count == 2, "\(label) once")
        }
        #expect(outline.sections.map(\.section) == [.inputs, .facts, .actions])
    }

    @Test func onlyTheFirstButtonIsPrimaryAndAPasswordIsSecure() throws {
        let buttons = outline.elements.filter { $0.kind == .button }
        #expect(buttons.map { outline.buttonStyles(for: $0) } == [[.primary], [.secondary, .destructive]])
        #expect(outline.elements.first { $0.label == "Password" }?.fieldKinds == [.secure])
    }

    @Test func aFilledInOutlineBecomesTheScreenItDescribes() throws {
        let filled = try GeneratedContent(
            json: """
                {"title":"Welcome Back","inputs":{"title":"Account","Username":{"placeholder":"jane","kind":"text"},\
                "Password":{"placeholder":"••••","kind":"secure"}},"facts":{"title":"Status","Server status":"Online"},\
                "actions":{"title":"Go","Login":"primary","Register":"secondary"}}
                """)
        #expect(outline.fillInSchema.firstViolation(in: filled) == nil)
        let screen = try #require(outline.screen(from: filled))
        #expect(
            screen
                == UIScreen(
                    title: "Welcome Back",
                    sections: [
                        UISection(
                            title: "Account",
                            components: [
                                .field(label: "Username", placeholder: "jane", kind: .text),
                                .field(label: "Password", placeholder: "••••", kind: .secure),
                            ]),
                        UISection(title: "Status", components: [.keyValue(key: "Server status", value: "Online")]),
                        UISection(
                            title: "Go",
                            components: [
                                .button(label: "Login", style: .primary), .button(label: "Register", style: .secondary),
                            ]),
                    ]))
    }

    @Test func aPartialFillInShowsOnlyTheElementsThatHaveArrived() throws {
        let text =
            #"{"title":"Welcome Back","inputs":{"title":"Account","Username":{"placeholder":"jane","kind":"text"},"Password":{"placeholder":"••"#
        let partial = try #require(try JSONParser.parsePartial(text))
        let screen = try #require(outline.screen(from: partial, partial: true))
        #expect(screen.title == "Welcome Back")
        #expect(screen.sections.map(\.components) == [[.field(label: "Username", placeholder: "jane", kind: .text)]])
        #expect(outline.screen(from: partial) == nil)
    }

    @Test func anOutlineRoundTripsThroughJSONWithKindsByName() throws {
        let data = try JSONEncoder().encode(outline)
        #expect(String(decoding: data, as: UTF8.self).contains(#""fieldKinds":["secure"]"#))
        #expect(try JSONDecoder().decode(ScreenOutline.self, from: data) == outline)
        let unknown = Data(#"{"elements":[{"kind":"field","label":"Pin","fieldKinds":["hidden"]}]}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ScreenOutline.self, from: unknown) }
    }

    @Test func labelsThatCollideGetDistinctKeys() {
        let collide = ScreenOutline(elements: [.init(.field, "title"), .init(.toggle, "Email"), .init(.field, "Email")])
        let json = collide.fillInSchema.jsonSchemaString()
        #expect(json.contains("\"title 2\""))
        #expect(json.contains("\"Email 2\""))
    }
}
