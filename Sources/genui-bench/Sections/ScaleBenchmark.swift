import GenUI
import GenUIRouter

/// Section 7: how the routing layer's cost grows with load — 1, 8 and 64 concurrent sessions through one chain whose
/// only work is the scripted model.
enum ScaleBenchmark {
    static func run(into report: inout Report, quick: Bool) async throws {
        let section = "Scale: concurrent sessions through one chain (scripted provider)"
        let chain = ProviderChain(name: "bench", models: [ScriptedLanguageModel()])
        let schema = GenerationSchema(
            name: "Card",
            properties: [
                .init(name: "title", type: String.self, guides: [.maximumLength(30)]),
                .init(name: "items", type: [String].self, guides: [.count(1...4)]),
            ])
        let requestsPerSession = quick ? 20 : 100
        var baseline: Double?
        for sessions in [1, 8, 64] {
            let clock = ContinuousClock()
            let start = clock.now
            let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
                for index in 0..<sessions {
                    group.addTask {
                        let session = LanguageModelSession(model: chain)
                        var own: [Double] = []
                        for request in 0..<requestsPerSession {
                            let begin = clock.now
                            _ = try await session.respond(
                                to: "Card \(index) \(request) about gardens", schema: schema,
                                options: GenerationOptions(sampling: .greedy))
                            own.append((clock.now - begin).secondsValue)
                        }
                        return own
                    }
                }
                return try await group.reduce(into: [Double]()) { $0 += $1 }
            }
            let wall = (clock.now - start).secondsValue
            let samples = Samples(latencies)
            let throughput = Double(latencies.count) / wall
            report.add(
                Figure(section: section, name: "\(sessions) sessions: throughput", value: throughput, unit: "req/s"))
            report.add(
                Figure(
                    section: section, name: "\(sessions) sessions: p50 latency", value: samples.median * 1000,
                    unit: "ms"))
            report.add(
                Figure(
                    section: section, name: "\(sessions) sessions: p99 latency", value: samples.percentile(0.99) * 1000,
                    unit: "ms"))
            if let baseline {
                report.add(
                    Figure(
                        section: section, name: "\(sessions) sessions: throughput vs 1 session",
                        value: throughput / baseline, unit: "×"))
            } else {
                baseline = throughput
            }
        }
        report.note(
            section,
            "Each session sends \(requestsPerSession) structured requests one after another; all sessions share one `ProviderChain`. On 2 cores, throughput beyond 2 sessions grows only while the chain's own bookkeeping (availability cache, breakers) does not serialise work."
        )
    }
}
