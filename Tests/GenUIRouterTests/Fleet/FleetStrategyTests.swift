import Foundation
import GenUI
import GenUITestSupport
import Synchronization
import Testing

@testable import GenUIRouter

@Suite("Fleet strategies", .tags(.unit))
struct FleetStrategyTests {
    private func fleet(_ models: [FleetFakeModel], _ options: FleetOptions) -> EndpointFleet {
        EndpointFleet(
            name: "fleet", endpoints: models.enumerated().map { FleetEndpoint($1, label: "e\($0)") }, options: options)
    }

    @Test("ordered sends every request to the first endpoint while it works")
    func orderedUsesFirst() async throws {
        let models = [FleetFakeModel("a"), FleetFakeModel("b")]
        let fleet = fleet(models, FleetOptions(strategy: .ordered))
        for _ in 0..<5 {
            let response = try await fleet.respond(to: GenerationRequest(prompt: "hi"))
            #expect(response.text == "served by a")
            #expect(response.metadata.endpoint?.endpoint == "e0")
            #expect(response.metadata.endpoint?.reason == "first")
        }
        #expect(models[1].arrivals == 0)
    }

    @Test("least-busy spreads concurrent requests over idle endpoints, one each")
    func leastBusySpreads() async throws {
        let models = (0..<3).map { FleetFakeModel("m\($0)", .hold) }
        let fleet = fleet(models, FleetOptions(strategy: .leastBusy))
        let tasks = (0..<3).map { _ in Task { try await fleet.respond(to: GenerationRequest(prompt: "hi")) } }
        #expect(await eventually { models.map(\.arrivals).reduce(0, +) == 3 })
        #expect(models.map(\.arrivals) == [1, 1, 1])
        let statuses = await fleet.endpointStatuses()
        #expect(statuses.map(\.inFlight) == [1, 1, 1])
        models.forEach { $0.releaseAll() }
        for task in tasks {
            let response = try await task.value
            #expect(response.metadata.endpoint?.reason == "fewestInFlight")
        }
        #expect(await fleet.endpointStatuses().map(\.inFlight) == [0, 0, 0])
    }

    @Test(
        "least-busy counts the servers' own busy slots when an endpoint can read them, and only this process's requests when it cannot"
    )
    func leastBusyReadsSlots() async throws {
        let models = [FleetFakeModel("a"), FleetFakeModel("b"), FleetFakeModel("c")]
        let reads = Mutex(0)
        let busyServer: @Sendable () async -> SlotReading? = {
            reads.withLock { $0 += 1 }
            return SlotReading(idle: 0, total: 1)
        }
        let endpoints = [
            FleetEndpoint(models[0], label: "e0", slots: busyServer),
            FleetEndpoint(models[1], label: "e1", slots: { nil }),
            FleetEndpoint(models[2], label: "e2", slots: { SlotReading(idle: 2, total: 2) }),
        ]
        let slotted = EndpointFleet(name: "fleet", endpoints: endpoints, options: FleetOptions(strategy: .leastBusy))
        var served: [String] = []
        for _ in 0..<4 {
            let response = try await slotted.respond(to: GenerationRequest(prompt: "hi"))
            served.append(response.metadata.endpoint?.endpoint ?? "")
            #expect(response.metadata.endpoint?.reason == "fewestBusySlots")
        }
        #expect(
            !served.contains("e0"), "the endpoint whose server says its only slot is busy is passed over: \(served)")
        #expect(Set(served) == ["e1", "e2"], "the others take turns: \(served)")
        #expect(reads.withLock { $0 } == 1, "a reading stays fresh for a second: read once for four quick picks")

