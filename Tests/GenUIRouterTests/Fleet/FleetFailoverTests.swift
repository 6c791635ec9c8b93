import Foundation
import GenUI
import GenUIDiagnostics
import GenUITestSupport
import GenUITesting
import Testing

@testable import GenUIRouter

@Suite("Fleet failover and availability", .tags(.unit))
struct FleetFailoverTests {
    private func fleet(_ models: [FleetFakeModel], _ options: FleetOptions = FleetOptions()) -> EndpointFleet {
        EndpointFleet(
            name: "fleet", endpoints: models.enumerated().map { FleetEndpoint($1, label: "e\($0)") }, options: options)
    }

    @Test("a transport failure of one endpoint is served by the next, and the response says so")
    func transportFailsOver() async throws {
        let models = [FleetFakeModel("a", .fail(refused("e0"))), FleetFakeModel("b")]
        let fleet = fleet(models)
        let response = try await fleet.respond(to: GenerationRequest(prompt: "hi"))
        #expect(response.text == "served by b")
        let endpoint = try #require(response.metadata.endpoint)
        #expect(endpoint.index == 1)
        #expect(endpoint.reason == "failover")
        #expect(endpoint.failedEndpoints == [.init(endpoint: "e0", code: "transport")])
        // The failed endpoint is set aside: the next request goes straight to the other one.
        _ = try await fleet.respond(to: GenerationRequest(prompt: "again"))
        #expect(models[0].arrivals == 1)
        #expect(await fleet.endpointStatuses()[0].coolingDown != nil)
    }

    @Test(
        "an endpoint that gives no answer within the endpoint timeout is cancelled and set aside, and the next one answers",
        .timeLimit(.minutes(1)))
    func endpointTimeoutFailsOver() async throws {
        let models = [FleetFakeModel("a", .hold), FleetFakeModel("b")]
        let clock = ManualClock()
        var options = FleetOptions()
        options.endpointTimeout = .milliseconds(200)
        options.clock = clock.chainClock
        let fleet = fleet(models, options)
        let answer = Task { try await fleet.respond(to: GenerationRequest(prompt: "hi")) }
        #expect(await eventually { models[0].arrivals == 1 && clock.sleeping == 1 }, "the endpoint timeout is running")
        clock.advance(by: .milliseconds(200))
        let response = try await answer.value
        #expect(response.text == "served by b")
        #expect(response.metadata.endpoint?.failedEndpoints == [.init(endpoint: "e0", code: "timedOut")])
        #expect(await eventually { models[0].cancellations == 1 }, "the held request was cancelled")
        #expect(await fleet.endpointStatuses()[0].coolingDown != nil)
    }

    @Test(
        "a stream with no output within the endpoint timeout is cancelled and the next endpoint streams",
        .timeLimit(.minutes(1)))
    func endpointTimeoutFailsOverStreams() async throws {
        let models = [FleetFakeModel("a", .hold), FleetFakeModel("b")]
        let clock = ManualClock()
        var options = FleetOptions()
        options.endpointTimeout = .milliseconds(200)
        options.clock = clock.chainClock
        let stream = fleet(models, options).streamResponse(to: GenerationRequest(prompt: "hi"))
        let reading = Task {
            var completed: GenerationResponse?
            for try await event in stream {
                if case .completed(let response) = event { completed = response }
            }
            return completed
        }
        #expect(await eventually { models[0].arrivals == 1 && clock.sleeping == 1 }, "the endpoint timeout is running")
        clock.advance(by: .milliseconds(200))
        let response = try #require(try await reading.value)
        #expect(response.text == "served by b")
        #expect(response.metadata.endpoint?.failedEndpoints == [.init(endpoint: "e0", code: "timedOut")])
        #expect(await eventually { models[0].cancellations == 1 })
    }

    @Test("without an endpoint timeout a slow endpoint is waited for")
    func noEndpointTimeoutWaits() async throws {
        let models = [FleetFakeModel("a", .hold), FleetFakeModel("b")]
        let fleet = fleet(models)
        let answer = Task { try await fleet.respond(to: GenerationRequest(prompt: "hi")) }
        try await Task.sleep(for: .milliseconds(400))
        models[0].releaseAll()
        #expect(try await answer.value.text == "served by a")
        #expect(models[1].arrivals == 0)
    }

