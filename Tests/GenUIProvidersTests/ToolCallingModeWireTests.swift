import Foundation
@_spi(Reading) import GenUI
import GenUIAnthropic
import GenUITestSupport
import GenUITesting
import Testing

/// A tool the model may be made to call, or kept from calling.
private struct ClockTool: Tool {
    let name = "clock"
    let description = "Tells the time."

    @Generable
    struct Arguments {}

    func call(arguments: Arguments) async throws -> String { "noon" }
}

/// `GenerationOptions.toolCallingMode` on each provider's wire, in the vendor's documented field: OpenAI's
/// `tool_choice: "required"`, Anthropic's `tool_choice: {type: any}`, Gemini's
/// `toolConfig.functionCallingConfig.mode: ANY`; `.disallowed` keeps the tools (a conversation with earlier calls needs
/// their definitions) and forbids calls (`none`, `NONE`), and where a backend cannot forbid them (Ollama) offers no
/// tools (Ollama has no field to require a call either, so `.required` offers the tools as `.allowed` does there).
@Suite("Tool-calling mode on each provider's wire", .tags(.unit))
struct ToolCallingModeWireTests {
    static let openAIAnswer =
        #"{"id":"c1","object":"chat.completion","model":"gpt-test","choices":[{"index":0,"message":{"role":"assistant","content":"Noon."},"finish_reason":"stop"}]}"#
    static let anthropicAnswer =
        #"{"id":"msg_1","type":"message","role":"assistant","model":"claude-test","content":[{"type":"text","text":"Noon."}],"stop_reason":"end_turn","usage":{"input_tokens":9,"output_tokens":2}}"#
    static let geminiAnswer =
        #"{"candidates":[{"content":{"role":"model","parts":[{"text":"Noon."}]},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":9,"candidatesTokenCount":2}}"#
    static let ollamaAnswer =
        #"{"model":"llama3","created_at":"2026-11-29T00:00:00Z","message":{"role":"assistant","content":"Noon."},"done":true,"done_reason":"stop","prompt_eval_count":9,"eval_count":2}"#

    /// Asks `model` once with the clock tool and `mode`; returns the body the server received.
    static func body(
        _ model: some LanguageModel, server: LoopbackHTTPServer, mode: GenerationOptions.ToolCallingMode
    ) async throws -> GeneratedContent {
        let session = LanguageModelSession(model: model, tools: [ClockTool()])
        let answer = try await session.respond(
            to: Prompt("What time is it?"), options: GenerationOptions(toolCallingMode: mode))
        #expect(answer.content == "Noon.")
        return try ImageWireTests.lastBody(server)
    }

    static func toolNames(_ body: GeneratedContent, path: (GeneratedContent) -> GeneratedContent?) -> [String] {
        ImageWireTests.parts(body["tools"]).compactMap { path($0)?.stringValue }
    }

    @Test(
        "OpenAI-compatible: required is tool_choice required; allowed sends no tool_choice; disallowed sends no tools")
    func openAI() async throws {
        let server = try ImageWireTests.server(answer: Self.openAIAnswer)
        defer { server.stop() }
        let model = VendorProviders.openAI(server)
        let required = try await Self.body(model, server: server, mode: .required)
        #expect(required["tool_choice"]?.stringValue == "required")
        #expect(Self.toolNames(required) { $0["function"]?["name"] } == ["clock"])
        let allowed = try await Self.body(model, server: server, mode: .allowed)
        #expect(allowed["tool_choice"] == nil)
        #expect(Self.toolNames(allowed) { $0["function"]?["name"] } == ["clock"])
        let disallowed = try await Self.body(model, server: server, mode: .disallowed)
        #expect(disallowed["tool_choice"]?.stringValue == "none")
        #expect(Self.toolNames(disallowed) { $0["function"]?["name"] } == ["clock"])
    }

    @Test("Anthropic: required is tool_choice {type: any}, without thinking; disallowed is {type: none}")
    func anthropic() async throws {
        let server = try ImageWireTests.server(answer: Self.anthropicAnswer)
        defer { server.stop() }
        let model = VendorProviders.anthropic(server)
        let required = try await Self.body(model, server: server, mode: .required)
        #expect(required["tool_choice"]?["type"]?.stringValue == "any")
        #expect(Self.toolNames(required) { $0["name"] } == ["clock"])
        let allowed = try await Self.body(model, server: server, mode: .allowed)
        #expect(allowed["tool_choice"] == nil)
        let disallowed = try await Self.body(model, server: server, mode: .disallowed)
        #expect(disallowed["tool_choice"]?["type"]?.stringValue == "none")
        #expect(Self.toolNames(disallowed) { $0["name"] } == ["clock"])
        // A required call cannot be combined with extended thinking: the request asks for the call, without it.
        let key = TestKey("sk-ant-\(UUID().uuidString)")
        let reasoning = AnthropicLanguageModel(
            configuration: AnthropicConfiguration(
                baseURL: server.baseURL, model: "claude-test", apiKeyEnvironmentVariable: key.variable,
                requestTimeout: .seconds(20), extraCapabilities: [.reasoning]),
            environment: key.environment)
        let session = LanguageModelSession(model: reasoning, tools: [ClockTool()])
        _ = try await session.respond(
            to: Prompt("What time is it?"), options: GenerationOptions(toolCallingMode: .required),
            contextOptions: ContextOptions(reasoningLevel: .deep))
        let thinking = try ImageWireTests.lastBody(server)
        #expect(thinking["tool_choice"]?["type"]?.stringValue == "any")
        #expect(thinking["thinking"] == nil)
    }

    @Test("Gemini: required is toolConfig mode ANY; disallowed is mode NONE")
    func gemini() async throws {
        let server = try ImageWireTests.server(answer: Self.geminiAnswer)
        defer { server.stop() }
        let model = VendorProviders.gemini(server)
        let required = try await Self.body(model, server: server, mode: .required)
        #expect(required["toolConfig"]?["functionCallingConfig"]?["mode"]?.stringValue == "ANY")
        let declared = ImageWireTests.parts(ImageWireTests.parts(required["tools"]).first?["functionDeclarations"])
        #expect(declared.compactMap { $0["name"]?.stringValue } == ["clock"])
        let allowed = try await Self.body(model, server: server, mode: .allowed)
        #expect(allowed["toolConfig"] == nil)
        let disallowed = try await Self.body(model, server: server, mode: .disallowed)
        #expect(disallowed["toolConfig"]?["functionCallingConfig"]?["mode"]?.stringValue == "NONE")
        #expect(!ImageWireTests.parts(disallowed["tools"]).isEmpty)
    }

    @Test("Ollama: disallowed sends no tools; required and allowed offer them (Ollama has no field to require a call)")
    func ollama() async throws {
        let server = try ImageWireTests.server(answer: Self.ollamaAnswer)
        defer { server.stop() }
        let model = VendorProviders.ollama(server, model: "llama3")
        let required = try await Self.body(model, server: server, mode: .required)
        #expect(Self.toolNames(required) { $0["function"]?["name"] } == ["clock"])
        let disallowed = try await Self.body(model, server: server, mode: .disallowed)
        #expect(disallowed["tools"] == nil)
    }
}
