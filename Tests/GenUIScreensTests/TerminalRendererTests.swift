import GenUIScreens
import GenUITestSupport
import Testing

@Suite("Terminal renderer", .tags(.unit))
struct TerminalRendererTests {
    /// The visible text of a component kind, as the fixtures build it.
    static func visibleTexts(_ kind: String) -> [String] {
        switch kind {
        case "divider": return ["────"]
        case "paragraph": return ["Sample is described in one sentence."]
        case "keyValue": return ["Sample", "Sample value"]
        case "field": return ["Sample (email)", "[ Enter Sample"]
        case "button": return ["[ Sample ]"]
        case "toggle": return ["[x] Sample"]
        case "list": return ["• Sample", "• Sample two"]
        case "standings": return ["Sample", "1. Sample", "42", "2. Other"]
        case "badge": return ["✔ Sample"]
        default: return ["Sample"]
        }
    }

    @Test("every component kind renders its content", arguments: UIComponent.kinds)
    func everyKind(kind: String) {
        let text = TerminalRenderer().render(ScreenFixtures.screen(with: kind))
        for expected in Self.visibleTexts(kind) {
            #expect(text.contains(expected), "\(kind): missing \(expected) in\n\(text)")
        }
        #expect(text.contains("Only \(kind)"))
    }

    @Test("every line of a box has the same width, and text is wrapped inside it")
    func aligned() {
        let renderer = TerminalRenderer(options: .init(width: 50))
        let text = renderer.render(ScreenFixtures.everything)
        let lines: [Substring] = text.split(whereSeparator: \.isNewline)
        let widths: Set<Int> = Set(lines.map { $0.count })
        #expect(widths == [50], "\(text)")
    }

    @Test("consecutive key-values share one value column")
    func keyValueAlignment() throws {
        let screen = UIScreen(
            title: "Plan",
            sections: [
                UISection(
                    title: "Billing",
                    components: [
                        .keyValue(key: "Plan", value: "Pro"), .keyValue(key: "Renewal date", value: "1 March"),
                    ])
            ])
        let lines = TerminalRenderer().render(screen).split(whereSeparator: \.isNewline).map(String.init)
        let pro = try #require(lines.first { $0.contains("Pro") })
        let march = try #require(lines.first { $0.contains("1 March") })
        let proColumn = try #require(pro.range(of: "Pro")).lowerBound
        let marchColumn = try #require(march.range(of: "1 March")).lowerBound
        #expect(
            pro.distance(from: pro.startIndex, to: proColumn) == march.distance(from: march.startIndex, to: marchColumn)
        )
    }

    @Test("colours are off by default and on when asked")
    func colours() {
        let plain = TerminalRenderer().render(ScreenFixtures.everything)
        #expect(!plain.contains("\u{1B}["))
        let coloured = TerminalRenderer(options: .init(colors: true)).render(ScreenFixtures.everything)
        #expect(coloured.contains("\u{1B}[32m✔ positive\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[31m✖ critical\u{1B}[0m"))
    }

    @Test("escape sequences in the data never reach the terminal")
    func sanitized() {
        let text = TerminalRenderer().render(ScreenFixtures.hostile("\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}x"))
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(text.contains("\u{FFFD}"))
    }

    @Test("wide characters keep the box aligned")
    func wideCharacters() {
        let screen = UIScreen(
            title: "東京の天気", sections: [UISection(title: "今日", components: [.keyValue(key: "気温", value: "23°")])])
        let lines = TerminalRenderer(options: .init(width: 40)).render(screen).split(whereSeparator: \.isNewline)
        #expect(
            lines.allSatisfy {
                $0.hasSuffix("║") || $0.hasSuffix("│") || $0.hasSuffix("╗") || $0.hasSuffix("╝") || $0.hasSuffix("┐")
                    || $0.hasSuffix("┘")
            })
        let row = lines.first { $0.contains("気温") }.map(String.init) ?? ""
        #expect(row.count == 40 - 2, "two wide characters take four columns in \(row)")
    }
}
