import GenUI
import GenUIDiagnostics
import GenUIScreens
import GenUITestSupport
import Testing

/// The lenient screen decoder's repairs and refusals read in every language from the catalog. (The command line
/// composes through a chain, whose defensive decoder holds unguided output to the schema first, so these are what a
/// program that composes with one provider shows; they are worded here the way `genui generate -v` words repairs.)
@Suite("The lenient decoder's repairs in every language", .tags(.unit))
struct ScreenRepairWordingTests {
    static let messyScreen = #"""
        {"screen": {"title": "Login", "sections": [{"title": "Account", "components": [
          {"type": "Heading", "text": "Welcome"}, {"type": "chart"}, 5, {"text": "orphan"},
          {"type": "paragraph", "text": 42}, {"type": "toggle", "label": "Remember me", "isOn": "yes"},
          {"type": "list", "items": "only item"}, {"type": "button", "style": "Loud"},
          {"type": "keyValue", "key": "Plan", "value": true}, {"type": "toggle", "label": "Alerts", "isOn": 1}
        ]}, "junk"]}}
        """#

    /// A catalog message and its arguments as the command line renders them (`ScreenIssueText`).
    static func text(_ key: String, _ arguments: [String: ScreenIssue.Argument]) -> LocalizedText {
        LocalizedText(
            key,
            arguments.mapValues { argument in
                switch argument {
                case .text(let value): .verbatim(value)
                case .number(let value): .integer(value)
                case .phrase(let key): .phrase(LocalizedText(key))
                }
            })
    }

    /// Every message the lenient decoder gives for `messyScreen` and for content that is not a screen.
    static func messages() throws -> [LocalizedText] {
        var messages = try ScreenRepairer().repair(content: GeneratedContent(json: messyScreen)).repairs
            .map { text($0.key, $0.arguments) }
        for json in [#"[1, 2]"#, #"{"title": "Login"}"#] {
            let content = try GeneratedContent(json: json)
            do {
                _ = try ScreenRepairer().repair(content: content)
            } catch {
                messages += error.issues.map { text($0.key, $0.arguments) }
            }
        }
        return messages
    }

    @Test("each repair and refusal is a catalog message in every language, and none is left in English")
    func wordedInEveryLanguage() throws {
        let messages = try Self.messages()
        #expect(messages.count >= 14)
        for message in messages {
            let english = Diagnostics(language: .english).text(message)
            for language in DiagnosticLanguage.allCases {
                #expect(
                    MessageCatalog.standard.messages(for: language)[message.key] != nil,
                    "\(language) lacks \(message.key)")
                let text = Diagnostics(language: language).text(message)
                #expect(!text.contains("{"), "\(language): \(text)")
                if language == .pseudo {
                    // The pseudo-locale brackets every catalog text; text that bypassed the catalog is bare.
                    #expect(text.hasPrefix(String(PseudoLocale.open)), "not from the catalog: \(text)")
                } else if language != .english {
                    #expect(text != english, "\(language) is still English: \(text)")
                }
            }
        }
    }
}
