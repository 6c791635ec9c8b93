import GenUI
import GenUIScreens
import GenUITestSupport
import Testing

@Suite("A2UI renderer", .tags(.unit))
struct A2UIRendererTests {
    @Test("every component kind validates against the official A2UI v0.9 schemas", arguments: UIComponent.kinds)
    func everyKindValidates(kind: String) throws {
        let jsonl = A2UIRenderer().render(ScreenFixtures.screen(with: kind))
        #expect(try A2UIStructure.problems(in: jsonl) == [])
        guard A2UISchemaCheck.ready() else { return }
        #expect(try A2UISchemaCheck.errors(in: jsonl) == [], "\(jsonl)")
    }

    @Test("a screen with every kind and variant validates and forms one tree under root")
    func everythingValidates() throws {
        let jsonl = A2UIRenderer().render(ScreenFixtures.everything)
        #expect(try A2UIStructure.problems(in: jsonl) == [])
        guard A2UISchemaCheck.ready() else { return }
        #expect(try A2UISchemaCheck.errors(in: jsonl) == [])
    }

    @Test("hostile strings stay data: the stream still validates")
    func hostileValidates() throws {
        let jsonl = A2UIRenderer().render(ScreenFixtures.hostile("\"},{\"id\":\"root\"}\n<script>\u{0}"))
        #expect(jsonl.split(whereSeparator: \.isNewline).count == 3)
        #expect(try A2UIStructure.problems(in: jsonl) == [])
        guard A2UISchemaCheck.ready() else { return }
        #expect(try A2UISchemaCheck.errors(in: jsonl) == [])
    }

    @Test("the validator accepts the official example and rejects an unknown property")
    func validatorIsStrict() throws {
        guard A2UISchemaCheck.ready(), let file = TestEnvironment.a2uiOfficialExample else { return }
        let example = try String(contentsOf: file, encoding: .utf8)
        #expect(try A2UISchemaCheck.errors(in: example) == [])
        let bad =
            #"{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"TextField","label":"Name","placeholder":"x"}]}}"#
        #expect(try !A2UISchemaCheck.errors(in: bad + "\n").isEmpty)
        let textOnButton =
            #"{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Button","text":"Go","action":{"event":{"name":"go"}}}]}}"#
        #expect(try !A2UISchemaCheck.errors(in: textOnButton + "\n").isEmpty)
    }

    @Test("the stream starts a surface on the basic catalog, then sends the components and the form's data")
    func messageOrder() throws {
        let messages = A2UIRenderer(surfaceID: "login").messages(for: ScreenFixtures.screen(with: "toggle"))
        #expect(
            messages.map { $0.orderedProperties?.map(\.key) ?? [] } == [
                ["version", "createSurface"], ["version", "updateComponents"], ["version", "updateDataModel"],
            ])
        #expect(
            messages[0].jsonString
                == #"{"version":"v0.9","createSurface":{"surfaceId":"login","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}"#
        )
        #expect(messages[2].jsonString.contains(#""value":{"s0-c0":true}"#))
    }

    @Test("a button's label is a Text child and its action event is named from the label")
    func buttonMapping() throws {
        let jsonl = A2UIRenderer().render(
            UIScreen(
                title: "T", sections: [UISection(title: "S", components: [.button(label: "Sign in", style: .primary)])])
        )
        #expect(
            jsonl.contains(
                #"{"id":"s0-c0","component":"Button","child":"s0-c0-label","variant":"primary","action":{"event":{"name":"signIn","context":{"componentId":"s0-c0","label":"Sign in"}}}}"#
            ))
        #expect(jsonl.contains(#"{"id":"s0-c0-label","component":"Text","text":"Sign in"}"#))
    }
}
