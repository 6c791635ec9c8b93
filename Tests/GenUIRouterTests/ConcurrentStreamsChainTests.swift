import Foundation
import GenUI
import GenUIHTTP
import GenUIOpenAI
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Synchronization
import Testing

@Suite("Many concurrent streams through one chain", .tags(.integration), .serialized)
struct ConcurrentStreamsChainTests {
    static let streams = 200

    /// The answer the live server streams for `Stream <index>`, in five pieces.
    static func answer(_ index: Int) -> [String] {
        ["Answer ", "for ", "stream ", "\(index)", "."]
    }

    @Test(
        "200 concurrent streams through a chain all complete with their own text, each served once, past a dead member its breaker sets aside after its first failure"
    )
    func twoHundredStreamsPastADeadMember() async throws {
        // The dead member: lists its model (so it is available) and cuts every generation's connection.
        let dead = try LoopbackHTTPServer { request, connection in
            if request.path.hasSuffix("/models") {
                connection.respond(json: #"{"object":"list","data":[{"id":"m","object":"model"}]}"#)
            } else {
                connection.abort()
            }
        }
        defer { dead.stop() }
        // The live member holds every stream open until all 200 have arrived, so they are in flight together.
        let arrived = Mutex(0)
        let live = try LoopbackHTTPServer { request, connection in
            if request.path.hasSuffix("/models") {
                connection.respond(json: #"{"object":"list","data":[{"id":"m","object":"model"}]}"#)
                return
            }
            arrived.withLock { $0 += 1 }
            let deadline = ContinuousClock.now + .seconds(120)
            while arrived.withLock({ $0 }) < Self.streams, ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.005)
            }
            let index = Self.streamIndex(in: request.body) ?? -1
            connection.startStream(contentType: "text/event-stream")
            for piece in Self.answer(index) {
                let chunk =
                    #"{"id":"c","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,"delta":{"content":"\#(piece)"},"finish_reason":null}]}"#
                guard connection.send("data: \(chunk)\n\n") else { return }
                _ = connection.pause(.milliseconds(10))
            }
            _ = connection.send(
                #"data: {"id":"c","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#
                    + "\n\ndata: [DONE]\n\n")
            connection.endStream()
        }
        defer { live.stop() }

        let client = HTTPClient(maximumConnectionsPerHost: Self.streams + 8)
        func provider(_ name: String, _ server: LoopbackHTTPServer) -> OpenAILanguageModel {
            OpenAILanguageModel(
                configuration: OpenAIConfiguration(
                    name: name, baseURL: server.baseURL.appendingPathComponent("v1"), model: "m",
                    apiKeyEnvironmentVariable: nil),
                client: client)
        }
        let chain = ProviderChain(
            name: "load", models: [provider("dead", dead), provider("live", live)],
            options: ChainOptions(
                attemptTimeout: .seconds(150), deadline: .seconds(300), availabilityTimeout: .seconds(30),
                breaker: CircuitBreakerSettings(failureThreshold: 3, window: .seconds(600), coolDown: .seconds(600))))

        @Sendable func stream(_ index: Int) async -> (Int, String, [String], String?) {
            var text = ""
            do {
                for try await event in chain.streamResponse(to: GenerationRequest(prompt: "Stream \(index)")) {
                    switch event {
                    case .delta(let piece): text += piece
                    case .restarted: text = ""
                    case .completed(let response): return (index, text, response.metadata.trace?.summary ?? [], nil)
                    }
                }
                return (index, text, [], "no completion")
            } catch {
                return (index, text, [], "\(error)")
            }
        }

        // The first stream meets the dead member, whose transport failure opens its circuit at once (the standard
        // outcome policy); the other 199 start once it is open.
        let results = await withTaskGroup(of: (Int, String, [String], String?).self) { group in
            group.addTask { await stream(0) }
            let opened = ContinuousClock.now + .seconds(60)
            while dead.requests.filter({ $0.method == "POST" }).isEmpty, ContinuousClock.now < opened {
                try? await Task.sleep(for: .milliseconds(10))
            }
            // The breaker records the failure before the chain moves on; give it a moment to land.
            try? await Task.sleep(for: .milliseconds(200))
            for index in 1..<Self.streams { group.addTask { await stream(index) } }
            return await group.reduce(into: [(Int, String, [String], String?)]()) { $0.append($1) }
        }

        #expect(results.count == Self.streams)
        for (index, text, _, failure) in results {
            #expect(failure == nil, "stream \(index): \(failure ?? "")")
            #expect(text == Self.answer(index).joined(), "stream \(index)")
        }
        // Each stream was served exactly once, by the live member, and all 200 were in flight together.
        let served = live.requests.filter { $0.method == "POST" }.compactMap { Self.streamIndex(in: $0.body) }
        #expect(served.sorted() == Array(0..<Self.streams))
        #expect(live.peakConcurrentRequests >= Self.streams)
        // The dead member saw the first stream and no other: every later route skipped it for its open circuit.
        #expect(dead.requests.filter { $0.method == "POST" }.count == 1)
        let first = results.first { $0.0 == 0 }?.2 ?? []
        #expect(first.first?.hasPrefix("dead:failed:") == true && first.last == "live:served:served", "\(first)")
        let later = results.filter { $0.0 > 0 }.map { $0.2 }
        #expect(later.allSatisfy { $0 == ["dead:skipped:coolingDown", "live:served:served"] }, "\(later.prefix(3))")
    }

    /// The `<index>` of the prompt `Stream <index>` in a chat request's body.
    static func streamIndex(in body: Data) -> Int? {
        let text = String(decoding: body, as: UTF8.self)
        guard let range = text.range(of: "Stream ") else { return nil }
        return Int(text[range.upperBound...].prefix(while: \.isNumber))
    }
}
