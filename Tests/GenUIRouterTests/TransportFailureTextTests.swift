import Foundation
import GenUI
import GenUIDiagnostics
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Testing

@Suite("Network failures in the user's language", .tags(.unit))
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
        let error = GenUIError.transport(
            .connectionRefused(endpoint: "http://127.0.0.1:9"), .init(provider: "ollama", debugDescription: "refused"))
        let message = Diagnostics(language: .german).describe(error).message
        #expect(message.contains("abgelehnt"), "\(message)")
        #expect(!message.contains("connection refused"), "\(message)")
    }
}

@Suite("Failed route steps in the user's language", .tags(.unit))
struct FailedStepTextTests {
    @Test("a failed attempt's step keeps what its error carried, so the route is worded like the error itself")
    func failedStepsWorded() async throws {
        let refused = FailingLanguageModel(
            name: "refused",
            behavior: .fail(
                .transport(
                    .connectionRefused(endpoint: "http://127.0.0.1:9"),
                    .init(debugDescription: "connection refused (errno 111)"))))
        let broken = FailingLanguageModel(
            name: "broken", behavior: .fail(.serverError(status: 503, .init(debugDescription: "HTTP 503: overloaded"))))
        let healthy = FailingLanguageModel(name: "healthy")
        let chain = ProviderChain(name: "c", models: [refused, broken, healthy], options: quickOptions())
        let response = try await chain.respond(to: GenerationRequest(prompt: "hi"))
        let trace = try #require(response.metadata.trace)
        let steps = trace.steps.filter { $0.outcome == .failed }
        try #require(steps.count == 2, "\(trace.summary)")
        #expect(steps[0].failure == .transport(.connectionRefused(endpoint: "http://127.0.0.1:9")))
        #expect(steps[1].failure == .serverError(status: 503))

        let german = Diagnostics(language: .german)
        let refusedText = german.reason(of: steps[0])
        #expect(refusedText.contains("abgelehnt") && refusedText.contains("http://127.0.0.1:9"), "\(refusedText)")
        #expect(!refusedText.contains("errno"), "the developer's description stays out: \(refusedText)")
        #expect(german.reason(of: steps[1]).contains("HTTP 503"), "\(german.reason(of: steps[1]))")

        let decoded = try JSONDecoder().decode(RouteTrace.self, from: JSONEncoder().encode(trace))
        #expect(decoded == trace, "the failure survives --json")
    }
}