        // Without a reading, least-busy is what it was: this process's own count.
        let plain = fleet([FleetFakeModel("a"), FleetFakeModel("b")], FleetOptions(strategy: .leastBusy))
        #expect(
            try await plain.respond(to: GenerationRequest(prompt: "hi")).metadata.endpoint?.reason == "fewestInFlight")
    }

    @Test("least-busy sends a request to the endpoint with fewer in flight, not the first")
    func leastBusyAvoidsBusy() async throws {
        let models = [FleetFakeModel("a", .hold), FleetFakeModel("b")]
        let fleet = fleet(models, FleetOptions(strategy: .leastBusy))
        let held = Task { try await fleet.respond(to: GenerationRequest(prompt: "hold")) }
        #expect(await eventually { models[0].arrivals + models[1].arrivals == 1 })
        // Whichever endpoint holds the first request, the next ones go to the other, idle one.
        models[1].set(.hold)
        models[0].set(.hold)
        let busy = models[0].arrivals == 1 ? 0 : 1
        let idle = 1 - busy
        models[idle].set(.answer)
        for _ in 0..<3 {
            let response = try await fleet.respond(to: GenerationRequest(prompt: "hi"))
            #expect(response.metadata.endpoint?.index == idle)
        }
        models[busy].releaseAll()
        _ = try await held.value
    }

    @Test("latency prefers the endpoint with the lowest average, weighted by what it has in flight")
    func latencyPrefersFast() async {
        let state = FleetState(
            weights: [1, 1, 1], options: FleetOptions(strategy: .latency, explorationInterval: .seconds(3600)))
        // Measure each endpoint once: 0 is slow, 1 fast, 2 medium.
        for (index, seconds) in [(0, 1.0), (1, 0.1), (2, 0.3)] {
            let pick = await state.pick(excluding: Set([0, 1, 2]).subtracting([index]))
            #expect(pick?.reason == "exploring")
            await state.succeeded(index, firstOutput: .milliseconds(Int64(seconds * 1000)))
        }
        // Scores are average × (in flight + 1): 1 (0.1, 0.2), then 2 (0.3), then 1 (0.3 vs 0.6 → tie order aside)…
        var picks: [Int] = []
        for _ in 0..<4 {
            guard let pick = await state.pick(excluding: []) else { break }
            #expect(pick.reason == "lowestLatency")
            picks.append(pick.index)
        }
        #expect(picks.first == 1)
        #expect(picks.filter { $0 == 1 }.count >= 2)
        #expect(!picks.contains(0), "the slow endpoint gets nothing while the others are cheaper: \(picks)")
    }

    @Test("latency does not pile requests onto an endpoint still waiting for its first answer")
    func latencyAvoidsUnmeasuredBusy() async {
        let state = FleetState(
            weights: [1, 1], options: FleetOptions(strategy: .latency, explorationInterval: .seconds(3600)))
        let first = await state.pick(excluding: [1])
        #expect(first?.reason == "exploring")
        _ = await state.pick(excluding: [0])
        await state.succeeded(1, firstOutput: .milliseconds(100))
        // Endpoint 0 has a request in flight and no answer yet: the next requests go to the measured endpoint 1.
        for _ in 0..<3 {
            let pick = await state.pick(excluding: [])
            #expect(pick?.index == 1)
            if let pick { await state.succeeded(pick.index, firstOutput: .milliseconds(100)) }
        }
    }

    @Test("latency explores an endpoint nobody measured lately, so a recovered endpoint gets traffic again")
    func latencyExplores() async {
        let state = FleetState(
            weights: [1, 1], options: FleetOptions(strategy: .latency, coolDown: .zero, explorationInterval: .zero))
        _ = await state.pick(excluding: [1])
        await state.failed(0) // set aside for no time: it is a candidate again at once
        _ = await state.pick(excluding: [0])
        await state.succeeded(1, firstOutput: .milliseconds(100))
        // Endpoint 0 has no average and nothing in flight: the next request explores it.
        let pick = await state.pick(excluding: [])
        #expect(pick?.index == 0)
        #expect(pick?.reason == "exploring")
    }

    @Test("weighted picks by weight with the injected random source")
    func weightedByWeight() async {
        let draws = Mutex([0.1, 0.74, 0.76, 0.99])
        let random = FleetRandom { draws.withLock { $0.isEmpty ? 0 : $0.removeFirst() } }
        let state = FleetState(weights: [3, 1], options: FleetOptions(strategy: .weighted, random: random))
        var picks: [Int] = []
        for _ in 0..<4 {
            if let pick = await state.pick(excluding: []) {
                #expect(pick.reason == "weightedRandom")
                picks.append(pick.index)
            }
        }
        #expect(picks == [0, 0, 1, 1])
    }

    @Test("weighted traffic follows the weights over many requests (seeded)")
    func weightedDistribution() async throws {
        let models = [FleetFakeModel("a"), FleetFakeModel("b")]
        let fleet = EndpointFleet(
            name: "fleet",
            endpoints: [
                FleetEndpoint(models[0], label: "a", weight: 3), FleetEndpoint(models[1], label: "b", weight: 1),
            ],
            options: FleetOptions(strategy: .weighted, random: .seeded(42)))
        for _ in 0..<400 { _ = try await fleet.respond(to: GenerationRequest(prompt: "x")) }
        #expect((260...340).contains(models[0].arrivals), "\(models[0].arrivals) of 400 to the weight-3 endpoint")
    }
}
