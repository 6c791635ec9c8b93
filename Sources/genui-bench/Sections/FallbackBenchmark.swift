import Foundation
import GenUI
import GenUIOpenAI
import GenUIRouter
import GenUITesting

/// Section 2: how long a request takes to reach the second provider of a chain when the first one fails in each of
/// four ways. The clock starts when the request is made and stops when the second provider receives it.
enum FallbackBenchmark {
    static let section = "Fallback latency: request start → second provider receives it"

    static func run(into report: inout Report, quick: Bool) async throws {
        let runs = quick ? 15 : 60
        let attemptTimeout = Duration.milliseconds(500)
        let modelsBody = #"{"object":"list","data":[{"id":"bench-model","object":"model"}]}"#

        // (a) nothing listens: the port of a server that was started and stopped.
        let closed = try LoopbackHTTPServer { _, connection in connection.respond(status: 204) }
        let refusedURL = closed.baseURL.appendingPathComponent("v1")
        closed.stop()

        // (c) answers 500 to every generation.
        let failing = try LoopbackHTTPServer { request, connection in
            if request.path.hasSuffix("/models") {
                connection.respond(json: modelsBody)
            } else {
                connection.respond(status: 500, json: #"{"error":{"message":"boom","type":"server_error","code":500}}"#)
            }
        }
        defer { failing.stop() }

        // (d) accepts generations and never answers.
        let silent = try LoopbackHTTPServer { request, connection in
            if request.path.hasSuffix("/models") {
                connection.respond(json: modelsBody)
            } else {
                _ = connection.stall(for: .seconds(30))
            }
        }
        defer { silent.stop() }

        func openAI(_ url: URL) -> any RoutableModel {
            OpenAILanguageModel(
                configuration: OpenAIConfiguration(
                    name: "first", baseURL: url, model: "bench-model", apiKeyEnvironmentVariable: nil,
                    connectTimeout: attemptTimeout, requestTimeout: .seconds(30)))
        }

        let cases: [(String, () -> any RoutableModel, String?)] = [
            ("(a) refusing connections", { openAI(refusedURL) }, "≤ 5 ms"),
            (
                "(b) unavailable by configuration",
                { FailingLanguageModel(name: "first", behavior: .unavailable(.disabled)) }, "≤ 5 ms"
            ),
            ("(c) answering 500", { openAI(failing.baseURL.appendingPathComponent("v1")) }, "≤ 5 ms"),
            ("(d) accepting and never answering", { openAI(silent.baseURL.appendingPathComponent("v1")) }, nil),
        ]
        for (label, makeFirst, goal) in cases {
            let isSilent = goal == nil
            var samples = Samples()
            for _ in 0..<(isSilent ? max(3, runs / 10) : runs) {
                let second = RecordingModel()
                let chain = ProviderChain(
                    name: "bench", models: [makeFirst(), second],
                    options: ChainOptions(attemptTimeout: attemptTimeout, deadline: .seconds(10)))
                let start = ContinuousClock.now
                _ = try await chain.respond(to: GenerationRequest(prompt: "A settings screen"))
                guard let arrival = second.lastArrival else { continue }
                samples.append((arrival - start).secondsValue)
            }
            let milliseconds = samples.median * 1000
            if isSilent {
                let overhead = milliseconds - attemptTimeout.secondsValue * 1000
                report.add(
                    Figure(
                        section: section, name: "\(label): median", value: milliseconds, unit: "ms",
                        goal: "attempt timeout (\(Int(attemptTimeout.secondsValue * 1000)) ms) + small overhead"))
                report.add(
                    Figure(
                        section: section, name: "\(label): overhead beyond the attempt timeout", value: overhead,
                        unit: "ms", goal: "≤ 5 ms", metGoal: overhead <= 5))
            } else {
                report.add(
                    Figure(
                        section: section, name: "\(label): median", value: milliseconds, unit: "ms",
                        goal: goal, metGoal: milliseconds <= 5))
            }
        }
        report.note(
            section,
            "Each run builds a new chain, so the first provider's availability is checked (not cached) on every run: these are cold-path figures. The first provider is the OpenAI-compatible provider over loopback HTTP, except (b), which is a provider disabled by configuration. (d) is bounded by the per-attempt timeout of \(Int(attemptTimeout.secondsValue * 1000)) ms."
        )
    }
}
