import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIA2UI

@Suite("A2UI data binding, templates and actions", .tags(.unit))
struct A2UIBindingTests {
    static let listStream = A2UIFixtures.stream(
        [
            #"{"id":"root","component":"List","children":{"componentId":"item","path":"/items"}}"#,
            #"{"id":"item","component":"Row","children":["name","price"]}"#,
            #"{"id":"name","component":"Text","text":{"path":"name"}}"#,
            #"{"id":"price","component":"Text","text":{"call":"formatCurrency","args":{"value":{"path":"price"},"currency":"USD"},"returnType":"string"}}"#,
        ], data: #"{"items":[{"name":"Tea","price":3.5},{"name":"Cake","price":12}]}"#)

    @Test("a List template repeats its component for each item, relative paths reading that item")
    func templateList() throws {
        var client = A2UIClient()
        #expect(client.process(jsonl: Self.listStream) == [])
        let resolution = try #require(client.resolve(surfaceID: "s"))
        #expect(resolution.problems == [])
        let rows = try #require(resolution.root?.children)
        #expect(rows.map { $0.children.map { $0.text("text") } } == [["Tea", "$3.50"], ["Cake", "$12.00"]])
        #expect(rows[1].children[0].bindings["text"] == "/items/1/name")
    }

    @Test("a template over data that grows shows the new item after updateDataModel")
    func templateFollowsData() throws {
        var client = A2UIClient()
        client.process(jsonl: Self.listStream)
        client.process(
            jsonl:
                #"{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/items/2","value":{"name":"Pie","price":4}}}"#
        )
        #expect(client.resolve(surfaceID: "s")?.root?.children.count == 3)
        #expect(client.resolve(surfaceID: "s")?.root?.children[2].children[0].text("text") == "Pie")
    }

    @Test("two-way binding: setting a value at a path changes every component bound to it and re-runs checks")
    func twoWayBinding() throws {
        var client = A2UIClient()
        client.process(
            jsonl: A2UIFixtures.stream(
                [
                    #"{"id":"root","component":"Column","children":["field","echo"]}"#,
                    #"{"id":"field","component":"TextField","label":"Email","value":{"path":"/email"},"checks":[{"condition":{"call":"email","args":{"value":{"path":"/email"}}},"message":"Enter an email."}]}"#,
                    #"{"id":"echo","component":"Text","text":{"call":"formatString","args":{"value":"You typed ${/email}"},"returnType":"string"}}"#,
                ], data: #"{"email":"nope"}"#))
        var root = try #require(client.resolve(surfaceID: "s")?.root)
        #expect(root.children[0].failedChecks == ["Enter an email."])
        #expect(root.children[1].text("text") == "You typed nope")
        let field = root.children[0]
        #expect(
            client.setValue(
                GeneratedContent(kind: .string("ada@example.com")), at: try #require(field.bindings["value"]),
                surfaceID: "s"))
        root = try #require(client.resolve(surfaceID: "s")?.root)
        #expect(root.children[0].text("value") == "ada@example.com")
        #expect(root.children[0].failedChecks == [])
        #expect(root.children[1].text("text") == "You typed ada@example.com")
    }

    @Test(
        "a Button's action becomes a client-to-server action message with its context resolved, valid against client_to_server.json",
        .enabled(if: A2UIFixtures.hasOfficialExample))
    func actionMessage() throws {
        let lines = try A2UIFixtures.contactForm().split(separator: "\n").map(String.init)
        var client = A2UIClient()
        for line in lines.dropLast() { client.process(line: line) }
        client.setValue(GeneratedContent(kind: .bool(false)), at: "/contact/subscribe", surfaceID: "contact_form_1")
        let message = try #require(
            client.action(
                surfaceID: "contact_form_1", componentID: "submit_button",
                timestamp: Date(timeIntervalSince1970: 1_770_000_000)))
        let json = message.jsonString
        #expect(
            json.hasPrefix(
                #"{"version":"v0.9","action":{"name":"submitContactForm","surfaceId":"contact_form_1","sourceComponentId":"submit_button","timestamp":"2026-02-02T02:40:00.000Z","context":{"formId":"contact_form_1","clientTime":"#
            ))
        #expect(json.contains(#""isNewsletterSubscribed":false"#))
        #expect(json.contains(#""clientTime":"Mon Feb 2, 2026 3:17 PM""#))
        guard A2UISchemaCheck.ready() else { return }
        #expect(try A2UISchemaCheck.errors(in: json + "\n", schema: A2UISchemaCheck.clientToServer) == [])
        #expect(
            try !A2UISchemaCheck.errors(
                in: #"{"version":"v0.9","action":{"name":"x"}}"# + "\n", schema: A2UISchemaCheck.clientToServer
            ).isEmpty)
    }

    @Test("a Button inside a template resolves its context against its own item")
    func actionInTemplate() throws {
        var client = A2UIClient()
        client.process(
            jsonl: A2UIFixtures.stream(
                [
                    #"{"id":"root","component":"List","children":{"componentId":"buy","path":"/items"}}"#,
                    #"{"id":"buy","component":"Button","child":"buy-label","action":{"event":{"name":"buy","context":{"item":{"path":"name"}}}}}"#,
                    #"{"id":"buy-label","component":"Text","text":{"path":"name"}}"#,
                ], data: #"{"items":[{"name":"Tea"},{"name":"Cake"}]}"#))
        let root = try #require(client.resolve(surfaceID: "s")?.root)
        #expect(root.children.map { $0.action?.context.jsonString } == [#"{"item":"Tea"}"#, #"{"item":"Cake"}"#])
    }
}
