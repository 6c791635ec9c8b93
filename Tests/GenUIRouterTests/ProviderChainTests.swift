import GenUI
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Testing

@Suite("ProviderChain routing", .tags(.unit))
struct ProviderChainTests {
    @Test("skips an unavailable provider and records why")
    func skipsUnavailable() async throws {
        let onDevice = FailingLanguageModel(
            name: "on-device", behavior: .unavailable(.runtimeMissing(binary: "llama-server")))
        let chain = ProviderChain(
            name: "default", models: [onDevice, ScriptedLanguageModel()], options: quickOptions())
        let response = try await chain.respond(to: GenerationRequest(prompt: "hello there"))
        #expect(response.metadata.provider == "scripted")
        let trace = try #require(response.metadata.trace)
        #expect(trace.summary == ["on-device:skipped:runtimeMissing", "scripted:served:served"])
        #expect(trace.steps[0].unavailableReason == .runtimeMissing(binary: "llama-server"))
        #expect(onDevice.requestCount == 0)
    }

    @Test("skips a provider lacking guided generation for a schema request")
    func skipsMissingCapability() async throws {
        let plain = FailingLanguageModel(name: "plain", capabilities: [.streaming])
        let chain = ProviderChain(name: "c", models: [plain, ScriptedLanguageModel()], options: quickOptions())
        let response = try await chain.respond(to: GenerationRequest(prompt: "a card", schema: cardSchema))
        let trace = try #require(response.metadata.trace)
        #expect(trace.summary == ["plain:skipped:missingCapability", "scripted:served:served"])
        #expect(trace.steps[0].missingCapabilities == [.guidedGeneration])
        #expect(trace.steps[1].guided == true)
        #expect(cardSchema.firstViolation(in: response.content) == nil)
        #expect(plain.requestCount == 0)
    }

    @Test("falls back on a server error (HTTP 500)")
    func fallsBackOnServerError() async throws {
        let broken = FailingLanguageModel(name: "cloud", behavior: .fail(.testServerError(500)))
        let chain = ProviderChain(name: "c", models: [broken, ScriptedLanguageModel()], options: quickOptions())
        let response = try await chain.respond(to: GenerationRequest(prompt: "hello"))
        let trace = try #require(response.metadata.trace)
        #expect(trace.summary == ["cloud:failed:serverError", "scripted:served:served"])
        #expect(trace.steps[0].action == .nextProvider)
        #expect(broken.requestCount == 1)
    }

    @Test("falls back when an attempt times out")
    func fallsBackOnTimeout() async throws {
        let stalled = FailingLanguageModel(name: "slow", behavior: .stall)
        // Only the stalled provider gets the short timeout: the backup has the chain's, so a slow machine cannot
        // time it out too.
        let chain = ProviderChain(
            name: "c",
            members: [ChainMember(stalled, attemptTimeout: .milliseconds(200)), ChainMember(ScriptedLanguageModel())],
            options: quickOptions())
        let response = try await chain.respond(to: GenerationRequest(prompt: "hello"))
        let trace = try #require(response.metadata.trace)
        #expect(trace.summary == ["slow:failed:timedOut", "scripted:served:served"])
        #expect(response.metadata.provider == "scripted")
    }

    @Test("does not fall back when the caller cancels")
    func stopsOnCancellation() async throws {
        let stalled = FailingLanguageModel(name: "slow", behavior: .stall)
        let backup = FailingLanguageModel(name: "backup")
        let chain = ProviderChain(name: "c", models: [stalled, backup], options: quickOptions(attempt: .seconds(30)))
        let task = Task { try await chain.respond(to: GenerationRequest(prompt: "hello")) }
        while stalled.requestCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(backup.requestCount == 0)
    }

    @Test("stops at the total deadline with a timeout carrying the trace")
    func honoursDeadline() async throws {
        let models = (0..<4).map { FailingLanguageModel(name: "slow\($0)", behavior: .stall) }
        let chain = ProviderChain(
            name: "c", models: models, options: quickOptions(attempt: .seconds(30), deadline: .seconds(1)))
        let error = await routingError { _ = try await chain.respond(to: GenerationRequest(prompt: "hello")) }
        let failure = try #require(error)
        #expect(failure.code == "timedOut")
        let trace = try #require(failure.trace)
        // The first provider stalls through the whole deadline; nothing after it is tried.
        #expect(trace.steps.map(\.provider) == ["slow0"])
        #expect(trace.steps.first?.reason == "timedOut")
        #expect(models[1].requestCount == 0 && models[3].requestCount == 0)
    }

