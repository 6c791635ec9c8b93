import Foundation
import GenUI
import GenUIAnthropic
import GenUIGemini
import GenUIHTTP
import GenUIOllama
import GenUIOpenAI
import GenUITestSupport
import GenUITesting
import Synchronization
import Testing

@Suite("API keys never leak", .tags(.unit))
struct HTTPSecretLeakTests {
    @Test("every error, availability and response description produced with a fake key never contains the key")
    func noLeak() async throws {
        let key = "sk-LEAKCHECK-\(UUID().uuidString)"
        let testKey = TestKey(key)
        let variable = testKey.variable
        let environment = testKey.environment
        // A server that echoes everything it gets, key included, in every error shape the providers read.
        let counter = Mutex(0)
        let echo = try LoopbackHTTPServer { request, connection in
            let headers = request.headers.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            let quoted = JSONWriter.quote("rejected \(headers) body \(request.text)")
            let statuses = [400, 401, 403, 429, 500, 503, 529, 404]
            let status = counter.withLock { count in
                defer { count += 1 }
                return statuses[count % statuses.count]
            }
            connection.respond(
                status: status,
                json:
                    #"{"type":"error","error":{"type":"invalid_request_error","message":\#(quoted),"code":\#(quoted),"status":\#(quoted)}}"#
            )
        }
        defer { echo.stop() }
        let gemini = try GeminiWireFake(key: "another-key-entirely")
        defer { gemini.stop() }
        let models: [any RoutableModel] = [
            OpenAILanguageModel(
                configuration: .init(
                    baseURL: echo.baseURL.appendingPathComponent("v1"), model: "m", apiKeyEnvironmentVariable: variable),
                environment: environment),
            AnthropicLanguageModel(
                configuration: .init(baseURL: echo.baseURL, model: "m", apiKeyEnvironmentVariable: variable),
                environment: environment),
            OllamaLanguageModel(
                configuration: .init(host: "127.0.0.1:\(echo.port)", model: "m", apiKeyEnvironmentVariable: variable),
                environment: environment),
            GeminiLanguageModel(
                configuration: .init(
                    baseURL: echo.baseURL.appendingPathComponent("v1beta"), model: "m",
                    apiKeyEnvironmentVariable: variable), environment: environment),
            GeminiLanguageModel(
                configuration: .init(
                    baseURL: gemini.baseURL, model: "gemini-test",
                    apiKeyEnvironmentVariable: variable), environment: environment),
            OpenAILanguageModel(
                configuration: .init(
                    baseURL: URL(string: "http://127.0.0.1:\(unusedLoopbackPort())/v1")!, model: "m",
                    apiKeyEnvironmentVariable: variable), environment: environment),
        ]
        var outputs: [String] = []
        for model in models {
            outputs.append("\(await model.availability)")
            outputs.append("\(await model.supportedCapabilities)")
            for schema in [nil, verdictSchema] {
                let request = GenerationRequest(prompt: "Hi", schema: schema)
                do {
                    outputs.append(String(reflecting: try await model.respond(to: request)))
                } catch {
                    outputs += ["\(error)", String(reflecting: error), error.localizedDescription]
                    if let error = error as? GenUIError { outputs.append(error.context.debugDescription) }
                }
                do {
                    for try await event in model.streamResponse(to: request) { outputs.append("\(event)") }
                } catch {
                    outputs += ["\(error)", String(reflecting: error)]
                }
            }
        }
        #expect(outputs.count > 40)
        // The key did travel (so the echo had it to leak), and the echoed messages did reach the errors, masked.
        #expect(echo.requests.contains { $0.headers.values.contains { $0.contains(key) } })
        #expect(outputs.contains { $0.contains("[redacted]") })
        let leaks = outputs.filter { $0.contains(key) }
        #expect(leaks.isEmpty, "the key leaked into: \(leaks.first ?? "")")
    }
}
