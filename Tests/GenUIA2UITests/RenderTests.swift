import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIA2UI

@Suite("A2UI renderers", .tags(.unit))
struct A2UIRenderTests {
    /// One component of each of the 18 types, each under a Column from root, with the text each must show.
    static let everyComponent: [(json: String, shows: String)] = [
        (#"{"id":"c-text","component":"Text","text":"Plain words","variant":"h3"}"#, "Plain words"),
        (
            #"{"id":"c-image","component":"Image","url":"https://example.com/cat.png","description":"A cat"}"#,
            "https://example.com/cat.png"
        ),
        (#"{"id":"c-icon","component":"Icon","name":"star"}"#, "star"),
        (#"{"id":"c-video","component":"Video","url":"https://example.com/clip.mp4"}"#, "https://example.com/clip.mp4"),
        (
            #"{"id":"c-audio","component":"AudioPlayer","url":"https://example.com/song.mp3","description":"A song"}"#,
            "https://example.com/song.mp3"
        ),
        (#"{"id":"c-row","component":"Row","children":["c-row-a","c-row-b"]}"#, "Left side"),
        (#"{"id":"c-column","component":"Column","children":["c-col-a"]}"#, "Stacked"),
        (#"{"id":"c-list","component":"List","children":{"componentId":"c-item","path":"/fruits"}}"#, "Mango"),
        (#"{"id":"c-card","component":"Card","child":"c-card-body"}"#, "Inside a card"),
        (
            #"{"id":"c-tabs","component":"Tabs","tabs":[{"title":"First tab","child":"c-tab-1"},{"title":"Second tab","child":"c-tab-2"}]}"#,
            "Second tab"
        ),
        (#"{"id":"c-modal","component":"Modal","trigger":"c-modal-open","content":"c-modal-body"}"#, "Modal body"),
        (#"{"id":"c-divider","component":"Divider"}"#, "─────"),
        (
            #"{"id":"c-button","component":"Button","child":"c-button-label","variant":"primary","action":{"event":{"name":"go"}}}"#,
            "Go now"
        ),
        (
            #"{"id":"c-field","component":"TextField","label":"Nickname","value":{"path":"/nick"},"checks":[{"condition":{"call":"length","args":{"value":{"path":"/nick"},"min":5}},"message":"At least five letters."}]}"#,
            "At least five letters."
        ),
        (#"{"id":"c-check","component":"CheckBox","label":"Agree","value":{"path":"/agree"}}"#, "Agree"),
        (
            #"{"id":"c-choice","component":"ChoicePicker","label":"Size","options":[{"label":"Small","value":"s"},{"label":"Large","value":"l"}],"value":{"path":"/size"}}"#,
            "Large"
        ),
        (
            #"{"id":"c-slider","component":"Slider","label":"Volume","min":0,"max":10,"value":{"path":"/volume"}}"#,
            "Volume"
        ),
        (
            #"{"id":"c-date","component":"DateTimeInput","label":"When","value":{"path":"/when"},"enableDate":true}"#,
            "2026-03-01"
        ),
    ]

    static let helpers = [
        #"{"id":"c-row-a","component":"Text","text":"Left side"}"#,
        #"{"id":"c-row-b","component":"Text","text":"Right side"}"#,
        #"{"id":"c-col-a","component":"Text","text":"Stacked"}"#,
        #"{"id":"c-item","component":"Text","text":{"path":"name"}}"#,
        #"{"id":"c-card-body","component":"Text","text":"Inside a card"}"#,
        #"{"id":"c-tab-1","component":"Text","text":"Tab one"}"#,
        #"{"id":"c-tab-2","component":"Text","text":"Tab two"}"#,
        #"{"id":"c-modal-open","component":"Button","child":"c-modal-label","action":{"event":{"name":"open"}}}"#,
        #"{"id":"c-modal-label","component":"Text","text":"Open"}"#,
        #"{"id":"c-modal-body","component":"Text","text":"Modal body"}"#,
        #"{"id":"c-button-label","component":"Text","text":"Go now"}"#,
    ]

    static let data =
        #"{"fruits":[{"name":"Apple"},{"name":"Mango"}],"nick":"Al","agree":true,"size":["l"],"volume":7,"when":"2026-03-01"}"#

    static func surface(_ component: String) throws -> A2UIResolution {
        var client = A2UIClient()
        let id = try GeneratedContent(json: component).value(String.self, forProperty: "id")
        let problems = client.process(
            jsonl: A2UIFixtures.stream(
                [#"{"id":"root","component":"Column","children":["\#(id)"]}"#, component] + helpers, data: data))
        #expect(problems == [])
        return try #require(client.resolve(surfaceID: "s"))
    }

    @Test(
        "all 18 basic-catalog components render to the terminal with their content",
        arguments: everyComponent.map(\.json))
    func terminalComponent(json: String) throws {
        let resolution = try Self.surface(json)
        #expect(resolution.problems == [])
        let text = A2UITerminalRenderer(width: 100).render(resolution)
        let shows = try #require(Self.everyComponent.first { $0.json == json }?.shows)
        #expect(text.contains(shows), "\(text)")
        #expect(text.split(separator: "\n").count >= 2)
    }

    @Test("all 18 basic-catalog components render to HTML with their content", arguments: everyComponent.map(\.json))
    func htmlComponent(json: String) throws {
        let html = A2UIHTMLRenderer().render([try Self.surface(json)])
        let shows = try #require(Self.everyComponent.first { $0.json == json }?.shows)
        let needle = json.contains("Divider") ? "<hr>" : A2UIHTMLRenderer.escape(shows)
        #expect(html.contains(needle), "\(html)")
        #expect(!html.contains("<script"))
    }

    @Test("the terminal shows inputs' bound values, selections and placeholders for media")
    func terminalDetails() throws {
        let text = A2UITerminalRenderer(width: 100).render(try Self.surface(Self.everyComponent[13].json))
        #expect(text.contains("Nickname: [Al]"))
        #expect(text.contains("✗ At least five letters."))
        #expect(
            A2UITerminalRenderer(width: 100).render(try Self.surface(Self.everyComponent[14].json)).contains(
                "[x] Agree"))
        #expect(
            A2UITerminalRenderer(width: 100).render(try Self.surface(Self.everyComponent[15].json)).contains(
                "( ) Small (•) Large"))
        #expect(
            A2UITerminalRenderer(width: 100).render(try Self.surface(Self.everyComponent[1].json)).contains(
                "[image A cat] https://example.com/cat.png"))
        #expect(
            A2UITerminalRenderer(width: 100).render(try Self.surface(Self.everyComponent[3].json)).contains(
                "[video] https://example.com/clip.mp4"))
        #expect(
            A2UITerminalRenderer(width: 100).render(try Self.surface(Self.everyComponent[16].json)).contains(
                "Volume: ━━━━━━━━━━━━━━●"))
    }

    @Test("colours are off by default and on when asked; sanitized text keeps escapes out either way")
    func colours() throws {
        var client = A2UIClient()
        client.process(
            jsonl: A2UIFixtures.stream([
                #"{"id":"root","component":"Text","text":"Evil \u001b]0;title\u0007 text","variant":"h1"}"#
            ]))
        let resolution = try #require(client.resolve(surfaceID: "s"))
        let plain = A2UITerminalRenderer().render(resolution)
        #expect(!plain.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        let coloured = A2UITerminalRenderer(colors: true).render(resolution)
        #expect(coloured.contains("\u{1B}[1m"))
        #expect(!coloured.contains("\u{1B}]0;"))
    }

    @Test("HTML escapes text and attributes, links only http(s) URLs, and loads nothing")
    func htmlPolicy() throws {
        var client = A2UIClient()
        client.process(
            jsonl: A2UIFixtures.stream([
                #"{"id":"root","component":"Column","children":["t","i","v"]}"#,
                #"{"id":"t","component":"Text","text":"<script>alert(1)</script> \"x\" onload=1"}"#,
                #"{"id":"i","component":"Image","url":"javascript:alert(1)"}"#,
                #"{"id":"v","component":"Video","url":"https://example.com/v.mp4"}"#,
            ]))
        let html = A2UIHTMLRenderer().render([try #require(client.resolve(surfaceID: "s"))])
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.contains("href=\"javascript"))
        #expect(html.contains("<a href=\"https://example.com/v.mp4\""))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<video"))
        #expect(html.contains("default-src 'none'"))
    }

    @Test(
        "the official contact form renders to the terminal with the data model's values in the fields",
        .enabled(if: A2UIFixtures.hasOfficialExample))
    func contactFormTerminal() throws {
        let lines = try A2UIFixtures.contactForm().split(separator: "\n").map(String.init)
        var client = A2UIClient()
        for line in lines.dropLast() { client.process(line: line) }
        let text = A2UITerminalRenderer(width: 100).render(try #require(client.resolve(surfaceID: "contact_form_1")))
        for expected in [
            "Contact Us", "First Name: [John]", "Last Name: [Doe]", "Email: [john.doe@example.com]",
            "Phone: [1234567890]",
            "(•) Email", "[x] Subscribe to our newsletter", "[ Send Message ]", "(mail)",
        ] {
            #expect(text.contains(expected), "\(expected) in\n\(text)")
        }
        #expect(text.hasPrefix("═ contact_form_1"))
        client.process(line: lines[lines.count - 1])
        #expect(client.resolve(surfaceID: "contact_form_1") == nil)
    }

    @Test(
        "the official contact form renders to HTML with the data model's values in the inputs",
        .enabled(if: A2UIFixtures.hasOfficialExample))
    func contactFormHTML() throws {
        let lines = try A2UIFixtures.contactForm().split(separator: "\n").map(String.init)
        var client = A2UIClient()
        for line in lines.dropLast() { client.process(line: line) }
        let html = A2UIHTMLRenderer().render([try #require(client.resolve(surfaceID: "contact_form_1"))])
        #expect(html.contains(#"value="John""#))
        #expect(html.contains(#"value="john.doe@example.com""#))
        #expect(html.contains(#"<input type="radio" name="pref_picker" value="email" checked"#))
        #expect(html.contains(#"<input type="checkbox" id="newsletter_checkbox-input" checked disabled>"#))
        #expect(html.contains("<h2 id=\"header_text\">Contact Us</h2>"))
        client.process(line: lines[lines.count - 1])
        #expect(client.surfaces.isEmpty)
    }

    @Test("a failed check shows its message in HTML")
    func htmlCheck() throws {
        let html = A2UIHTMLRenderer().render([try Self.surface(Self.everyComponent[13].json)])
        #expect(html.contains(#"<p class="check-failed" role="alert">At least five letters.</p>"#))
    }
}
