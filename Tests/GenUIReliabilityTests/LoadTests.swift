import Foundation
import GenUI
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Testing

/// What became of one request of the load test.
enum LoadOutcome: Sendable {
    /// Served; the trace of its route.
    case served(RouteTrace)
    /// Failed with a typed error that carries its route.
    case explained(GenUIError, RouteTrace)
    /// Failed without an explanation (a bug).
    case unexplained(String)

    var trace: RouteTrace? {
        switch self {
        case .served(let trace), .explained(_, let trace): trace
        case .unexplained: nil
        }
    }
}

/// The guard against deadlocks: `body`'s result, or a thrown `TimeLimitExceeded` once `limit` passes.
func withTimeLimit<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw TimeLimitExceeded(limit: limit) }
        return value
    }
}

/// The work did not finish within the guard's limit.
struct TimeLimitExceeded: Error, CustomStringConvertible {
    var limit: Duration
    var description: String { "the work did not finish within \(limit); a request is stuck" }
}

@Suite("Load: concurrent requests through a flapping provider", .tags(.unit))
struct LoadTests {
    static let requestCount = 200

    /// Sends `count` requests through `chain` and records what became of each: the first `leading` at once, and once
    /// they are answered, all the others at once. (When all arrive in the same instant, every one of them can be let
    /// through before the first failure is recorded — how many depends on the machine's load — so a test of the
    /// breaker lets a few requests lead, as the first requests of real traffic do.)
    static func flood(_ chain: ProviderChain, count: Int, leading: Int = 0) async throws -> [LoadOutcome] {
        let first = min(leading, count)
        let early = try await burst(chain, indices: 0..<first)
        return try await early + burst(chain, indices: first..<count)
    }

    /// Sends the requests numbered `indices` at once through `chain` and records what became of each.
    static func burst(_ chain: ProviderChain, indices: Range<Int>) async throws -> [LoadOutcome] {
        try await withTimeLimit(.seconds(60)) {
            await withTaskGroup(of: LoadOutcome.self) { group in
                for index in indices {
                    group.addTask {
                        let request = GenerationRequest(prompt: "Request \(index)")
                        do {
                            let response = try await chain.respond(to: request)
                            guard let trace = response.metadata.trace else {
                                return .unexplained("served without a trace")
                            }
                            return .served(trace)
                        } catch let error as GenUIError {
                            guard let trace = error.trace else { return .unexplained("\(error) has no trace") }
                            return .explained(error, trace)
                        } catch {
                            return .unexplained("\(error)")
                        }
                    }
                }
                var outcomes: [LoadOutcome] = []
                for await outcome in group { outcomes.append(outcome) }
                return outcomes
            }
        }
    }

    /// How the flapping provider fails every other request.
    enum Flap: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// A dropped connection: sets the provider aside at once.
        case droppedConnection
        /// A 503: counts towards the breaker's threshold.
        case serverError

        var error: GenUIError {
            switch self {
            case .droppedConnection:
                .transport(.connectionLost(detail: "the connection dropped"), .init(debugDescription: "flapping link"))
            case .serverError: .testServerError(503)
            }
        }

        /// The trace reason of the failure.
        var reason: String { self == .droppedConnection ? "transport" : "serverError" }

        var testDescription: String { rawValue }
    }

    static func flapping(_ name: String, _ flap: Flap = .droppedConnection) -> FailingLanguageModel {
        FailingLanguageModel(name: name, behavior: .flap(error: flap.error, failures: 1, successes: 1))
    }

    @Test(
        "200 concurrent requests are each served or explained, without deadlock, and the cooldown shows in the traces",
        arguments: Flap.allCases)
    func flappingFirstProvider(flap: Flap) async throws {
        let flaky = Self.flapping("flaky", flap)
        let backup = ScriptedLanguageModel(name: "backup")
        let chain = ProviderChain(
            name: "load", models: [flaky, backup],
            options: ChainOptions(
                attemptTimeout: .seconds(5), deadline: .seconds(30),
                breaker: CircuitBreakerSettings(failureThreshold: 3, window: .seconds(30), coolDown: .seconds(30))))

        let outcomes = try await Self.flood(chain, count: Self.requestCount, leading: 10)

        #expect(outcomes.count == Self.requestCount)
        for case .unexplained(let what) in outcomes {
            Issue.record("a request was neither served nor explained: \(what)")
        }
        let traces = outcomes.compactMap(\.trace)
        #expect(traces.count == Self.requestCount)
        // With a scripted backup every request is served.
        let served = outcomes.filter { if case .served = $0 { true } else { false } }
        #expect(served.count == Self.requestCount)
        // A dropped connection sets the provider aside at once; server errors open the circuit once three of the
        // last six outcomes failed, successes in between notwithstanding. Later requests skip it.
        let failures = traces.flatMap(\.steps).filter { $0.provider == "flaky" && $0.outcome == .failed }
        let coolingSkips = traces.flatMap(\.steps).filter { $0.provider == "flaky" && $0.reason == "coolingDown" }
        #expect(failures.count >= 1)
        #expect(failures.allSatisfy { $0.reason == flap.reason })
        #expect(!coolingSkips.isEmpty, "no request skipped the flapping provider while it cooled down")
        #expect(flaky.requestCount < Self.requestCount, "the cooldown did not spare the flapping provider any request")
        // Requests let through before the circuit opened and failing after it do not stretch the cooldown: only a
        // failed probe doubles it.
        let remaining = try #require(await chain.coolingDown()["flaky"])
        #expect(remaining <= .seconds(30), "the cooldown grew to \(remaining)")
        // Every served request names who served it, and the chain's steps agree with the outcome.
        for trace in traces {
            #expect(trace.servedBy == "flaky" || trace.servedBy == "backup")
        }
    }

    @Test(
        "with no backup, 200 concurrent requests through a flapping provider are each served or carry a trace of why not"
    )
    func flappingAlone() async throws {
        let flaky = Self.flapping("flaky")
        let chain = ProviderChain(
            name: "alone", models: [flaky],
            options: ChainOptions(
                attemptTimeout: .seconds(5), deadline: .seconds(30),
                breaker: CircuitBreakerSettings(failureThreshold: 3, window: .seconds(30), coolDown: .seconds(30))))

        let outcomes = try await Self.flood(chain, count: Self.requestCount, leading: 10)

        #expect(outcomes.count == Self.requestCount)
        for case .unexplained(let what) in outcomes {
            Issue.record("a request was neither served nor explained: \(what)")
        }
        var explained = 0
        for case .explained(let error, let trace) in outcomes {
            explained += 1
            #expect(error.code == "noProviderAvailable")
            #expect(trace.steps.count == 1)
            #expect(["transport", "coolingDown"].contains(trace.steps.first?.reason ?? ""))
        }
        #expect(explained > 0)
        let skipped = outcomes.compactMap(\.trace).filter { $0.steps.first?.reason == "coolingDown" }
        #expect(!skipped.isEmpty, "no request was turned away by the cooldown")
    }
}
