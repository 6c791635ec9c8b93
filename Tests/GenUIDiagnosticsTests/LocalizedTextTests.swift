import GenUI
import GenUIConfig
import GenUIDiagnostics
import GenUITestSupport
import Testing

@Suite("Localized text and the pseudo-locale", .tags(.unit))
struct LocalizedTextTests {
    @Test("en-XA transforms every English template: no ASCII letter outside placeholders, about 30 % longer, bracketed")
    func pseudoCatalog() {
        let english = MessageCatalog.standard.messages(for: .english)
        let pseudo = MessageCatalog.standard.messages(for: .pseudo)
        for (key, template) in english where template != "{text}" {
            let transformed = pseudo[key] ?? ""
            var outside = transformed
            for name in MessageCatalog.placeholders(in: template) {
                outside = outside.replacingOccurrences(of: "{\(name)}", with: "")
            }
            #expect(!outside.contains { $0.isASCII && $0.isLetter }, "\(key): \(transformed)")
            #expect(transformed.hasPrefix("⟦") && transformed.hasSuffix("⟧"), "\(key)")
            #expect(MessageCatalog.placeholders(in: transformed) == MessageCatalog.placeholders(in: template), "\(key)")
            var words = template
            for name in MessageCatalog.placeholders(in: template) {
                words = words.replacingOccurrences(of: "{\(name)}", with: "")
            }
            let letters = words.filter(\.isLetter).count
            #expect(transformed.count >= template.count + letters * 3 / 10, "\(key): \(transformed)")
        }
    }

    @Test("--locale en-XA chooses the pseudo-locale, which is not among the shipped languages")
    func pseudoResolution() {
        #expect(DiagnosticLanguage.resolve(explicit: "en-XA", environment: [:]) == .pseudo)
        #expect(DiagnosticLanguage.resolve(explicit: nil, environment: ["LANG": "en_XA.UTF-8"]) == .pseudo)
        #expect(DiagnosticLanguage.resolve(explicit: "en-US", environment: [:]) == .english)
        #expect(!DiagnosticLanguage.shipped.contains(.pseudo))
        #expect(HumanFormatter(language: .pseudo).duration(.milliseconds(350)) == "350 ḿš")
    }

    @Test("a providers.yml error and its suggestion read in the user's language, the English kept for logs")
    func configurationIssueLocalized() throws {
        let loader = ConfigurationLoader(environment: [:])
        let text = """
            version: 1
            chains:
              default: [on-devcie]
            providers:
              on-device: { type: scripted }
            """
        #expect(throws: ConfigurationError.self) { try loader.parse(text, file: "p.yml") }
        do {
            _ = try loader.parse(text, file: "p.yml")
        } catch {
            let issue = try #require(error.first)
            #expect(
                issue.description
                    == "p.yml:3:13: error: chains.default[0]: the chain names provider 'on-devcie', which is not defined under providers (did you mean 'on-device'?)"
            )
            #expect(
                issue.localizedDescription(Diagnostics(language: .german))
                    == "p.yml:3:13: Fehler: chains.default[0]: die Kette nennt den Anbieter 'on-devcie', der unter providers nicht definiert ist (meinten Sie 'on-device'?)"
            )
        }
    }

    @Test("arguments are written for the language: sizes, durations, lists, nested phrases")
    func argumentsFormatted() {
        let text = LocalizedText(
            "config.issue.mismatch",
            [
                "expected": .phrase(LocalizedText("config.expected.integer")),
                "found": .phrase(LocalizedText("config.shape.list")),
            ])
        #expect(Diagnostics(language: .english).text(text) == "expected an integer, found a list")
        #expect(Diagnostics(language: .french).text(text) == "attendu : un entier, trouvé : une liste")
        let fact = LocalizedText("doctor.fact.modelFound", ["path": "/m.gguf", "size": .bytes(1_900_000_000)])
        #expect(Diagnostics(language: .german).text(fact) == "Modell /m.gguf: gefunden, 1,9 GB")
    }

    @Test("a missing model's remedy fits the provider: ollama pull for Ollama, never make runtime")
    func remedyFitsProvider() {
        let reason = UnavailableReason.modelNotInstalled(name: "qwen2.5:0.5b")
        let diagnostics = Diagnostics(language: .english)
        #expect(
            diagnostics.describe(reason, remedies: ProviderDefinition.ollama.remedies).remediation
                == "Download it with: ollama pull qwen2.5:0.5b")
        for language in DiagnosticLanguage.allCases {
            let all = MessageCatalog.standard.messages(for: language).values
            #expect(!all.contains { $0.contains("make runtime") }, "\(language)")
        }
    }
}
