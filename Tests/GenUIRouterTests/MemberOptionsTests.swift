import GenUIRouter
import GenUITesting
import Testing

@_spi(Reading) @testable import GenUI

/// A chain member's own options apply when that member serves, and only then: the member before it is asked with the
/// request's own settings, and the session's transcript keeps what the app asked.
@Suite("Per-member options", .tags(.unit))
struct MemberOptionsTests {
    @Test("a fallback member's temperature, token limit, reasoning level and extra body fields replace the request's")
    func fallbackUsesItsOwnOptions() async throws {
        let first = RequestRecordingModel(
            wrapping: FailingLanguageModel(
                name: "first", behavior: .fail(.serverError(status: 500, .init(debugDescription: "down")))),
            capabilities: [.reasoning])
        let cheap = RequestRecordingModel(
            wrapping: FixedAnswerModel(name: "cheap", text: "cheap answer"), capabilities: [.reasoning])
        let options = MemberOptions(
            temperature: 0.2, maximumResponseTokens: 64, reasoningLevel: .light,
            extraBody: ["top_k": GeneratedContent(kind: .number(20))])
        let chain = ProviderChain(
            name: "main", members: [ChainMember(first), ChainMember(cheap, options: options)])
        let session = LanguageModelSession(model: chain)
        var asked = GenerationOptions()
        asked.temperature = 0.9
        asked.maximumResponseTokens = 500
        let response = try await session.respond(
            to: Prompt("Hi"), options: asked, contextOptions: ContextOptions(reasoningLevel: .deep))
        #expect(response.content == "cheap answer")

        let original = try #require(first.requests.first)
        #expect(original.options.temperature == 0.9)
        #expect(original.options.maximumResponseTokens == 500)
        #expect(original.reasoningLevel == .deep)
        #expect(original.extraBody.isEmpty)

        let served = try #require(cheap.requests.first)
        #expect(served.options.temperature == 0.2)
        #expect(served.options.maximumResponseTokens == 64)
        #expect(served.reasoningLevel == .light)
        #expect(served.turn?.generationOptions.temperature == 0.2)
        #expect(served.extraBody == ["top_k": GeneratedContent(kind: .number(20))])

        // The transcript records the prompt as the app asked it.
        guard
            case .prompt(let prompt)? = session.transcript.first(where: { if case .prompt = $0 { true } else { false } }
            )
        else {
            Issue.record("no prompt entry")
            return
        }
        #expect(prompt.options.temperature == 0.9)
        #expect(prompt.contextOptions.reasoningLevel == .deep)
    }

    @Test("options not given keep the request's own, and empty options leave the request as it is")
    func partialOptions() async throws {
        let member = RequestRecordingModel(wrapping: FixedAnswerModel(name: "only", text: "ok"))
        let chain = ProviderChain(
            name: "main", members: [ChainMember(member, options: MemberOptions(maximumResponseTokens: 32))])
        var request = GenerationRequest(prompt: "Hi")
        request.options.temperature = 0.7
        _ = try await chain.respond(to: request)
        let served = try #require(member.requests.first)
        #expect(served.options.temperature == 0.7)
        #expect(served.options.maximumResponseTokens == 32)
        #expect(served.reasoningLevel == nil)
        #expect(MemberOptions().isEmpty)
        #expect(!MemberOptions(temperature: 0).isEmpty)
    }
}
