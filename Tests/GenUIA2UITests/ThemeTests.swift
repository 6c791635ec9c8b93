import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIA2UI

/// A surface's `theme`: applied in the HTML page (primary colour, font, agent name) and approximated in the
/// terminal when colours are on.
@Suite("A2UI themes", .tags(.unit))
struct A2UIThemeTests {
    static func themed(_ theme: String) throws -> A2UIResolution {
        var client = A2UIClient()
        let problems = client.process(
            jsonl: A2UICatalogProblemTests.stream(
                #"{"id":"bad","component":"Button","variant":"primary","child":"label","action":{"event":{"name":"go"}}},{"id":"label","component":"Text","text":"Go"}"#,
                theme: theme))
        #expect(problems.isEmpty, "\(problems.map(\.description))")
        return try #require(client.resolve(surfaceID: "s"))
    }

    @Test("the HTML page sets the surface's accent to the primary colour and its font, and names the agent")
    func html() throws {
        let resolution = try Self.themed(
            ##"{"primaryColor":"#E4007C","font":"\"Noto Serif\", serif","agentDisplayName":"Fashion <agent>","iconUrl":"https://example.com/a.png"}"##
        )
        #expect(resolution.theme.primaryColor?.hex == "#e4007c")
        let page = A2UIHTMLRenderer().render([resolution])
        #expect(
            page.contains(
                #"<section class="surface" data-surface="s" style="--accent&#58;#e4007c;font-family&#58;&quot;Noto Serif&quot;, serif">"#
            ), "\(page)")
        #expect(
            page.contains(
                "<p class=\"agent\">Fashion &lt;agent&gt; <a class=\"agent-icon\" href=\"https://example.com/a.png\""))
        #expect(page.contains(#"class="btn primary""#))
    }

    @Test("without a theme the page keeps its default colours")
    func htmlDefault() throws {
        let page = A2UIHTMLRenderer().render([try Self.themed("{}")])
        #expect(page.contains(#"<section class="surface" data-surface="s">"#))
        #expect(!page.contains("class=\"agent\""))
    }

    @Test(
        "the terminal fills a primary button and colours the heading with the palette's nearest colour, only when colours are on"
    )
    func terminal() throws {
        let resolution = try Self.themed(##"{"primaryColor":"#FF0000","agentDisplayName":"Shop"}"##)
        let coloured = A2UITerminalRenderer(colors: true, width: 40).render(resolution)
        #expect(coloured.contains("\u{1B}[1;7;38;5;196m[ Go ]\u{1B}[0m"), "\(coloured.debugDescription)")
        #expect(coloured.contains("\u{1B}[1;38;5;196ms · Shop\u{1B}[0m"))
        let plain = A2UITerminalRenderer(colors: false, width: 40).render(resolution)
        #expect(!plain.contains("\u{1B}"))
        #expect(plain.hasPrefix("═ s · Shop ═"))
        #expect(plain.contains("[ Go ]"))
    }

    @Test("colours map to the nearest entry of the 256-colour palette")
    func palette() throws {
        #expect(try #require(A2UITheme.Color(hex: "#000000")).terminalIndex == 16)
        #expect(try #require(A2UITheme.Color(hex: "#FFFFFF")).terminalIndex == 231)
        #expect(try #require(A2UITheme.Color(hex: "#00BFFF")).terminalIndex == 39)
        #expect(try #require(A2UITheme.Color(hex: "#808080")).terminalIndex == 244)
        #expect(A2UITheme.Color(hex: "#12345G") == nil)
        #expect(A2UITheme.Color(hex: "#1234567") == nil)
        #expect(A2UITheme.Color(hex: "#+12345") == nil)
    }
}

/// Terminal layout by display width: wide CJK characters and emoji take two columns, so boxes and columns line up.
@Suite("A2UI terminal display width", .tags(.unit))
struct A2UIDisplayWidthTests {
    @Test("wide characters and emoji count two columns, combining marks none")
    func widths() {
        #expect(TerminalDisplayWidth.of("abc") == 3)
        #expect(TerminalDisplayWidth.of("東京") == 4)
        #expect(TerminalDisplayWidth.of("한국어") == 6)
        #expect(TerminalDisplayWidth.of("😀") == 2)
        #expect(TerminalDisplayWidth.of("👩‍👩‍👧") == 2)
        #expect(TerminalDisplayWidth.of("🇯🇵") == 2)
        #expect(TerminalDisplayWidth.of("e\u{301}") == 1)
        #expect(TerminalDisplayWidth.of("ｶﾀｶﾅ") == 4)
        #expect(TerminalDisplayWidth.of("ＡＢ") == 4)
        #expect(TerminalDisplayWidth.prefix("東京都", columns: 5) == "東京")
    }

    static func render(_ components: [String], width: Int) throws -> [String] {
        var client = A2UIClient()
        client.process(jsonl: A2UIFixtures.stream(components))
        let text = A2UITerminalRenderer(width: width).render(try #require(client.resolve(surfaceID: "s")))
        return text.split(separator: "\n").map(String.init)
    }

    @Test("a card of CJK text and emoji keeps its right border in one column")
    func card() throws {
        let lines = try Self.render(
            [
                #"{"id":"root","component":"Card","child":"col"}"#,
                #"{"id":"col","component":"Column","children":["a","b","c"]}"#,
                #"{"id":"a","component":"Text","text":"東京の天気は晴れ、最高気温は二十三度です。明日は雨の予報です。"}"#,
                #"{"id":"b","component":"Text","text":"Party 🎉🎉 tonight 👩‍👩‍👧"}"#,
                #"{"id":"c","component":"Text","text":"plain"}"#,
            ], width: 30)
        let box = lines.dropFirst()
        #expect(box.count >= 6)
        for line in box {
            #expect(TerminalDisplayWidth.of(line) == 30, "\(line)")
        }
        #expect(box.contains { $0.contains("東京") })
        #expect(box.contains { $0.contains("🎉") })
    }

    @Test("a row of wide and narrow columns stays aligned")
    func row() throws {
        let lines = try Self.render(
            [
                #"{"id":"root","component":"Row","children":["a","b"]}"#,
                #"{"id":"a","component":"Text","text":"名前 住所 電話 メール"}"#,
                #"{"id":"b","component":"Text","text":"right side"}"#,
            ], width: 24)
        let rows = lines.dropFirst().filter { $0.contains("right") }
        let first = try #require(rows.first)
        let column = try #require(first.range(of: "right")).lowerBound
        #expect(TerminalDisplayWidth.of(first[..<column]) == 13)
    }
}
