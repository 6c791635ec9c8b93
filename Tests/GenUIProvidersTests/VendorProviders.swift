import Foundation
import GenUIAnthropic
import GenUIGemini
import GenUIOllama
import GenUIOpenAI
import GenUITestSupport
import GenUITesting

/// Each vendor's provider pointed at a loopback server, as the image, reasoning and usage wire tests build them: the
/// path each API is served under, a fresh fake key where the API takes one, short timeouts.
enum VendorProviders {
    static func openAI(_ server: LoopbackHTTPServer, model: String = "gpt-test") -> OpenAILanguageModel {
        OpenAILanguageModel(
            configuration: OpenAIConfiguration(
                name: "openai", baseURL: server.baseURL.appendingPathComponent("v1"), model: model,
                apiKeyEnvironmentVariable: nil, requestTimeout: .seconds(20), availabilityTimeout: .seconds(2)))
    }

    static func anthropic(_ server: LoopbackHTTPServer) -> AnthropicLanguageModel {
        let key = TestKey("sk-ant-\(UUID().uuidString)")
        return AnthropicLanguageModel(
            configuration: AnthropicConfiguration(
                baseURL: server.baseURL, model: "claude-test", apiKeyEnvironmentVariable: key.variable,
                requestTimeout: .seconds(20)),
            environment: key.environment)
    }

    static func gemini(_ server: LoopbackHTTPServer) -> GeminiLanguageModel {
        let key = TestKey("AIza-\(UUID().uuidString)")
        return GeminiLanguageModel(
            configuration: GeminiConfiguration(
                baseURL: server.baseURL.appendingPathComponent("v1beta"), model: "gemini-test",
                apiKeyEnvironmentVariable: key.variable, requestTimeout: .seconds(20), availabilityTimeout: .seconds(1)),
            environment: key.environment)
    }

    static func ollama(_ server: LoopbackHTTPServer, model: String) -> OllamaLanguageModel {
        OllamaLanguageModel(
            configuration: OllamaConfiguration(
                host: "127.0.0.1:\(server.port)", model: model, requestTimeout: .seconds(20),
                availabilityTimeout: .seconds(2)))
    }
}