    @Test("sets aside a provider whose server errors alternate with successes")
    func coolsDownAFlappingProvider() async throws {
        let flaky = FailingLanguageModel(
            name: "flaky", behavior: .flap(error: .testServerError(503), failures: 1, successes: 1))
        let chain = ProviderChain(
            name: "c", models: [flaky, ScriptedLanguageModel()],
            options: quickOptions(threshold: 3, coolDown: .seconds(30)))
        let request = GenerationRequest(prompt: "hello")
        var summaries: [String] = []
        for _ in 0..<8 {
            let trace = try #require(try await chain.respond(to: request).metadata.trace)
            summaries.append(trace.summary.first ?? "")
        }
        // fail, serve, fail, serve, fail: three failures among the last five outcomes open the circuit.
        #expect(
            Array(summaries.prefix(5)) == [
                "flaky:failed:serverError", "flaky:served:served", "flaky:failed:serverError", "flaky:served:served",
                "flaky:failed:serverError",
            ])
        #expect(summaries.dropFirst(5).allSatisfy { $0 == "flaky:skipped:coolingDown" }, "\(summaries)")
        #expect(flaky.requestCount == 5)
        #expect(await chain.coolingDown()["flaky"] != nil)
    }

    @Test("keeps a provider whose rare failures are far apart among its successes")
    func toleratesRareFailures() async throws {
        let occasional = FailingLanguageModel(
            name: "occasional", behavior: .flap(error: .testServerError(503), failures: 1, successes: 5))
        let chain = ProviderChain(
            name: "c", models: [occasional, ScriptedLanguageModel()], options: quickOptions(threshold: 3))
        let request = GenerationRequest(prompt: "hello")
        for _ in 0..<30 { _ = try await chain.respond(to: request) }
        // One failure in six never puts three failures among the last six outcomes.
        #expect(occasional.requestCount == 30)
        #expect(await chain.coolingDown()["occasional"] == nil)
    }

    @Test("cools a repeatedly failing provider down, probes it after the cooldown, and a failed probe extends it")
    func coolsDownAndProbes() async throws {
        let flaky = FailingLanguageModel(name: "flaky", behavior: .fail(.testServerError(503)))
        let clock = ManualClock()
        let chain = ProviderChain(
            name: "c", models: [flaky, ScriptedLanguageModel()],
            options: quickOptions(threshold: 2, coolDown: .seconds(1)), clock: clock.chainClock)
        let request = GenerationRequest(prompt: "hello")
        for _ in 0..<2 { _ = try await chain.respond(to: request) }
        #expect(flaky.requestCount == 2)

        let cooling = try #require(try await chain.respond(to: request).metadata.trace)
        #expect(cooling.summary.first == "flaky:skipped:coolingDown")
        #expect(flaky.requestCount == 2)

        // Just before the cooldown ends the provider is still passed over.
        clock.advance(by: .milliseconds(990))
        #expect(try await chain.respond(to: request).metadata.trace?.summary.first == "flaky:skipped:coolingDown")
        #expect(await chain.coolingDown()["flaky"] == .milliseconds(10))

        // The cooldown passes; the probe fails, which doubles the cooldown.
        clock.advance(by: .milliseconds(10))
        let probe = try #require(try await chain.respond(to: request).metadata.trace)
        #expect(probe.summary.first == "flaky:failed:serverError")
        #expect(flaky.requestCount == 3)
        let extended = try #require(try await chain.respond(to: request).metadata.trace)
        #expect(extended.summary.first == "flaky:skipped:coolingDown")

        #expect(await chain.coolingDown()["flaky"] == .seconds(2))

        // After the longer cooldown a successful probe closes the circuit.
        flaky.behavior = .serve
        clock.advance(by: .seconds(2))
        let recovered = try await chain.respond(to: request)
        #expect(recovered.metadata.provider == "flaky")
        let closed = try await chain.respond(to: request)
        #expect(closed.metadata.provider == "flaky")
    }

    @Test("100 concurrent requests through a chain with a flapping provider all complete, served or explained")
    func concurrentRequests() async throws {
        let flapping = FailingLanguageModel(
            name: "flapping", behavior: .flap(error: .testServerError(502), failures: 1, successes: 1))
        let chain = ProviderChain(
            name: "c", models: [flapping, ScriptedLanguageModel()],
            options: quickOptions(threshold: 5, coolDown: .milliseconds(50)))
        let outcomes = await withTaskGroup(of: String.self) { group in
            for index in 0..<100 {
                group.addTask {
                    do {
                        let response = try await chain.respond(to: GenerationRequest(prompt: "request \(index)"))
                        return response.metadata.trace?.servedBy ?? "untraced"
                    } catch let error as GenUIError {
                        return error.trace == nil ? "unexplained" : "explained"
                    } catch {
                        return "unexplained"
                    }
                }
            }
            var all: [String] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        #expect(outcomes.count == 100)
        #expect(!outcomes.contains("unexplained"))
        #expect(!outcomes.contains("untraced"))
        #expect(Set(outcomes).isSubset(of: ["flapping", "scripted", "explained"]))
    }

    @Test("a safety refusal stops by default and falls back only when the chain opts in")
    func refusalPolicy() async throws {
        let refusing = FailingLanguageModel(
            name: "strict", behavior: .fail(.refusal(.init(debugDescription: "declined"))))
        let stopping = ProviderChain(name: "c", models: [refusing, ScriptedLanguageModel()], options: quickOptions())
        let error = try #require(
            await routingError { _ = try await stopping.respond(to: GenerationRequest(prompt: "x")) })
        #expect(error.code == "refusal")
        #expect(error.trace?.summary == ["strict:failed:refusal"])

        let optedIn = ProviderChain(
            name: "c", models: [refusing, ScriptedLanguageModel()],
            options: quickOptions(policy: OutcomePolicy.standard.fallingBackOnRefusal()))
        let response = try await optedIn.respond(to: GenerationRequest(prompt: "x"))
        #expect(response.metadata.provider == "scripted")
    }

    @Test("an invalid request stops at once without trying any provider")
    func invalidRequestStops() async throws {
        let first = FailingLanguageModel(name: "first")
        let chain = ProviderChain(name: "c", models: [first], options: quickOptions())
        let request = GenerationRequest(prompt: "x", options: GenerationOptions(temperature: 9))
        let error = try #require(await routingError { _ = try await chain.respond(to: request) })
        #expect(error.code == "invalidRequest")
        #expect(first.requestCount == 0)
    }

    @Test("a short Retry-After is retried once on the same provider")
    func retriesShortRateLimit() async throws {
        let limited = FailingLanguageModel(
            name: "cloud",
            behavior: .flap(error: .testRateLimited(retryAfter: .milliseconds(50)), failures: 1, successes: 5))
        let chain = ProviderChain(name: "c", models: [limited, ScriptedLanguageModel()], options: quickOptions())
        let response = try await chain.respond(to: GenerationRequest(prompt: "x"))
        let trace = try #require(response.metadata.trace)
        #expect(trace.summary == ["cloud:failed:rateLimited", "cloud:served:served"])
        #expect(trace.steps[0].action == .retrySameProvider)
        #expect(trace.steps[1].retries == 1)
    }

    @Test("a long Retry-After moves on and cools the provider down for that long")
    func longRateLimitCoolsDown() async throws {
        let limited = FailingLanguageModel(name: "cloud", behavior: .fail(.testRateLimited(retryAfter: .seconds(30))))
        let chain = ProviderChain(name: "c", models: [limited, ScriptedLanguageModel()], options: quickOptions())
        _ = try await chain.respond(to: GenerationRequest(prompt: "x"))
        let second = try #require(try await chain.respond(to: GenerationRequest(prompt: "x")).metadata.trace)
        #expect(second.summary == ["cloud:skipped:coolingDown", "scripted:served:served"])
        let remaining = try #require(await chain.coolingDown()["cloud"])
        #expect(remaining > .seconds(20))
    }

    @Test("rejected credentials move on and cool the provider down")
    func unauthorizedCoolsDown() async throws {
        let rejected = FailingLanguageModel(
            name: "cloud", behavior: .fail(.unauthorized(.init(debugDescription: "401"))))
        let chain = ProviderChain(name: "c", models: [rejected, ScriptedLanguageModel()], options: quickOptions())
        let first = try #require(try await chain.respond(to: GenerationRequest(prompt: "x")).metadata.trace)
        #expect(first.summary == ["cloud:failed:unauthorized", "scripted:served:served"])
        let second = try #require(try await chain.respond(to: GenerationRequest(prompt: "x")).metadata.trace)
        #expect(second.summary.first == "cloud:skipped:coolingDown")
    }

    @Test("when nothing can serve, the error is noProviderAvailable with each provider's reason")
    func noProvider() async throws {
        let a = FailingLanguageModel(name: "a", behavior: .unavailable(.notConfigured(missing: "OPENAI_API_KEY")))
        let b = FailingLanguageModel(name: "b", behavior: .fail(.testConnectionRefused()))
        let c = FailingLanguageModel(name: "c", capabilities: [])
        let chain = ProviderChain(name: "x", models: [a, b, c], options: quickOptions())
        let error = try #require(
            await routingError {
                _ = try await chain.respond(to: GenerationRequest(prompt: "x", schema: cardSchema))
            })
        #expect(error.code == "noProviderAvailable")
        #expect(
            error.trace?.summary == ["a:skipped:notConfigured", "b:failed:transport", "c:skipped:missingCapability"])
    }

    @Test("a context overflow moves on only to a provider with a larger window")
    func contextOverflow() async throws {
        let small = FailingLanguageModel(
            name: "small",
            behavior: .fail(.contextSizeExceeded(contextSize: nil, tokenCount: nil, .init(debugDescription: "4096"))))
        let smaller = FailingLanguageModel(name: "smaller")
        let large = FailingLanguageModel(name: "large")
        let chain = ProviderChain(
            name: "c",
            members: [
                ChainMember(small, contextWindow: 4096), ChainMember(smaller, contextWindow: 2048),
                ChainMember(large, contextWindow: 128_000),
            ],
            options: quickOptions())
        let response = try await chain.respond(to: GenerationRequest(prompt: "x"))
        #expect(
            response.metadata.trace?.summary == [
                "small:failed:contextSizeExceeded", "smaller:skipped:contextWindowTooSmall", "large:served:served",
            ])
    }

    @Test("an availability check that never answers is skipped within the availability deadline")
    func stalledAvailability() async throws {
        let hanging = FailingLanguageModel(name: "hanging", behavior: .stallAvailability)
        let chain = ProviderChain(
            name: "c", models: [hanging, ScriptedLanguageModel()], options: quickOptions(availability: .seconds(2)))
        let response = try await chain.respond(to: GenerationRequest(prompt: "x"))
        #expect(
            response.metadata.trace?.summary == ["hanging:skipped:availabilityCheckTimedOut", "scripted:served:served"])
    }

    @Test("with allowUnguided, a provider without guided generation serves and its output is repaired and traced")
    func unguidedFallback() async throws {
        let chatty = FixedAnswerModel(
            name: "chatty",
            text:
                "Sure! Here it is:\n```json\n{\"title\": \"Hello\", \"stars\": \"9\", \"tags\": [\"a\", \"b\", \"c\"]}\n```\nEnjoy.",
            finishReason: nil)
        let strict = ProviderChain(name: "c", models: [chatty], options: quickOptions())
        let error = try #require(
            await routingError {
                _ = try await strict.respond(to: GenerationRequest(prompt: "x", schema: cardSchema))
            })
        #expect(error.code == "noProviderAvailable")

        let lenient = ProviderChain(name: "c", models: [chatty], options: quickOptions(allowUnguided: true))
        let response = try await lenient.respond(to: GenerationRequest(prompt: "x", schema: cardSchema))
        #expect(response.metadata.guided == false)
        #expect(try response.content.value(Int.self, forProperty: "stars") == 5)
        let step = try #require(response.metadata.trace?.steps.last)
        #expect(step.guided == false)
        #expect(step.repairs.contains("stripped code fence"))
        #expect(step.repairs.contains("clamped /stars to 5"))
        // The same repairs as codes, for wording them in any language.
        #expect(response.metadata.repairDetails.map(\.description) == response.metadata.repairs)
        #expect(response.metadata.repairDetails.contains { $0.code == .repairStrippedCodeFence })
    }
}
