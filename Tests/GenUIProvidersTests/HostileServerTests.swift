import Foundation
import GenUIAnthropic
import GenUIDiagnostics
import GenUIGemini
import GenUIHTTP
import GenUIOllama
import GenUIOpenAI
import GenUITestSupport
import GenUITesting
import Synchronization
import Testing

@_spi(Reading) @testable import GenUI

/// Servers that attack the client: waits no integer can hold, keys cut in half by truncation, lines without end,
/// a million one-byte deltas. Every one must end in a typed error or a normal answer — never a trap, a leak, or
/// unbounded memory or time.
@Suite("Hostile servers", .tags(.unit))
struct HostileServerTests {
    // MARK: - Waits a server asks for

    /// Header values that trapped an integer conversion, and others like them.
    static let hostileWaits: [(headers: [String: String], clampedToMaximum: Bool)] = [
        (["Retry-After": "1e16"], true),
        (["retry-after-ms": "1e19"], true),
        (["Retry-After": "99999999999999999999999999999999"], true),
        (["Retry-After": "1e308"], true),
        (["Retry-After": "1e999"], true),
        (["retry-after-ms": "184467440737095516160"], true),
        (["Retry-After": "Fri, 31 Dec 9999 23:59:59 GMT"], true),
        (["Retry-After": "Mon, 01 Jan 0001 00:00:00 GMT"], false),
        (["Retry-After": "-1e16"], false),
        (["Retry-After": "nan"], false),
        (["Retry-After": "inf"], false),
        (["Retry-After": "0x1p62"], false),
        (["retry-after-ms": "-9.3e18"], false),
    ]

