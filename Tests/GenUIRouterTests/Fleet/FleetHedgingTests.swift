import Foundation
import GenUI
import GenUIOpenAI
import GenUITestSupport
import GenUITesting
import Testing

@testable import GenUIRouter

@Suite("Fleet hedging", .tags(.unit))
struct FleetHedgingTests {
    @Test(
        "a request still unanswered at the threshold goes to a second endpoint; the first answer wins, the other is cancelled"
    )
    func hedgeWins() async throws {
        let models = [FleetFakeModel("slow", .hold), FleetFakeModel("fast")]
        let clock = ManualClock()
        var options = FleetOptions(strategy: .ordered, hedge: .after(.milliseconds(50)))
        options.clock = clock.chainClock
        let fleet = EndpointFleet(
            name: "fleet", endpoints: models.enumerated().map { FleetEndpoint($1, label: "e\($0)") }, options: options)
        let answer = Task { try await fleet.respond(to: GenerationRequest(prompt: "hi")) }
        #expect(await eventually { models[0].arrivals == 1 && clock.sleeping == 1 }, "the hedge timer is running")
        #expect(models[1].arrivals == 0, "no hedge before the threshold")
        clock.advance(by: .milliseconds(50))
        let response = try await answer.value
        #expect(response.text == "served by fast")
        let endpoint = try #require(response.metadata.endpoint)
        #expect(endpoint.reason == "hedge")
        #expect(endpoint.hedge == .init(afterSeconds: 0.05, primary: "e0", secondary: "e1", secondaryWon: true))
        // The loser was cancelled before respond returned.
        #expect(models[0].cancellations == 1)
        #expect(await fleet.endpointStatuses().map(\.inFlight) == [0, 0])
    }

    @Test(
        "a stream still silent at the threshold is also asked of a second endpoint; the first to send output is streamed, the other cancelled"
    )
    func streamHedgeWins() async throws {
        let models = [FleetFakeModel("slow", .hold), FleetFakeModel("fast")]
        let clock = ManualClock()
        var options = FleetOptions(strategy: .ordered, hedge: .after(.milliseconds(50)))
        options.clock = clock.chainClock
        let fleet = EndpointFleet(
            name: "fleet", endpoints: models.enumerated().map { FleetEndpoint($1, label: "e\($0)") }, options: options)
        // Without a hedge the held request would wait forever: let it go after a while, so that fails instead.
        let backstop = Task {
            try await Task.sleep(for: .seconds(30))
            models[0].releaseAll()
        }
        defer { backstop.cancel() }
        let stream = fleet.streamResponse(to: GenerationRequest(prompt: "hi"))
        let reading = Task {
            var text = ""
            var completed: GenerationResponse?
            for try await event in stream {
                switch event {
                case .delta(let delta): text += delta
                case .completed(let response): completed = response
                case .restarted: Issue.record("a fleet's stream does not restart")
                }
            }
            return (text, completed)
        }
        #expect(await eventually { models[0].arrivals == 1 && clock.sleeping == 1 }, "the hedge timer is running")
        clock.advance(by: .milliseconds(50))
        let (text, completed) = try await reading.value
        #expect(text == "served by fast")
        let endpoint = try #require(completed?.metadata.endpoint)
        #expect(endpoint.reason == "hedge")
        #expect(endpoint.hedge == .init(afterSeconds: 0.05, primary: "e0", secondary: "e1", secondaryWon: true))
        #expect(await eventually { models[0].cancellations == 1 }, "the silent request was cancelled")
        #expect(await fleet.endpointStatuses().map(\.inFlight) == [0, 0])
    }

    @Test("a hedged stream whose first endpoint answers in time is streamed from it alone")
    func streamWithoutHedge() async throws {
        let models = [FleetFakeModel("first"), FleetFakeModel("second")]
        let fleet = EndpointFleet(
            name: "fleet", endpoints: models.enumerated().map { FleetEndpoint($1, label: "e\($0)") },
            options: FleetOptions(strategy: .ordered, hedge: .after(.seconds(30))))
        var completed: GenerationResponse?
        for try await event in fleet.streamResponse(to: GenerationRequest(prompt: "hi")) {
            if case .completed(let response) = event { completed = response }
        }
        #expect(completed?.text == "served by first")
        #expect(completed?.metadata.endpoint?.hedge == nil)
        #expect(completed?.metadata.endpoint?.reason == "first")
        #expect(models[1].arrivals == 0)
        #expect(await fleet.endpointStatuses().map(\.inFlight) == [0, 0])
    }

    @Test("a request with tools is never hedged")
    func noHedgeWithTools() async throws {
        let models = [FleetFakeModel("slow", .hold), FleetFakeModel("fast")]
        let fleet = EndpointFleet(
            name: "fleet", endpoints: models.enumerated().map { FleetEndpoint($1, label: "e\($0)") },
            options: FleetOptions(strategy: .ordered, hedge: .after(.milliseconds(10))))
        var request = GenerationRequest(prompt: "hi")
        request.tools = [
            GenerationRequest.ToolDefinition(
                name: "look_up", description: "Looks up.",
                parameters: GenerationSchema(
                    node: .object(
                        .init(
                            name: "Arguments",
                            properties: [
                                .init(name: "city", node: .string(.init()))
                            ])), name: "Arguments"))
        ]
        let task = Task { try await fleet.respond(to: request) }
        try await Task.sleep(for: .milliseconds(300))
        models[0].releaseAll()
        let response = try await task.value
        #expect(response.text == "served by slow")
        #expect(response.metadata.endpoint?.hedge == nil)
        #expect(models[1].arrivals == 0)
    }

    @Test("a percentile hedge waits for enough samples, then hedges at the percentile of recent times")
    func percentileThreshold() async {
        let state = FleetState(weights: [1, 1], options: FleetOptions(hedge: .percentile(90), minimumHedgeSamples: 10))
        for _ in 0..<9 {
            _ = await state.pick(excluding: [1])
            await state.succeeded(0, firstOutput: .milliseconds(100))
        }
        #expect(await state.hedgeThreshold() == nil)
        _ = await state.pick(excluding: [1])
        await state.succeeded(0, firstOutput: .milliseconds(1000))
        // 10 samples: nine of 100 ms and one of 1 s; the 90th percentile is 100 ms.
        #expect(await state.hedgeThreshold() == .milliseconds(100))
    }

    @Test("cancelling a hedged request closes both connections (the servers see them closed)")
    func cancellingClosesBoth() async throws {
        let servers = try (0..<2).map { try SingleSlotCompletionServer(name: "s\($0)", serviceTime: .seconds(60)) }
        defer { servers.forEach { $0.stop() } }
        let endpoints = servers.map { server in
            FleetEndpoint(
                OpenAILanguageModel(
                    configuration: OpenAIConfiguration(
                        name: "fleet", baseURL: server.baseURL, model: "fleet-model", apiKeyEnvironmentVariable: nil)),
                label: server.baseURL.absoluteString)
        }
        let fleet = EndpointFleet(
            name: "fleet", endpoints: endpoints,
            options: FleetOptions(strategy: .ordered, hedge: .after(.milliseconds(100))))
        let task = Task { try await fleet.respond(to: GenerationRequest(prompt: "hi")) }
        #expect(await eventually { servers.allSatisfy { $0.started == 1 } }, "both endpoints got the request")
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        for server in servers {
            #expect(
                await server.loopback.waitForClientClosure(timeout: .seconds(20)),
                "\(server.name) saw its connection closed")
            #expect(server.abandoned == 1)
        }
    }
}
