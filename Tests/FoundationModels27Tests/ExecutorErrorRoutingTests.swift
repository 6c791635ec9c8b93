import Foundation
import GenUI
import GenUIRouter
import GenUITestSupport
import Testing

/// Foundation Models 27 errors thrown by a model package's executor, as a chain routes them and a session hands them
/// on.
@Suite("Foundation Models 27 errors in a chain", .tags(.unit))
struct ExecutorErrorRoutingTests {
    @Test("a package's rate limit moves the chain on to the next member, and the trace names it")
    func rateLimitFallsBack() async throws {
        let limited = FailingExecutorModel(
            failure: .rateLimited(.init(resetDate: nil, debugDescription: "429 from the service")))
        let chain = ProviderChain(
            name: "fm27", models: [ExecutorModel(limited, name: "limited"), ScriptedLanguageModel(name: "backup")])
        let response = try await LanguageModelSession(model: chain).respond(to: "Say hi.")
        let trace = try #require(response.metadata.trace)
        #expect(trace.servedBy == "backup")
        #expect(trace.steps.first?.provider == "limited")
        #expect(trace.steps.first?.outcome != .served)
    }

    @Test("a package's refusal ends a chain's request, and the caller gets the package's own error")
    func refusalReachesTheCaller() async throws {
        let refusing = FailingExecutorModel(
            failure: .refusal(
                .init(
                    explanation: "I will not plan that.", debugDescription: "refused by policy",
                    metadata: ["request": "r-1"])))
        let chain = ProviderChain(
            name: "fm27", models: [ExecutorModel(refusing, name: "refusing"), ScriptedLanguageModel(name: "backup")])
        do {
            try await LanguageModelSession(model: chain).respond(to: "Plan a heist.")
            Issue.record("the refusal should reach the caller")
        } catch LanguageModelError.refusal(let refusal) {
            #expect(refusal.metadata["request"] as? String == "r-1")
            #expect(try await refusal.explanation.content == "I will not plan that.")
        }
    }
}
