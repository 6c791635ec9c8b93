import Foundation
import GenUI
import GenUIHTTP
import GenUIOpenAI
import GenUIRouter
import Synchronization

/// One run of the load section, in a process of its own (`genui-bench --load-worker <run as JSON>`) so that its CPU
/// time, memory and threads are its alone: a warm-up stream, then `streams` concurrent streams, all started at once.
enum LoadWorker {
    static func run(_ run: LoadRun) async throws {
        let expected = String(repeating: StreamingCompletionServer.token, count: run.tokens)
        let stream = try makeStreamer(run)
        defer { Task { try? await stream.shutdown() } }

        // The warm-up loads what the first request loads (code, the pool, the chain's availability reads).
        _ = try await stream.one("warm-up") {}

        let threadsBefore = ProcessGauges.status().threads
        let baseline = ProcessGauges.status().residentBytes
        let sampler = GaugeSampler()
        let cpuStart = ProcessGauges.cpuSeconds()
        let clock = ContinuousClock()
        let start = clock.now
        let outcomes = await withTaskGroup(of: StreamOutcome.self) { group in
            for index in 0..<run.streams {
                group.addTask {
                    let begin = clock.now
                    let first = Mutex<ContinuousClock.Instant?>(nil)
                    do {
                        let text = try await stream.one("Stream \(index)") { first.withLock { $0 = $0 ?? clock.now } }
                        let end = clock.now
                        return StreamOutcome(
                            firstToken: first.withLock { $0 }.map { ($0 - begin).secondsValue },
                            lastToken: (end - begin).secondsValue, correct: text == expected, failure: nil)
                    } catch {
                        return StreamOutcome(firstToken: nil, lastToken: nil, correct: false, failure: "\(error)")
                    }
                }
            }
            return await group.reduce(into: [StreamOutcome]()) { $0.append($1) }
        }
        let wall = (clock.now - start).secondsValue
        let cpu = ProcessGauges.cpuSeconds() - cpuStart
        let peak = sampler.stop()
        let failures = outcomes.compactMap(\.failure)
        let result = LoadResult(
            completed: outcomes.filter { $0.failure == nil }.count,
            wrongText: outcomes.filter { $0.failure == nil && !$0.correct }.count,
            failures: Array(Set(failures)).prefix(5).map { $0 }, wallSeconds: wall,
            timeToFirstToken: outcomes.compactMap(\.firstToken), timeToLastToken: outcomes.compactMap(\.lastToken),
            cpuSeconds: cpu, baselineResidentBytes: baseline,
            peakResidentBytes: max(peak.residentBytes, ProcessGauges.peakResidentBytes()), peakThreads: peak.threads,
            threadsBefore: threadsBefore)
        try JSONEncoder().encode(result).write(to: URL(fileURLWithPath: run.resultFile))
    }

    private struct StreamOutcome: Sendable {
        var firstToken: Double?
        var lastToken: Double?
        var correct: Bool
        var failure: String?
    }

    /// Streams one answer through the run's client.
    struct Streamer: Sendable {
        let one: @Sendable (_ prompt: String, _ firstToken: @escaping @Sendable () -> Void) async throws -> String
        let shutdown: @Sendable () async throws -> Void
    }

    private static func makeStreamer(_ run: LoadRun) throws -> Streamer {
        let connections = max(16, run.streams + 8)
        let stall = Duration.milliseconds(run.stallMilliseconds)
        if run.client == .bare {
            let client = BareStreamingClient(connections: connections)
            let url = run.baseURLs[0]
            return Streamer(
                one: { prompt, first in
                    try await client.stream(baseURL: url, prompt: prompt, stall: stall, firstToken: first)
                },
                shutdown: { try await client.shutdown() })
        }
        // One client for every provider, as a server would share it, with a connection per stream allowed.
        let http = GenUIHTTP.HTTPClient(
            maximumConnectionsPerHost: connections, transport: run.urlSession ? .urlSession : .asyncHTTPClient)
        if run.client == .transport {
            let url = URL(validLiteral: run.baseURLs[0] + "/chat/completions")
            return Streamer(
                one: { prompt, first in
                    let response = try await http.stream(
                        HTTPRequest(
                            method: "POST", url: url, headers: ["Content-Type": "application/json"],
                            body: try BareStreamingClient.requestBody(prompt: prompt)))
                    var reader = CompletionChunkReader()
                    for try await data in response.body {
                        if try reader.feed(data, firstToken: first) { break }
                    }
                    return reader.text
                }, shutdown: {})
        }
        func provider(_ name: String, _ url: String) -> OpenAILanguageModel {
            StreamingCompletionServer.provider(name, baseURL: url, client: http)
        }
        let options = ChainOptions(attemptTimeout: .seconds(300), deadline: .seconds(600))
        let model: any RoutableModel
        switch run.client {
        case .bare, .transport, .direct:
            model = provider("server", run.baseURLs[0])
        case .chain:
            model = ProviderChain(
                name: "load", models: [provider("dead", run.deadURL), provider("server", run.baseURLs[0])],
                options: options)
        case .fleet:
            let endpoints = run.baseURLs.map { FleetEndpoint(provider("fleet", $0), label: $0) }
            model = ProviderChain(
                name: "load",
                models: [
                    EndpointFleet(name: "fleet", endpoints: endpoints, options: FleetOptions(strategy: .leastBusy))
                ],
                options: options)
        }
        return Streamer(
            one: { prompt, first in
                let session = LanguageModelSession(model: model)
                var text = ""
                var stalled = stall == .zero
                for try await snapshot in session.streamResponse(to: prompt) {
                    if text.isEmpty, !snapshot.content.isEmpty { first() }
                    text = snapshot.content
                    if !stalled, !text.isEmpty {
                        stalled = true
                        try await Task.sleep(for: stall)
                    }
                }
                return text
            },
            shutdown: {})
    }
}
