import GenUI
import GenUIDiagnostics
import GenUITestSupport
import Testing

@Suite("Adapter errors in the user's language", .tags(.unit))
struct AdapterDiagnosticsTests {
    let errors: [SystemLanguageModel.Adapter.AssetError] = [
        .invalidAsset(.init(debugDescription: "file")), .invalidAdapterName(.init(debugDescription: "name")),
        .compatibleAdapterNotFound(.init(debugDescription: "pack")),
    ]

    @Test(
        "every adapter asset error has its own message and the remedy in every language",
        arguments: DiagnosticLanguage.allCases)
    func everyLanguage(_ language: DiagnosticLanguage) {
        let diagnostics = Diagnostics(language: language)
        let messages = errors.map(diagnostics.describe)
        for (error, message) in zip(errors, messages) {
            #expect(!message.message.hasPrefix("adapter."), "\(language) \(error.code) has no message")
            #expect(
                message.remediation.map { !$0.hasPrefix("adapter.") } == true, "\(language) \(error.code) has no remedy"
            )
        }
        #expect(Set(messages.map(\.message)).count == errors.count)
    }

    @Test("the adapter an app could not load on genui is explained as Apple-only, in English")
    func appleOnlyInEnglish() {
        let message = Diagnostics(language: .english).describe(
            SystemLanguageModel.Adapter.AssetError.compatibleAdapterNotFound(.init(debugDescription: "tagger")))
        #expect(message.message.contains("Apple's on-device model"))
        #expect(message.remediation?.contains("without an adapter") == true)
    }
}
