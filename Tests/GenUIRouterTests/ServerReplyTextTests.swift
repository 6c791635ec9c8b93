import Foundation
import GenUI
import GenUIDiagnostics
import GenUIHTTP
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Testing

/// A request a server rejected carries the server's reply as values (``ServerErrorReply``), so the error and its
/// failed route step are worded in the user's language around the server's own words.
@Suite("A server's rejection in the user's language", .tags(.unit))
struct ServerReplyTextTests {
    static func rejection(_ body: String) -> GenUIError {
        HTTPErrorMapping.error(
            status: 400, headers: [:], body: Data(body.utf8), provider: "cloud", secrets: ["sk-secret-key-1234"])
    }

    @Test("an HTTP 400 is an invalid request carrying the status and the server's message, secrets masked")
    func rejectionCarriesTheReply() throws {
        let error = Self.rejection(
            #"{"error":{"message":"bad key sk-secret-key-1234","type":"invalid_request_error"}}"#)
        guard case .invalidRequest(let context) = error else {
            Issue.record("expected invalidRequest, got \(error)")
            return
        }
        let reply = try #require(context.underlying(ServerErrorReply.self))
        #expect(reply.status == 400)
        #expect(reply.type == "invalid_request_error")
        #expect(reply.message?.contains("sk-secret-key-1234") == false, "\(reply)")
        #expect(context.debugDescription == reply.description, "the developer's description is as before")
        #expect(context.debugDescription.hasPrefix("HTTP 400 invalid_request_error: bad key"))
    }

    @Test("the rejection is worded from the catalog in every language, quoting only what the server said")
    func rejectionWorded() {
        let said = Self.rejection(#"{"error":{"message":"unknown field foo"}}"#)
        let silent = Self.rejection(#"{"error":{}}"#)
        for language in DiagnosticLanguage.allCases {
            let diagnostics = Diagnostics(language: language)
            let withMessage = diagnostics.describe(said).message
            let without = diagnostics.describe(silent).message
            #expect(
                withMessage.contains("unknown field foo") && withMessage.contains("400"), "\(language): \(withMessage)")
            #expect(without.contains("400") && !without.contains("no details"), "\(language): \(without)")
            if language == .pseudo {
                // Every word outside the server's message is transformed: nothing of ours is left in English.
                let ours = withMessage.replacingOccurrences(of: "unknown field foo", with: "")
                #expect(!ours.contains("server") && !ours.contains("HTTP 400:"), "\(ours)")
                #expect(!without.contains("server"), "\(without)")
            }
        }
    }

    @Test("a failed step keeps the reply, is worded like the error, and keeps it through --json")
    func failedStepWorded() async throws {
        let rejecting = FailingLanguageModel(name: "rejecting", behavior: .fail(Self.rejection(#"{"error":{}}"#)))
        let chain = ProviderChain(name: "c", models: [rejecting], options: quickOptions())
        let error = try await #require(throws: GenUIError.self) {
            try await chain.respond(to: GenerationRequest(prompt: "hi"))
        }
        let trace = try #require(error.trace)
        let step = try #require(trace.steps.first { $0.outcome == .failed })
        #expect(step.failure == .invalidRequest(ServerErrorReply(status: 400)))
        let german = Diagnostics(language: .german).reason(of: step)
        #expect(german.contains("Server") && german.contains("HTTP 400"), "\(german)")
        #expect(!german.contains("no details"), "the developer's description stays out: \(german)")
        let decoded = try JSONDecoder().decode(RouteTrace.self, from: JSONEncoder().encode(trace))
        #expect(decoded == trace, "the reply survives --json")
    }

    @Test("an invalid request that no server made keeps no reply, and is told with the developer's description")
    func ownInvalidRequest() {
        let error = GenUIError.invalid("SamplingMode.random(top:) is 0; it must be at least 1")
        #expect(RouteTrace.Failure(error) == nil)
        #expect(Diagnostics(language: .english).describe(error).message.contains("SamplingMode.random(top:) is 0"))
    }
}
