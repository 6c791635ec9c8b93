import Foundation
import GenUI
import GenUIGemini
import GenUIHTTP
import GenUITesting
import Testing

/// A protocol-faithful Generative Language API: model lookup, generateContent, streamGenerateContent?alt=sse,
/// with the fault a test asks for.
func geminiFake(key: String, fault: String? = nil, answer: String = #"{"answer":"no"}"#) throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer { request, connection in
        guard request.header("x-goog-api-key") == key else {
            connection.respond(status: 400, json: #"{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID","domain":"googleapis.com"}]}}"#)
            return
        }
        let model = "/v1beta/models/gemini-test"
        if request.method == "GET" {
            if request.path == model {
                connection.respond(json: #"{"name":"models/gemini-test","version":"001","displayName":"Gemini Test","inputTokenLimit":1048576,"outputTokenLimit":65536,"supportedGenerationMethods":["generateContent","countTokens"]}"#)
            } else {
                connection.respond(status: 404, json: #"{"error":{"code":404,"message":"models/x is not found for API version v1beta","status":"NOT_FOUND"}}"#)
            }
            return
        }
        switch fault {
        case "429":
            connection.respond(status: 429, json: #"{"error":{"code":429,"message":"You exceeded your current quota.","status":"RESOURCE_EXHAUSTED","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"13s"}]}}"#)
            return
        case "500":
            connection.respond(status: 500, json: #"{"error":{"code":500,"message":"An internal error has occurred.","status":"INTERNAL"}}"#)
            return
        case "blocked":
            connection.respond(json: #"{"promptFeedback":{"blockReason":"SAFETY"},"usageMetadata":{"promptTokenCount":4,"totalTokenCount":4}}"#)
            return
        case "stall":
            connection.stall(for: .seconds(60))
            return
        default: break
        }
        let usage = #""usageMetadata":{"promptTokenCount":8,"candidatesTokenCount":6,"totalTokenCount":14},"modelVersion":"gemini-test-001""#
        if request.path == model + ":generateContent" {
            connection.respond(json: #"{"candidates":[{"content":{"parts":[{"text":\#(JSONWriter.quote(answer))}],"role":"model"},"finishReason":"STOP","index":0}],\#(usage)}"#)
        } else if request.path == model + ":streamGenerateContent", request.query == "alt=sse" {
            connection.startStream(contentType: "text/event-stream")
            let middle = answer.index(answer.startIndex, offsetBy: answer.count / 2)
            connection.send("data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\(JSONWriter.quote(String(answer[..<middle])))}],\"role\":\"model\"},\"index\":0}],\(usage)}\r\n\r\n")
            if fault == "cut" {
                connection.send("data: {\"candidates\":[{\"content\":{\"par")
                connection.abort()
                return
            }
            connection.send("data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\(JSONWriter.quote(String(answer[middle...])))}],\"role\":\"model\"},\"finishReason\":\"STOP\",\"index\":0}],\(usage)}\r\n\r\n")
            connection.endStream()
        } else {
            connection.respond(status: 404, json: #"{"error":{"code":404,"message":"models/x is not found","status":"NOT_FOUND"}}"#)
        }
    }
}

@Suite("Gemini provider against a protocol-faithful fake")
struct GeminiProviderTests {
    private func provider(_ server: LoopbackHTTPServer, key: String?, model: String = "gemini-test",
                          timeout: Duration = .seconds(10)) -> GeminiProvider {
        let testKey = TestKey(key)
        return GeminiProvider(
            configuration: GeminiConfiguration(
                baseURL: server.baseURL.appendingPathComponent("v1beta"), model: model,
                apiKeyEnvironmentVariable: testKey.variable, requestTimeout: timeout, availabilityTimeout: .seconds(1)),
            environment: testKey.environment)
    }

    @Test("availability: available, notConfigured without a key (no request), unauthorized, modelNotInstalled")
    func availability() async throws {
        let key = "AIza-\(UUID().uuidString)"
        let server = try geminiFake(key: key)
        defer { server.stop() }
        let unset = provider(server, key: nil)
        guard case .unavailable(.notConfigured) = await unset.availability else { Issue.record("expected notConfigured"); return }
        #expect(server.requests.isEmpty)
        #expect(await provider(server, key: key).availability == .available)
        #expect(await provider(server, key: "wrong-key-123").availability == .unavailable(.unauthorized))
        #expect(await provider(server, key: key, model: "gemini-nope").availability == .unavailable(.modelNotInstalled(name: "gemini-nope")))
    }

    @Test("guided generation sends responseMimeType + responseJsonSchema and generation settings; the answer validates")
    func guided() async throws {
        let key = "AIza-\(UUID().uuidString)"
        let server = try geminiFake(key: key)
        defer { server.stop() }
        let response = try await provider(server, key: key).respond(to: GenerationRequest(
            prompt: "Sky green?", instructions: "Answer.", schema: verdictSchema,
            options: .init(sampling: .random(probabilityThreshold: 0.8, seed: 3), temperature: 0.2, maximumResponseTokens: 30)))
        #expect(try response.content.value(String.self, forProperty: "answer") == "no")
        #expect(response.metadata.usage == TokenUsage(promptTokens: 8, completionTokens: 6))
        #expect(response.metadata.model == "gemini-test-001")
        let request = try #require(server.requests.first)
        #expect(request.path == "/v1beta/models/gemini-test:generateContent")
        #expect(request.query == nil)
        let body = try #require(request.json)
        #expect(body["contents"]?.elements?.first?["role"]?.stringValue == "user")
        #expect(body["systemInstruction"]?["parts"]?.elements?.first?["text"]?.stringValue?.hasPrefix("Answer.") == true)
        let config = try #require(body["generationConfig"])
        #expect(config["responseMimeType"]?.stringValue == "application/json")
        #expect(config["responseJsonSchema"]?["properties"]?["answer"] != nil)
        #expect(config["responseSchema"] == nil)
        #expect(config["temperature"]?.numberValue == 0.2)
        #expect(config["topP"]?.numberValue == 0.8)
        #expect(config["seed"]?.intValue == 3)
        #expect(config["maxOutputTokens"]?.intValue == 30)
    }

    @Test("SSE streaming (CRLF framing) yields deltas; a cut stream is a lost connection")
    func streaming() async throws {
        let key = "AIza-\(UUID().uuidString)"
        let server = try geminiFake(key: key, answer: "Bonjour tout le monde")
        defer { server.stop() }
        var deltas: [String] = []
        var completed: GenerationResponse?
        for try await event in provider(server, key: key).streamResponse(to: GenerationRequest(prompt: "Hi")) {
            if case .delta(let text) = event { deltas.append(text) }
            if case .completed(let response) = event { completed = response }
        }
        #expect(deltas.count == 2)
        #expect(completed?.text == "Bonjour tout le monde")
        #expect(completed?.metadata.finishReason == .stop)

        let cut = try geminiFake(key: key, fault: "cut")
        defer { cut.stop() }
        do {
            for try await _ in provider(cut, key: key).streamResponse(to: GenerationRequest(prompt: "Hi")) {}
            Issue.record("expected the cut to surface")
        } catch let error as LanguageModelError {
            guard case .transport(.connectionLost, _) = error else { Issue.record("unexpected \(error)"); return }
        }
    }

    @Test("faults: 429 with RetryInfo, 500, a blocked prompt, a bad key, a refused port, a silent server")
    func faults() async throws {
        let key = "AIza-\(UUID().uuidString)"
        func failure(_ fault: String?, key requestKey: String? = nil) async throws -> LanguageModelError? {
            let server = try geminiFake(key: key, fault: fault)
            defer { server.stop() }
            do {
                _ = try await provider(server, key: requestKey ?? key, timeout: .milliseconds(500)).respond(to: GenerationRequest(prompt: "Hi"))
                return nil
            } catch let error as LanguageModelError { return error }
        }
        guard case .rateLimited(let wait, _) = try await failure("429") else { Issue.record("expected rateLimited"); return }
        #expect(wait == .seconds(13))
        guard case .serverError(500, _) = try await failure("500") else { Issue.record("expected a 500"); return }
        #expect(try await failure("blocked")?.code == "guardrailViolation")
        #expect(try await failure(nil, key: "wrong-key-456")?.code == "unauthorized")
        #expect(try await failure("stall")?.code == "timedOut")
        let testKey = TestKey(key)
        let refused = GeminiProvider(
            configuration: GeminiConfiguration(
                baseURL: URL(string: "http://127.0.0.1:\(unusedLoopbackPort())/v1beta")!, model: "gemini-test",
                apiKeyEnvironmentVariable: testKey.variable),
            environment: testKey.environment)
        await #expect { try await refused.respond(to: GenerationRequest(prompt: "Hi")) } throws: { error in
            guard case .transport(.connectionRefused, _) = error as? LanguageModelError else { return false }
            return true
        }
    }
}