    private static func expectClamped(_ error: any Error, clampedToMaximum: Bool, _ comment: String) {
        guard let error = error as? GenUIError, case .rateLimited(let wait, _) = error else {
            Issue.record("\(comment): expected rateLimited, got \(error)")
            return
        }
        if let wait { #expect(wait >= .zero && wait <= RetryAfter.maximum, "\(comment): \(wait)") }
        if clampedToMaximum { #expect(wait == RetryAfter.maximum, "\(comment)") }
    }

    @Test(
        "Retry-After and retry-after-ms values no integer holds give rateLimited clamped to one day, in every provider")
    func hostileRetryAfter() async throws {
        let current = Mutex(0)
        let server = try LoopbackHTTPServer { request, connection in
            let index = current.withLock { $0 }
            let headers = Self.hostileWaits[index].headers
            // Ollama reports a busy server as 503; the others as 429.
            let status = request.path.hasPrefix("/api/") ? 503 : 429
            connection.respond(status: status, json: #"{"error":{"message":"slow down"}}"#, headers: headers)
        }
        defer { server.stop() }
        let key = TestKey("sk-hostile-wait")
        let models: [any RoutableModel] = [
            OpenAILanguageModel(
                configuration: .init(
                    baseURL: server.baseURL.appendingPathComponent("v1"), model: "m",
                    apiKeyEnvironmentVariable: key.variable), environment: key.environment),
            AnthropicLanguageModel(
                configuration: .init(baseURL: server.baseURL, model: "m", apiKeyEnvironmentVariable: key.variable),
                environment: key.environment),
            GeminiLanguageModel(
                configuration: .init(
                    baseURL: server.baseURL.appendingPathComponent("v1beta"), model: "m",
                    apiKeyEnvironmentVariable: key.variable), environment: key.environment),
            OllamaLanguageModel(configuration: .init(host: "127.0.0.1:\(server.port)", model: "m")),
        ]
        for (index, wait) in Self.hostileWaits.enumerated() {
            current.withLock { $0 = index }
            for model in models {
                let comment = "\(model.name) \(wait.headers)"
                do {
                    _ = try await model.respond(to: GenerationRequest(prompt: "Hi"))
                    Issue.record("\(comment): no error")
                } catch {
                    Self.expectClamped(error, clampedToMaximum: wait.clampedToMaximum, comment)
                }
            }
            // The availability probe (what `genui doctor` runs) reads the same headers.
            if case .unavailable(.rateLimited(let probed)) = await models[0].availability {
                if let probed { #expect(probed <= RetryAfter.maximum) }
                if wait.clampedToMaximum { #expect(probed == RetryAfter.maximum, "probe \(wait.headers)") }
            } else {
                Issue.record("the probe did not report rateLimited for \(wait.headers)")
            }
        }
    }

    @Test("Gemini retryDelay values like 1e30s and nans give rateLimited clamped to one day, or no wait")
    func hostileRetryDelay() async throws {
        let delays: [(String, Duration?)] = [
            ("1e30s", RetryAfter.maximum), ("nans", nil), ("infs", nil), ("-5s", nil), ("1e308s", RetryAfter.maximum),
            ("99999999999999999999999s", RetryAfter.maximum), ("0.25s", .milliseconds(250)), ("١٢s", nil),
        ]
        let current = Mutex(0)
        let server = try LoopbackHTTPServer { _, connection in
            let delay = delays[current.withLock { $0 }].0
            connection.respond(
                status: 429,
                json:
                    #"{"error":{"code":429,"message":"quota","status":"RESOURCE_EXHAUSTED","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"\#(delay)"}]}}"#
            )
        }
        defer { server.stop() }
        let key = TestKey("gemini-hostile")
        let gemini = GeminiLanguageModel(
            configuration: .init(
                baseURL: server.baseURL.appendingPathComponent("v1beta"), model: "m",
                apiKeyEnvironmentVariable: key.variable),
            environment: key.environment)
        for (index, (delay, expected)) in delays.enumerated() {
            current.withLock { $0 = index }
            do {
                _ = try await gemini.respond(to: GenerationRequest(prompt: "Hi"))
                Issue.record("\(delay): no error")
            } catch let error as GenUIError {
                guard case .rateLimited(let wait, _) = error else {
                    Issue.record("\(delay): \(error)")
                    continue
                }
                #expect(wait == expected, "\(delay)")
            }
            #expect(await gemini.availability == .unavailable(.rateLimited(retryAfter: expected)), "\(delay)")
        }
    }

    // MARK: - Secrets at the cut

    /// Every rendering of `error` a user or a log can see: descriptions and the localized messages of every language.
    static func renderings(of error: any Error) -> [String] {
        var texts = ["\(error)", String(reflecting: error), error.localizedDescription]
        if let error = error as? GenUIError {
            texts.append(error.context.debugDescription)
            for language in DiagnosticLanguage.allCases {
                let described = Diagnostics(language: language).describe(error)
                texts.append(described.message)
                texts.append(described.remediation ?? "")
            }
        }
        return texts
    }

    /// The pieces of `key` of `length` characters that `text` contains.
    static func fragments(of key: String, in text: String, length: Int = 8) -> [String] {
        let characters = Array(key)
        return (0...(characters.count - length)).map { String(characters[$0..<($0 + length)]) }.filter(text.contains)
    }

    @Test("a key at offset 470 of a 401 body (straddling the 500-character cut) leaves no 8-character piece anywhere")
    func keyStraddlingTheMessageCut() async throws {
        let key = "sk-LEAK-" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        let body = String(repeating: "x", count: 470) + key + " was rejected; " + String(repeating: "y", count: 200)
        let server = try LoopbackHTTPServer { _, connection in
            connection.respond(status: 401, headers: ["Content-Type": "text/plain"], body: Data(body.utf8))
        }
        defer { server.stop() }
        let testKey = TestKey(key)
        let models: [any RoutableModel] = [
            OpenAILanguageModel(
                configuration: .init(
                    baseURL: server.baseURL.appendingPathComponent("v1"), model: "m",
                    apiKeyEnvironmentVariable: testKey.variable), environment: testKey.environment),
            AnthropicLanguageModel(
                configuration: .init(baseURL: server.baseURL, model: "m", apiKeyEnvironmentVariable: testKey.variable),
                environment: testKey.environment),
            GeminiLanguageModel(
                configuration: .init(
                    baseURL: server.baseURL.appendingPathComponent("v1beta"), model: "m",
                    apiKeyEnvironmentVariable: testKey.variable), environment: testKey.environment),
            OllamaLanguageModel(
                configuration: .init(
                    host: "127.0.0.1:\(server.port)", model: "m", apiKeyEnvironmentVariable: testKey.variable),
                environment: testKey.environment),
        ]
        var texts: [String] = []
        for model in models {
            do {
                _ = try await model.respond(to: GenerationRequest(prompt: "Hi"))
                Issue.record("\(model.name): no error")
            } catch {
                #expect((error as? GenUIError)?.code == "unauthorized", "\(model.name): \(error)")
                texts += Self.renderings(of: error)
            }
            do {
                for try await _ in model.streamResponse(to: GenerationRequest(prompt: "Hi")) {}
            } catch {
                texts += Self.renderings(of: error)
            }
        }
        // The server's text did reach the errors (so there was something to leak), cut.
        #expect(texts.contains { $0.contains("xxxxxxxx") })
        let leaks = texts.flatMap { Self.fragments(of: key, in: $0) }
        #expect(leaks.isEmpty, "pieces of the key leaked: \(Set(leaks).sorted())")
    }

    @Test("keys straddling the 200- and 120-character cuts of unexpected answers leave no 8-character piece")
    func keyStraddlingTheShortCuts() async throws {
        let key = "sk-LEAK-" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        // 200 OK answers that are not what the API promised: the error quotes their start.
        let server = try LoopbackHTTPServer { request, connection in
            if request.path.hasPrefix("/api/") {
                // Ollama: a line that is not JSON, with the key across its 120-character cut.
                connection.startStream(contentType: "application/x-ndjson")
                _ = connection.send(String(repeating: "z", count: 100) + key + String(repeating: "z", count: 50) + "\n")
                connection.endStream()
            } else {
                // OpenAI and Anthropic: JSON without choices or content, the key across the 200-character cut.
                let json = #"{"note":""# + String(repeating: "w", count: 172) + key + #""}"#
                connection.respond(status: 200, json: json)
            }
        }
        defer { server.stop() }
        let testKey = TestKey(key)
        let models: [any RoutableModel] = [
            OpenAILanguageModel(
                configuration: .init(
                    baseURL: server.baseURL.appendingPathComponent("v1"), model: "m",
                    apiKeyEnvironmentVariable: testKey.variable), environment: testKey.environment),
            AnthropicLanguageModel(
                configuration: .init(baseURL: server.baseURL, model: "m", apiKeyEnvironmentVariable: testKey.variable),
                environment: testKey.environment),
            OllamaLanguageModel(
                configuration: .init(
                    host: "127.0.0.1:\(server.port)", model: "m", apiKeyEnvironmentVariable: testKey.variable),
                environment: testKey.environment),
        ]
        var texts: [String] = []
        for model in models {
            do {
                _ = try await model.respond(to: GenerationRequest(prompt: "Hi"))
                Issue.record("\(model.name): no error")
            } catch {
                #expect((error as? GenUIError)?.code == "serverError", "\(model.name): \(error)")
                texts += Self.renderings(of: error)
            }
        }
        #expect(texts.contains { $0.contains("wwwwwwww") } && texts.contains { $0.contains("zzzzzzzz") })
        let leaks = texts.flatMap { Self.fragments(of: key, in: $0) }
        #expect(leaks.isEmpty, "pieces of the key leaked: \(Set(leaks).sorted())")
    }

    // MARK: - Bounded streams

    /// Streams `prefix` and then `total` bytes of `filler` without a line end, until the client goes away; returns
    /// the handler and a counter of the bytes it managed to send.
    static func endlessLine(prefix: String, total: Int, contentType: String) -> (LoopbackHTTPServer.Handler, Counter) {
        let sent = Counter()
        let chunk = String(repeating: "x", count: 64 << 10)
        let handler: LoopbackHTTPServer.Handler = { _, connection in
            defer { sent.finish() }
            connection.startStream(contentType: contentType)
            guard connection.send(prefix) else { return }
            while sent.value < total {
                guard connection.send(chunk) else { return }
                sent.add(chunk.utf8.count)
            }
            connection.endStream()
        }
        return (handler, sent)
    }

    @Test(
        "an endless SSE or NDJSON line (300 MB, no newline) ends in responseTooLarge, holding at most the limits in memory"
    )
    func endlessLine() async throws {
        let total = 300_000_000
        let sse = Self.endlessLine(prefix: "data: ", total: total, contentType: "text/event-stream")
        let sseServer = try LoopbackHTTPServer(handler: sse.0)
        defer { sseServer.stop() }
        let ndjson = Self.endlessLine(
            prefix: #"{"message":{"content":""#, total: total, contentType: "application/x-ndjson")
        let ndjsonServer = try LoopbackHTTPServer(handler: ndjson.0)
        defer { ndjsonServer.stop() }
        let cases: [(any RoutableModel, Counter)] = [
            (
                OpenAILanguageModel(
                    configuration: .init(
                        baseURL: sseServer.baseURL.appendingPathComponent("v1"), model: "m",
                        apiKeyEnvironmentVariable: nil)), sse.1
            ),
            (OllamaLanguageModel(configuration: .init(host: "127.0.0.1:\(ndjsonServer.port)", model: "m")), ndjson.1),
        ]
        for (model, sent) in cases {
            var sentAtError = total
            do {
                for try await _ in model.streamResponse(to: GenerationRequest(prompt: "Hi")) {}
                Issue.record("\(model.name): the endless line was accepted")
            } catch let error as GenUIError {
                sentAtError = sent.value
                guard case .responseTooLarge(let limit, let context) = error else {
                    Issue.record("\(model.name): \(error)")
                    continue
                }
                #expect(limit == ResponseLimits.standard.maximumLineBytes)
                #expect(context.provider == model.name)
            }
            // The line splitter holds at most 1 MiB, and the transfer at most 64 MiB unread: past that it is cancelled
            // and whatever still arrives is dropped (FoundationNetworking may drain the socket for a while after a
            // cancel, so how much the server manages to send varies; it is printed, not asserted).
            print("endless line: \(model.name) failed after the server sent \(sentAtError) of \(total) bytes")
            for _ in 0..<600 where !sent.isFinished { try await Task.sleep(for: .milliseconds(100)) }
        }
    }

    @Test("a non-streamed body past 16 MiB is responseTooLarge, not a truncated document")
    func oversizedBody() async throws {
        let server = try LoopbackHTTPServer { _, connection in
            let padding = String(repeating: " ", count: 17 << 20)
            connection.respond(status: 200, json: #"{"choices":[{"message":{"content":"hi"}}]"# + padding + "}")
        }
        defer { server.stop() }
        let model = OpenAILanguageModel(
            configuration: .init(
                baseURL: server.baseURL.appendingPathComponent("v1"), model: "m", apiKeyEnvironmentVariable: nil))
        do {
            _ = try await model.respond(to: GenerationRequest(prompt: "Hi"))
            Issue.record("a 17 MiB body was accepted")
        } catch let error as GenUIError {
            guard case .responseTooLarge(let limit, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(limit == ResponseLimits.standard.maximumBodyBytes)
        }
    }

    @Test("generated text past 4 MiB is responseTooLarge, however it arrives")
    func oversizedOutput() async throws {
        let server = try LoopbackHTTPServer { _, connection in
            connection.startStream(contentType: "text/event-stream")
            let piece = String(repeating: "a", count: 512 << 10)
            for _ in 0..<10 {
                guard connection.send(#"data: {"choices":[{"delta":{"content":"\#(piece)"}}]}"# + "\n\n") else {
                    return
                }
            }
            _ = connection.send(#"data: {"choices":[{"delta":{},"finish_reason":"stop"}]}"# + "\n\ndata: [DONE]\n\n")
            connection.endStream()
        }
        defer { server.stop() }
        let model = OpenAILanguageModel(
            configuration: .init(
                baseURL: server.baseURL.appendingPathComponent("v1"), model: "m", apiKeyEnvironmentVariable: nil))
        do {
            for try await _ in model.streamResponse(to: GenerationRequest(prompt: "Hi")) {}
            Issue.record("5 MiB of text was accepted")
        } catch let error as GenUIError {
            #expect(error.code == "responseTooLarge")
            #expect(error.provider == model.name)
        }
    }

    @Test(
        "a million one-byte deltas complete, and the snapshots parse the text a number of times far below a million",
        .timeLimit(.minutes(10)))
    func millionOneByteDeltas() async throws {
        let count = 1_000_000
        let server = try LoopbackHTTPServer { _, connection in
            connection.startStream(contentType: "text/event-stream")
            func event(_ text: String) -> String {
                #"data: {"choices":[{"delta":{"content":\#(JSONWriter.quote(text))}}]}"# + "\n\n"
            }
            var batch = ""
            for piece in ["{", "\"", "t", "\"", ":", "\""] { batch += event(piece) }
            let one = event("a")
            for index in 0..<count {
                batch += one
                if index % 2000 == 1999 {
                    guard connection.send(batch) else { return }
                    batch = ""
                }
            }
            batch += event("\"") + event("}")
            batch += #"data: {"choices":[{"delta":{},"finish_reason":"stop"}]}"# + "\n\ndata: [DONE]\n\n"
            _ = connection.send(batch)
            connection.endStream()
        }
        defer { server.stop() }
        let model = OpenAILanguageModel(
            configuration: .init(
                baseURL: server.baseURL.appendingPathComponent("v1"), model: "m", apiKeyEnvironmentVariable: nil))
        let schema = GenerationSchema(
            node: .object(
                .init(
                    name: "Long", description: nil,
                    properties: [
                        .init(name: "t", description: nil, node: .string(.init()), isOptional: false)
                    ])),
            name: "Long")
        let session = LanguageModelSession(model: model)
        let stream = session.streamResponse(to: "Write", schema: schema)
        var snapshots = 0
        var longest = 0
        for try await snapshot in stream {
            snapshots += 1
            longest = max(longest, snapshot.rawContent["t"]?.stringValue?.count ?? 0)
        }
        let response = try await stream.collect()
        #expect(response.content["t"]?.stringValue?.count == count)
        #expect(longest == count)
        // Every delta re-parsing the text would be over a million parses of up to a megabyte each.
        print("a million one-byte deltas: \(stream.partialReadCount) parses, \(snapshots) snapshots")
        #expect(stream.partialReadCount < 3_000, "\(stream.partialReadCount) parses for \(count) deltas")
        #expect(snapshots > 100)
    }
}

/// A count shared with a server's handler thread.
final class Counter: Sendable {
    private let count = Mutex((value: 0, finished: false))
    var value: Int { count.withLock { $0.value } }
    var isFinished: Bool { count.withLock { $0.finished } }
    func add(_ amount: Int) { count.withLock { $0.value += amount } }
    func finish() { count.withLock { $0.finished = true } }
}
