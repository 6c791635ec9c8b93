import GenUITestSupport
import GenUITesting
import Synchronization
import Testing

@testable import GenUI

/// A model whose availability the test sets, counting the checks.
private final class SwitchableModel: RoutableModel {
    let name = "switchable"
    private let state: Mutex<(availability: Availability, checks: Int)>

    init(_ availability: Availability) { state = Mutex((availability, 0)) }

    func set(_ availability: Availability) { state.withLock { $0.availability = availability } }
    var checks: Int { state.withLock { $0.checks } }

    var availability: Availability {
        state.withLock { state in
            state.checks += 1
            return state.availability
        }
    }
    var supportedCapabilities: Set<LanguageModelCapability> { [] }
    func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        try await ScriptedLanguageModel(name: name).respond(to: request)
    }
}

/// Foundation Models' synchronous uses of availability, as apps write them: in a synchronous `@MainActor` factory
/// and in a computed property. This compiles only because the getters are synchronous.
@MainActor
private func featureIsOffered(_ model: SystemLanguageModel) -> Bool {
    switch model.availability {
    case .available: true
    default: false
    }
}

private struct Gate {
    let model: SystemLanguageModel
    var showsButton: Bool { model.isAvailable }
}

private func eventually(within deadline: Duration, _ condition: () -> Bool) async -> Bool {
    let end = ContinuousClock.now + deadline
    while ContinuousClock.now < end {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return condition()
}

@Suite("SystemLanguageModel's synchronous availability", .tags(.unit))
struct SystemLanguageModelTests {
    static let fast = AvailabilityRefresh(interval: .milliseconds(100), idleAfter: .milliseconds(500))

    @Test("availability and isAvailable are synchronous, and a local check answers the first read")
    @MainActor
    func synchronousRead() async {
        let model = SystemLanguageModel(SwitchableModel(.available), refresh: Self.fast)
        // A local check finishes within the first read's short wait; a loaded machine may need a second read.
        let end = ContinuousClock.now + .seconds(10)
        var offered = featureIsOffered(model)
        while !offered, ContinuousClock.now < end {
            try? await Task.sleep(for: .milliseconds(20))
            offered = featureIsOffered(model)
        }
        #expect(offered)
        #expect(Gate(model: model).showsButton)
    }

    @Test("a change of the model's availability shows in a synchronous read within the refresh interval")
    func changeIsReflected() async {
        let backend = SwitchableModel(.available)
        let clock = ManualClock()
        let model = SystemLanguageModel(
            backend, refresh: AvailabilityRefresh(interval: .milliseconds(100), idleAfter: .seconds(5), clock: clock.chainClock))
        #expect(await eventually(within: .seconds(10)) { model.isAvailable })
        backend.set(.unavailable(.unreachable(endpoint: "http://127.0.0.1:9")))
        #expect(await eventually(within: .seconds(10)) { clock.sleeping == 1 }, "the refresh waits for its interval")
        #expect(model.isAvailable, "no check before the interval")
        clock.advance(by: .milliseconds(100))
        #expect(await eventually(within: .seconds(10)) { !model.isAvailable })
        #expect(model.availabilityReport.unavailableReasons.map(\.member) == ["switchable"])
        backend.set(.available)
        #expect(await eventually(within: .seconds(10)) { clock.sleeping == 1 })
        clock.advance(by: .milliseconds(100))
        #expect(await eventually(within: .seconds(10)) { model.isAvailable })
    }

    @Test("nobody reading: the refresh stops; a read starts it again")
    func refreshStopsWhenIdle() async {
        let backend = SwitchableModel(.available)
        let clock = ManualClock()
        let model = SystemLanguageModel(
            backend, refresh: AvailabilityRefresh(interval: .milliseconds(100), idleAfter: .milliseconds(500), clock: clock.chainClock))
        _ = model.availability
        #expect(model.monitor.isRefreshing)
        // Nobody reads: each interval the refresh checks again until idleAfter has passed since the read.
        for _ in 0..<6 {
            #expect(await eventually(within: .seconds(10)) { clock.sleeping == 1 || !model.monitor.isRefreshing })
            clock.advance(by: .milliseconds(100))
        }
        #expect(await eventually(within: .seconds(10)) { !model.monitor.isRefreshing })
        let checks = backend.checks
        clock.advance(by: .seconds(10))
        #expect(clock.sleeping == 0)
        #expect(backend.checks == checks, "checks went on with nobody reading")
        _ = model.isAvailable
        #expect(model.monitor.isRefreshing)
        #expect(await eventually(within: .seconds(10)) { clock.sleeping == 1 })
        clock.advance(by: .milliseconds(600))
        #expect(await eventually(within: .seconds(10)) { !model.monitor.isRefreshing })
    }

    @Test("dropping the model ends its refresh task")
    func droppedModelEndsRefresh() async {
        let backend = SwitchableModel(.available)
        do {
            let model = SystemLanguageModel(backend, refresh: AvailabilityRefresh(interval: .milliseconds(50), idleAfter: .seconds(60)))
            _ = model.availability
        }
        try? await Task.sleep(for: .milliseconds(300))
        let checks = backend.checks
        try? await Task.sleep(for: .milliseconds(400))
        #expect(backend.checks == checks, "a dropped model kept being checked")
    }

    @Test("with nothing configured the model is unavailable and a request fails instead of inventing an answer")
    func unconfiguredIsUnavailable() async throws {
        let model = SystemLanguageModel(UnconfiguredLanguageModel(), refresh: Self.fast)
        #expect(await eventually(within: .seconds(10)) { model.availabilityReport.isChecked })
        #expect(!model.isAvailable)
        #expect(model.availability == .unavailable(.notConfigured(missing: UnconfiguredLanguageModel.missing)))
        await #expect(throws: GenUIError.self) {
            _ = try await LanguageModelSession(model: model).respond(to: "Hello")
        }
    }

    @Test("the provisional answer before any check is modelNotReady, which Foundation Models apps treat as 'try later'")
    func provisionalAnswer() {
        #expect(SystemLanguageModel.provisionalAvailability.unavailableReason?.code == "modelNotReady")
        #expect(SystemLanguageModel.provisionalAvailability.unavailableReason?.isTransient == true)
    }

    @Test("contextSize and tokenCount(for:) are the underlying model's")
    func forwardsTokenFacts() async throws {
        let model = SystemLanguageModel(SwitchableModel(.available))
        let request = GenerationRequest(prompt: "one two three four")
        #expect(try await model.tokenCount(for: request) == TokenEstimate.tokens(in: request))
        await #expect(throws: GenUIError.self) { _ = try await model.contextSize }
    }
}
