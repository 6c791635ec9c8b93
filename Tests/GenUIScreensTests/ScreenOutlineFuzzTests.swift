import GenUI
import GenUIScreens
import GenUITestSupport
import Testing

/// The intent reader on hostile and random input: it never traps, and every outline it gives fits a screen.
@Suite(.tags(.unit)) struct ScreenOutlineFuzzTests {
    static let vocabulary = [
        "a", "an", "the", "and", "or", ",", ".", ";", ":", "(", ")", "\"", "with", "showing", "listing", "saying",
        "for", "field", "fields", "button", "buttons", "toggle", "toggles", "switch", "checkbox", "input", "box",
        "three", "12", "Login", "password", "e-mail", "username", "Pay", "dark", "mode", "total", "ünïcødé", "日本語",
        "🙂", "\u{0}", "\u{1B}[31m", "-", "'", "’", "  ", "\n", String(repeating: "x", count: 300),
    ]

    @Test func randomIntentsGiveOutlinesThatFitAScreen() throws {
        var generator = SeededGenerator(seed: 0x5EED_0F0A71)
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...40, using: &generator)
            let words = (0..<count).map { _ in Self.vocabulary.randomElement(using: &generator) ?? "" }
            let separator = Bool.random(using: &generator) ? " " : ""
            let intent = words.joined(separator: separator)
            let outline = ScreenOutline.read(from: intent)
            try Self.check(outline, intent: intent)
        }
    }

    @Test func aLongIntentIsReadInBoundedOutline() throws {
        let intent =
            "A form with " + (1...2_000).map { "field\($0)" }.joined(separator: ", ") + " fields and "
            + (1...500).map { "B\($0)" }.joined(separator: " and ") + " buttons"
        let outline = ScreenOutline.read(from: intent)
        try Self.check(outline, intent: intent)
        #expect(outline.elements.filter { $0.kind == .field }.count == ScreenOutline.maximumElementsPerSection)
    }

    static func check(_ outline: ScreenOutline, intent: String) throws {
        for element in outline.elements {
            let limit = element.kind == .message ? BodyText.lengthRange.upperBound : ShortText.lengthRange.upperBound
            #expect(!element.label.isEmpty && element.label.count <= limit, "\(intent.debugDescription)")
        }
        for section in outline.sections {
            #expect(section.elements.count <= ScreenOutline.maximumElementsPerSection)
        }
        // A screen assembled from any filling-in of the outline breaks no rule but the one a schema cannot hold
        // (unique section titles), which the composer repairs.
        var synthesizer = ContentSynthesizer(schema: outline.fillInSchema, vocabulary: ["Go"], seed: 1)
        let filled = try synthesizer.content()
        guard !outline.isEmpty else { return }
        let screen = try #require(outline.screen(from: filled), "\(intent.debugDescription)")
        let issues = ScreenValidator().issues(in: screen)
        #expect(issues.allSatisfy { $0.code == .duplicateTitle }, "\(issues)")
        #expect(ScreenValidator().issues(in: ScreenRepairer().repair(screen).screen).isEmpty)
    }
}
