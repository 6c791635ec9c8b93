import Foundation
import GenUI
import GenUITestSupport
import GenUITesting
import Testing

@testable import GenUIRouter

/// The half-open probe of a circuit breaker is released on every way out of it, so a provider is never left
/// "cooling down" for good because the one request allowed to probe it went away without a verdict.
@Suite("Circuit breaker probe release", .tags(.unit))
struct CircuitProbeTests {
    /// A chain whose first provider, `flaky`, opens its circuit after two server errors and cools down for 200 ms; a
    /// Retry-After up to a minute is waited out on the same provider. Its time is `clock`'s.
    static func chain(_ flaky: FailingLanguageModel, clock: ManualClock) -> ProviderChain {
        var options = quickOptions(deadline: .seconds(120), threshold: 2, coolDown: .milliseconds(200))
        options.policy = OutcomePolicy(rules: [
            .rateLimited: OutcomeRule(
                action: .next, retrySameWhenRetryAfterAtMost: .seconds(60), coolDown: .immediately)
        ])
        return ProviderChain(
            name: "c", models: [flaky, ScriptedLanguageModel()], options: options, clock: clock.chainClock)
    }

    /// Fails `flaky` twice to open its circuit, then lets the cooldown pass.
    static func openAndCoolDown(_ chain: ProviderChain, _ flaky: FailingLanguageModel, _ clock: ManualClock)
        async throws
    {
        flaky.behavior = .fail(.testServerError(503))
        for _ in 0..<2 { _ = try await chain.respond(to: GenerationRequest(prompt: "hello")) }
        let skipped = try #require(try await chain.respond(to: GenerationRequest(prompt: "hello")).metadata.trace)
        try #require(skipped.summary.first == "flaky:skipped:coolingDown")
        clock.advance(by: .milliseconds(400))
    }

    /// Starts a request, waits until it has reached `flaky` (its request count passes `count`) and until `settled`
    /// holds (the request waits on the clock, or a moment more when nil), then cancels it and waits for it to end.
    static func cancelAfterAttempt(
        _ chain: ProviderChain, _ flaky: FailingLanguageModel, count: Int, settled: (@Sendable () -> Bool)? = nil
    ) async throws {
        let caller = Task { try await chain.respond(to: GenerationRequest(prompt: "probe")) }
        // Polls for the request to reach the provider, which runs on its own task: no clock is involved.
        for _ in 0..<3000 where flaky.requestCount <= count { try await Task.sleep(for: .milliseconds(10)) }
        try #require(flaky.requestCount > count, "the probe never reached the provider")
        if let settled {
            for _ in 0..<3000 where !settled() { try await Task.sleep(for: .milliseconds(10)) }
            try #require(settled(), "the request never began to wait")
        } else {
            // The stalled attempt is the provider's own wait, not the chain's: a moment for the caller to be in it.
            try await Task.sleep(for: .milliseconds(100))
        }
        caller.cancel()
        let result = await caller.result
        #expect(throws: (any Error).self) { try result.get() }
    }

    @Test("a probe cancelled while it waits out a short Retry-After is released: the next request probes again")
    func cancelledDuringRetryAfter() async throws {
        let flaky = FailingLanguageModel(name: "flaky")
        let clock = ManualClock()
        let chain = Self.chain(flaky, clock: clock)
        try await Self.openAndCoolDown(chain, flaky, clock)

        // The probe is rate limited with a Retry-After the policy waits out on the same provider; the caller goes
        // away during that wait.
        flaky.behavior = .fail(.testRateLimited(retryAfter: .seconds(30)))
        try await Self.cancelAfterAttempt(chain, flaky, count: 2, settled: { clock.sleeping == 1 })
        #expect(flaky.requestCount == 3, "the retry after the Retry-After ran although the caller was cancelled")
        #expect(clock.sleeping == 0, "the cancelled wait was left behind")

        flaky.behavior = .serve
        let next = try await chain.respond(to: GenerationRequest(prompt: "hello"))
        #expect(next.metadata.trace?.summary.first == "flaky:served:served", "\(next.metadata.trace?.summary ?? [])")
        #expect(flaky.requestCount == 4)
    }

    @Test("a probe cancelled during its attempt is released: the next request probes again")
    func cancelledDuringAttempt() async throws {
        let flaky = FailingLanguageModel(name: "flaky")
        let clock = ManualClock()
        let chain = Self.chain(flaky, clock: clock)
        try await Self.openAndCoolDown(chain, flaky, clock)

        flaky.behavior = .stall
        try await Self.cancelAfterAttempt(chain, flaky, count: 2)

        flaky.behavior = .serve
        let next = try await chain.respond(to: GenerationRequest(prompt: "hello"))
        #expect(next.metadata.trace?.summary.first == "flaky:served:served", "\(next.metadata.trace?.summary ?? [])")
    }

    @Test("releasing a probe is idempotent and never releases a later probe of the same provider")
    func staleRelease() async throws {
        let health = ProviderHealth(
            settings: CircuitBreakerSettings(failureThreshold: 1, window: .seconds(60), coolDown: .zero))
        await health.recordFailure("p", immediate: nil)
        guard case .probe(let first) = await health.admit("p") else {
            Issue.record("the cooldown is over: the first request probes")
            return
        }
        #expect(await health.admit("p") == .coolingDown(remaining: .zero), "a second probe while one runs")
        await health.releaseProbe("p", first)
        await health.releaseProbe("p", first)
        guard case .probe(let second) = await health.admit("p") else {
            Issue.record("after the release the next request probes")
            return
        }
        // The first probe's late release leaves the second probe in place.
        await health.releaseProbe("p", first)
        #expect(await health.admit("p") == .coolingDown(remaining: .zero))
        // After a verdict a release changes nothing.
        await health.recordSuccess("p")
        await health.releaseProbe("p", second)
        #expect(await health.admit("p") == .admitted)
    }
}
