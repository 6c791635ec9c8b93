import Foundation
import GenUI
import GenUIOpenAI
import GenUIRouter
import GenUITesting

/// Fleets: one provider spread over several loopback OpenAI-compatible servers that each serve one request at a time
/// with a fixed service time (``SingleSlotCompletionServer``), through a chain, as an app would use it.
enum FleetBenchmark {
    static let section = "Fleets: one provider over several single-slot endpoints (loopback OpenAI-compatible servers)"

    static func run(into report: inout Report, quick: Bool) async throws {
        try await throughput(into: &report, quick: quick)
        try await slowEndpoint(into: &report, quick: quick)
        try await hedging(into: &report, quick: quick)
    }

    /// 16 concurrent sessions: one endpoint, four with `ordered`, four with `least-busy`.
    private static func throughput(into report: inout Report, quick: Bool) async throws {
        // A multiple of the fake's 20 ms wait granularity, so the service time is what it says.
        let service = Duration.milliseconds(40)
        let perSession = quick ? 4 : 10
        func measure(_ count: Int, _ strategy: FleetStrategy) async throws -> Double {
            let servers = try servers(count, service: service)
            defer { servers.forEach { $0.stop() } }
            let chain = chain(servers, FleetOptions(strategy: strategy))
            let (latencies, wall) = try await load(chain, sessions: 16, perSession: perSession)
            return Double(latencies.count) / wall
        }
        let single = try await measure(1, .ordered)
        let ordered = try await measure(4, .ordered)
        let leastBusy = try await measure(4, .leastBusy)
        report.add(Figure(section: section, name: "16 sessions, 1 endpoint: throughput", value: single, unit: "req/s"))
        report.add(
            Figure(
                section: section, name: "16 sessions, 4 endpoints, ordered: throughput", value: ordered, unit: "req/s"))
        report.add(
            Figure(
                section: section, name: "16 sessions, 4 endpoints, least-busy: throughput", value: leastBusy,
                unit: "req/s"))
        report.add(
            Figure(
                section: section, name: "least-busy ÷ 1 endpoint", value: leastBusy / single, unit: "×", goal: "≥ 3.5×",
                metGoal: leastBusy / single >= 3.5))
        report.add(
            Figure(
                section: section, name: "least-busy ÷ ordered", value: leastBusy / ordered, unit: "×", goal: "≥ 1.3×",
                metGoal: leastBusy / ordered >= 1.3))
        report.note(
            section,
            "Throughput: each server holds one completion for \(ms(service)) ms and queues the rest; 16 sessions send \(perSession) requests each, one after another, through a chain whose only provider is the fleet. `ordered` sends everything to the first endpoint while it works, as a single-endpoint provider does."
        )
    }

    /// One endpoint of four ten times slower, three sessions (the healthy endpoints' capacity).
    private static func slowEndpoint(into report: inout Report, quick: Bool) async throws {
        let service = Duration.milliseconds(100)
        let perSession = quick ? 10 : 40
        var p95: [FleetStrategy: Double] = [:]
        for strategy in [FleetStrategy.latency, .leastBusy] {
            let servers = try servers(4, service: service)
            defer { servers.forEach { $0.stop() } }
            servers[0].setServiceTime(service * 10)
            let chain = chain(servers, FleetOptions(strategy: strategy))
            let (latencies, _) = try await load(chain, sessions: 3, perSession: perSession)
            p95[strategy] = Samples(latencies).percentile(0.95)
        }
        let healthy = service.secondsValue
        for strategy in [FleetStrategy.latency, .leastBusy] {
            let value = p95[strategy] ?? .nan
            report.add(
                Figure(
                    section: section, name: "one endpoint 10× slower, \(strategy.rawValue): p95 ÷ healthy service time",
                    value: value / healthy, unit: "×", goal: strategy == .latency ? "≤ 1.5×" : nil,
                    metGoal: strategy == .latency ? value / healthy <= 1.5 : nil))
        }
        report.note(
            section,
            "Slow endpoint: four servers, the first taking \(ms(service * 10)) ms per completion and the others \(ms(service)) ms; 3 sessions × \(perSession) requests. `latency` scores each endpoint by its moving average × (1 + requests in flight) and sends the slow one a request only when it has had none for the exploration interval (10 s); `least-busy` is shown for comparison (`ordered` would send every request to the slow first endpoint)."
        )
    }

