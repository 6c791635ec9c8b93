import Foundation
@_spi(Reading) import GenUI
import GenUIOpenAI
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Testing

/// A chain member's options reach its backend's request body, in the vendor's own fields, and never the other
/// member's.
@Suite("Per-member options on the wire", .tags(.unit))
struct MemberOptionsWireTests {
    @Test("an OpenAI-compatible fallback sends its temperature, max_tokens, reasoning_effort and extra body fields")
    func openAI() async throws {
        let failing = try LoopbackHTTPServer { request, connection in
            guard request.method == "POST" else {
                connection.respond(json: #"{"object":"list","data":[{"id":"big","object":"model","owned_by":"test"}]}"#)
                return
            }
            connection.respond(
                status: 500, json: #"{"error":{"message":"overloaded","type":"server_error","code":null}}"#)
        }
        defer { failing.stop() }
        let serving = try ImageWireTests.server(
            answer:
                #"{"id":"c1","object":"chat.completion","model":"mini","choices":[{"index":0,"message":{"role":"assistant","content":"Hi."},"finish_reason":"stop"}]}"#
        )
        defer { serving.stop() }
        let chain = ProviderChain(
            name: "main",
            members: [
                ChainMember(VendorProviders.openAI(failing, model: "big")),
                ChainMember(
                    VendorProviders.openAI(serving, model: "mini"),
                    options: MemberOptions(
                        temperature: 0.2, maximumResponseTokens: 64, reasoningLevel: .light,
                        extraBody: [
                            "top_k": GeneratedContent(kind: .number(20)),
                            "temperature": GeneratedContent(kind: .number(0.3)),
                        ])),
            ])
        var options = GenerationOptions()
        options.temperature = 0.9
        let answer = try await LanguageModelSession(model: chain).respond(to: Prompt("Hello"), options: options)
        #expect(answer.content == "Hi.")

        let big = try #require(failing.requests.first(where: { $0.method == "POST" })?.json)
        #expect(big["temperature"]?.numberValue == 0.9)
        #expect(big["top_k"] == nil)
        #expect(big["reasoning_effort"] == nil)

        let mini = try ImageWireTests.lastBody(serving)
        // extra_body is applied last: it replaces a field genui sets.
        #expect(mini["temperature"]?.numberValue == 0.3)
        #expect(mini["top_k"]?.intValue == 20)
        #expect((mini["max_completion_tokens"] ?? mini["max_tokens"])?.intValue == 64)
        #expect(mini["reasoning_effort"]?.stringValue == "low")
        #expect(mini["model"]?.stringValue == "mini")
    }
}
