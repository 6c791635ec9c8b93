import Foundation
@_spi(Reading) import GenUI
import GenUIAnthropic
import GenUIGemini
import GenUIHTTP
import GenUIOllama
import GenUIOnDevice
import GenUIOpenAI
import GenUITestSupport
import Testing

@Generable
struct Verdict {
    var answer: String
}

@Generable
struct Place {
    var city: String
}

/// Each built-in provider as an app written for Foundation Models 27 uses it: built with its simple initializer and
/// handed to `LanguageModelSession(model:)`, for text and for guided output.
@Suite("Built-in providers used directly in a Foundation Models 27 session", .tags(.unit))
struct DirectUseTests {
    private let greedy = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 48)

    @Test("OllamaLanguageModel(model:host:) answers text and guided output against a protocol-faithful daemon")
    func ollama() async throws {
        let fake = try OllamaWireFake(
            capabilities: ["completion", "tools", "thinking"], contextLength: 40960, usage: (40, 12))
        defer { fake.stop() }
        let session = LanguageModelSession(model: OllamaLanguageModel(model: "qwen3:0.6b", host: fake.host))
        let text = try await session.respond(to: "Say hello.")
        #expect(!text.content.isEmpty)
        _ = try await session.respond(to: "Is the sky blue?", generating: Verdict.self)
        let chats = fake.server.requests.filter { $0.path == "/api/chat" }
        #expect(chats.count == 2)
        #expect(chats.last?.json?["format"]?["properties"]?["answer"] != nil)
    }

    @Test("GeminiLanguageModel(model:baseURL:apiKeyEnvironmentVariable:) answers text and guided output")
    func gemini() async throws {
        let fake = try GeminiWireFake(key: "AIza-direct-\(UUID().uuidString)", models: ["gemini-2.5-flash"])
        defer { fake.stop() }
        let key = TestKey(fake.key)
        let model = GeminiLanguageModel(
            model: fake.model, baseURL: fake.baseURL, apiKeyEnvironmentVariable: key.variable,
            environment: key.environment)
        let session = LanguageModelSession(model: model)
        let text = try await session.respond(to: "Say hello.")
        #expect(!text.content.isEmpty)
        _ = try await session.respond(to: "Is the sky blue?", generating: Verdict.self)
        let guided = fake.server.requests.last {
            $0.path.contains(":generateContent") || $0.path.contains(":streamGenerateContent")
        }
        #expect(guided?.json?["generationConfig"]?["responseJsonSchema"] != nil)
    }

    @Test("AnthropicLanguageModel(model:baseURL:apiKeyEnvironmentVariable:) answers text and guided output")
    func anthropic() async throws {
        let server = try anthropicFake()
        defer { server.stop() }
        let key = TestKey("sk-ant-\(UUID().uuidString)")
        let model = AnthropicLanguageModel(
            model: "claude-test", baseURL: server.baseURL, apiKeyEnvironmentVariable: key.variable,
            environment: key.environment)
        let session = LanguageModelSession(model: model)
        let text = try await session.respond(to: "Say hello.")
        #expect(text.content == #"{"answer":"yes"}"#)
        let verdict = try await session.respond(to: "Is the sky blue?", generating: Verdict.self)
        #expect(verdict.content.answer == "yes")
        #expect(server.requests.last { $0.path == "/v1/messages" }?.json?["output_config"] != nil)
    }

    @Test(
        "OpenAILanguageModel(model:baseURL:apiKeyEnvironmentVariable:) answers text and guided output from llama-server",
        .tags(.llamaServer), .enabled(if: LlamaTestEnvironment.runnable))
    func openAI() async throws {
        try await LlamaServerFixture.with { server in
            let model = OpenAILanguageModel(
                model: "smollm2", baseURL: server.baseURL.appendingPathComponent("v1"), apiKeyEnvironmentVariable: nil)
            let session = LanguageModelSession(model: model)
            let text = try await session.respond(to: "Say hello.", options: greedy)
            #expect(!text.content.isEmpty)
            let place = try await session.respond(to: "A city in Portugal.", generating: Place.self, options: greedy)
            #expect(!place.content.city.isEmpty)
        }
    }

    @Test(
        "OnDeviceLanguageModel(modelPath:serverPath:) answers text and guided output through its own llama-server",
        .tags(.llamaServer), .enabled(if: OnDeviceFixture.shouldRun))
    func onDevice() async throws {
        let runtime = try OnDeviceFixture.requireRuntime()
        let model = OnDeviceLanguageModel(modelPath: runtime.model, contextSize: 2048, serverPath: runtime.server)
        let session = LanguageModelSession(model: model)
        do {
            let text = try await session.respond(to: "Say hello.", options: greedy)
            #expect(!text.content.isEmpty)
            let place = try await session.respond(to: "A city in Portugal.", generating: Place.self, options: greedy)
            #expect(!place.content.city.isEmpty)
        } catch {
            await model.shutdown()
            throw error
        }
        await model.shutdown()
    }
}
