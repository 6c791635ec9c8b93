import GenUI
import GenUIDiagnostics
import Testing

@Suite("Network failures in the user's language")
struct TransportFailureTextTests {
    static let failures: [TransportFailure] = [
        .connectionRefused(endpoint: "http://127.0.0.1:9"), .dnsFailure(host: "models.invalid"),
        .tlsFailure(detail: "certificate expired"), .connectTimeout(endpoint: "http://127.0.0.1:9"),
        .connectionLost(detail: "HTTP/1.1 body ended early"),
    ]

    @Test("each kind of network failure is worded from the catalog, keeping what the network said", arguments: failures)
    func worded(failure: TransportFailure) {
        let english = Diagnostics(language: .english).describe(failure)
        for language in DiagnosticLanguage.allCases {
            let text = Diagnostics(language: language).describe(failure)
            #expect(!text.contains("{"), "\(language): \(text)")
            if language != .english { #expect(text != english, "\(language) is still English: \(text)") }
            switch failure {
            case .connectionRefused(let endpoint), .connectTimeout(let endpoint): #expect(text.contains(endpoint))
            case .dnsFailure(let host): #expect(text.contains(host))
            case .tlsFailure(let detail), .connectionLost(let detail): #expect(text.contains(detail))
            case .other: break
            }
        }
    }

    @Test("a transport error's message carries the worded failure")
    func inTheErrorMessage() {
        let error = LanguageModelError.transport(
            .connectionRefused(endpoint: "http://127.0.0.1:9"), .init(provider: "ollama", debugDescription: "refused"))
        let message = Diagnostics(language: .german).describe(error).message
        #expect(message.contains("abgelehnt"), "\(message)")
        #expect(!message.contains("connection refused"), "\(message)")
    }
}