    /// Latencies with a tail (5 % of completions ten times slower), with and without a hedge at the p90.
    private static func hedging(into report: inout Report, quick: Bool) async throws {
        let service = Duration.milliseconds(60)
        let perSession = quick ? 30 : 100
        let sessions = 3
        var p99: [Bool: Double] = [:]
        var extra = 0.0
        for hedged in [false, true] {
            let servers = try (0..<4).map {
                try SingleSlotCompletionServer(
                    name: "s\($0)", serviceTime: service, slowFraction: 0.05, slowFactor: 10, seed: UInt64($0 + 7))
            }
            defer { servers.forEach { $0.stop() } }
            let chain = chain(servers, FleetOptions(strategy: .leastBusy, hedge: hedged ? .percentile(90) : nil))
            // Warm up the statistics the percentile needs; not measured.
            _ = try await load(chain, sessions: sessions, perSession: 10)
            let before = servers.reduce(0) { $0 + $1.completionRequests }
            let (latencies, _) = try await load(chain, sessions: sessions, perSession: perSession)
            let sent = servers.reduce(0) { $0 + $1.completionRequests } - before
            p99[hedged] = Samples(latencies).percentile(0.99)
            if hedged { extra = Double(sent - latencies.count) / Double(latencies.count) }
        }
        let without = p99[false] ?? .nan
        let with = p99[true] ?? .nan
        report.add(Figure(section: section, name: "tail: p99 without hedging", value: without * 1000, unit: "ms"))
        report.add(Figure(section: section, name: "tail: p99 with a hedge at the p90", value: with * 1000, unit: "ms"))
        report.add(
            Figure(
                section: section, name: "tail: p99 without ÷ with hedging", value: without / with, unit: "×",
                goal: "≥ 2×",
                metGoal: without / with >= 2))
        report.add(
            Figure(
                section: section, name: "tail: extra requests sent by hedging", value: extra * 100, unit: "%",
                goal: "≤ 15 %",
                metGoal: extra <= 0.15))
        report.note(
            section,
            "Hedging: four servers whose completions take \(ms(service)) ms, 5 % of them ten times longer (drawn reproducibly); \(sessions) sessions × \(perSession) requests after a warm-up of 10 each, `least-busy`, with and without `hedge: { percentile: 90 }`. Extra requests are the completions the servers received beyond one per request; a cancelled copy's connection is closed and its server gives the slot up."
        )
    }

    private static func ms(_ duration: Duration) -> Int { Int((duration.secondsValue * 1000).rounded()) }

    private static func servers(_ count: Int, service: Duration) throws -> [SingleSlotCompletionServer] {
        try (0..<count).map { try SingleSlotCompletionServer(name: "s\($0)", serviceTime: service) }
    }

    private static func chain(_ servers: [SingleSlotCompletionServer], _ options: FleetOptions) -> ProviderChain {
        let endpoints = servers.map { server in
            FleetEndpoint(
                OpenAILanguageModel(
                    configuration: OpenAIConfiguration(
                        name: "fleet", baseURL: server.baseURL, model: "fleet-model", apiKeyEnvironmentVariable: nil)),
                label: server.baseURL.absoluteString)
        }
        return ProviderChain(
            name: "bench", models: [EndpointFleet(name: "fleet", endpoints: endpoints, options: options)],
            options: ChainOptions(attemptTimeout: .seconds(120), deadline: .seconds(240)))
    }

    /// `sessions` concurrent sessions, each sending `perSession` requests one after another: every request's
    /// latency, and the wall time.
    private static func load(_ model: any RoutableModel, sessions: Int, perSession: Int) async throws -> (
        [Double], Double
    ) {
        let clock = ContinuousClock()
        let start = clock.now
        let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
            for session in 0..<sessions {
                group.addTask {
                    var own: [Double] = []
                    for request in 0..<perSession {
                        let begin = clock.now
                        _ = try await model.respond(to: GenerationRequest(prompt: "Card \(session) \(request)"))
                        own.append((clock.now - begin).secondsValue)
                    }
                    return own
                }
            }
            return try await group.reduce(into: [Double]()) { $0 += $1 }
        }
        return (latencies, (clock.now - start).secondsValue)
    }
}