    @Test("a set-aside endpoint is used again after its cooldown")
    func returnsAfterCooldown() async throws {
        let models = [FleetFakeModel("a", .fail(refused("e0"))), FleetFakeModel("b")]
        let clock = ManualClock()
        var options = FleetOptions(coolDown: .milliseconds(200))
        options.clock = clock.chainClock
        let fleet = fleet(models, options)
        _ = try await fleet.respond(to: GenerationRequest(prompt: "hi"))
        models[0].set(.answer)
        clock.advance(by: .milliseconds(199))
        #expect(
            try await fleet.respond(to: GenerationRequest(prompt: "hi")).metadata.endpoint?.index == 1,
            "still set aside")
        clock.advance(by: .milliseconds(1))
        let response = try await fleet.respond(to: GenerationRequest(prompt: "hi"))
        #expect(response.metadata.endpoint?.index == 0)
    }

    @Test("an error any endpoint would give is not retried on another endpoint")
    func refusalIsNotRetried() async throws {
        let refusal = GenUIError.refusal(.init(provider: "fleet", debugDescription: "no"))
        let models = [FleetFakeModel("a", .fail(refusal)), FleetFakeModel("b")]
        await #expect(throws: GenUIError.self) { try await fleet(models).respond(to: GenerationRequest(prompt: "hi")) }
        #expect(models[1].arrivals == 0)
    }

    @Test("tries at most maximumEndpointAttempts endpoints, then throws the last endpoint's error")
    func boundedAttempts() async throws {
        let models = (0..<4).map { FleetFakeModel("m\($0)", .fail(refused("e\($0)"))) }
        let fleet = fleet(models, FleetOptions(maximumEndpointAttempts: 2))
        do {
            _ = try await fleet.respond(to: GenerationRequest(prompt: "hi"))
            Issue.record("expected a failure")
        } catch let error as GenUIError {
            #expect(error.code == "transport")
        }
        #expect(models.map(\.arrivals).reduce(0, +) == 2)
    }

    @Test("the fleet is available while one endpoint is, and doctor's statuses say how many are up")
    func availableWhileOneIs() async {
        let models = [FleetFakeModel("a"), FleetFakeModel("b"), FleetFakeModel("c")]
        models[0].set(availability: .unavailable(.unreachable(endpoint: "e0")))
        models[2].set(availability: .unavailable(.unreachable(endpoint: "e2")))
        let fleet = fleet(models, FleetOptions(availabilityTTL: .zero))
        #expect(await fleet.availability == .available)
        #expect(await fleet.endpointStatuses().filter(\.isUp).count == 1)
        models[1].set(availability: .unavailable(.unreachable(endpoint: "e1")))
        #expect(await fleet.availability == .unavailable(.unreachable(endpoint: "e0")))
    }

    @Test("a fleet without endpoints is unavailable and fails requests without trapping")
    func emptyFleet() async throws {
        let fleet = EndpointFleet(name: "empty", endpoints: [])
        #expect(await fleet.availability == .unavailable(.notConfigured(missing: "endpoints")))
        #expect(await fleet.supportedCapabilities.isEmpty)
        await #expect(throws: GenUIError.self) { try await fleet.respond(to: GenerationRequest(prompt: "hi")) }
        await #expect(throws: GenUIError.self) { try await fleet.contextSize }
    }

    @Test("an endpoint known to be unavailable is not picked")
    func unavailableNotPicked() async throws {
        let models = [FleetFakeModel("a"), FleetFakeModel("b")]
        models[0].set(availability: .unavailable(.unreachable(endpoint: "e0")))
        let fleet = fleet(models)
        _ = await fleet.availability
        let response = try await fleet.respond(to: GenerationRequest(prompt: "hi"))
        #expect(response.metadata.endpoint?.index == 1)
        #expect(models[0].arrivals == 0)
    }

    @Test("the chain's trace names the endpoint that served")
    func traceNamesEndpoint() async throws {
        let models = [FleetFakeModel("a", .fail(refused("e0"))), FleetFakeModel("b")]
        let chain = ProviderChain(name: "c", models: [fleet(models)])
        let response = try await chain.respond(to: GenerationRequest(prompt: "hi"))
        let step = try #require(response.metadata.trace?.steps.last)
        #expect(step.outcome == .served)
        #expect(step.provider == "fleet")
        #expect(step.endpoint?.endpoint == "e1")
        #expect(step.endpoint?.reason == "failover")
        let sentence = Diagnostics(language: .english).describe(step)
        #expect(sentence.hasSuffix("at endpoint e1 (after 1 endpoint(s) failed)"), "\(sentence)")
    }

    @Test("a stream fails over to the next endpoint before its first output")
    func streamFailsOver() async throws {
        let models = [FleetFakeModel("a", .fail(refused("e0"))), FleetFakeModel("b")]
        var completed: GenerationResponse?
        for try await event in fleet(models).streamResponse(to: GenerationRequest(prompt: "hi")) {
            if case .completed(let response) = event { completed = response }
        }
        #expect(completed?.text == "served by b")
        #expect(completed?.metadata.endpoint?.reason == "failover")
    }
}
