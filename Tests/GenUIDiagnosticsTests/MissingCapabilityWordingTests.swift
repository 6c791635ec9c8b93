import GenUI
import GenUIDiagnostics
import Testing

@Suite("Why a provider cannot serve, in a few words", .tags(.unit))
struct MissingCapabilityWordingTests {
    @Test(
        "a provider that lacks vision cannot see images, in every language; other lacks are listed with it",
        arguments: DiagnosticLanguage.allCases)
    func cannotSeeImages(_ language: DiagnosticLanguage) {
        let diagnostics = Diagnostics(language: language)
        let vision = diagnostics.missingCapabilitiesText([.vision])
        let both = diagnostics.missingCapabilitiesText([.vision, .toolCalling])
        for text in [vision, both] { #expect(!text.isEmpty && !text.contains("{"), "\(language): \(text)") }
        #expect(both.contains(diagnostics.name(of: .toolCalling)), "\(language): \(both)")
        #expect(vision != diagnostics.missingCapabilitiesText([.toolCalling]))
    }

    @Test("the words themselves, in English and German")
    func words() {
        #expect(Diagnostics(language: .english).missingCapabilitiesText([.vision]) == "cannot see images")
        #expect(Diagnostics(language: .german).missingCapabilitiesText([.vision]) == "kann keine Bilder sehen")
        #expect(Diagnostics(language: .english).missingCapabilitiesText([.toolCalling]) == "lacks tool calling")
    }
}
