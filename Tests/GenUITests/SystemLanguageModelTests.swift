import GenUITestSupport
import GenUITesting
import Observation
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
            backend,
            refresh: AvailabilityRefresh(interval: .milliseconds(100), idleAfter: .seconds(5), clock: clock.chainClock))
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
            backend,
            refresh: AvailabilityRefresh(
                interval: .milliseconds(100), idleAfter: .milliseconds(500), clock: clock.chainClock))
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
            let model = SystemLanguageModel(
                backend, refresh: AvailabilityRefresh(interval: .milliseconds(50), idleAfter: .seconds(60)))
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
        #expect(
            model.availabilityReport.availability
                == .unavailable(.notConfigured(missing: UnconfiguredLanguageModel.missing)))
        #expect(model.availability == .unavailable(.appleIntelligenceNotEnabled))
        let thrown = await #expect(throws: SystemLanguageModel.Error.self) {
            _ = try await LanguageModelSession(model: model).respond(to: "Hello")
        }
        #expect(thrown.flatMap { GenUIError(unwrapping: $0) }?.code == "unavailable")
    }

    @Test("the provisional answer before any check is modelNotReady, which Foundation Models apps treat as 'try later'")
    func provisionalAnswer() {
        #expect(SystemLanguageModel.provisionalAvailability.unavailableReason?.code == "modelNotReady")
        #expect(SystemLanguageModel.provisionalAvailability.unavailableReason?.isTransient == true)
    }

    @Test("tokenCount(for:) is the underlying model's; contextSize is the fallback while the model cannot say")
    func forwardsTokenFacts() async throws {
        let model = SystemLanguageModel(SwitchableModel(.available))
        let request = GenerationRequest(prompt: "one two three four")
        #expect(try await model.tokenCount(for: request) == TokenEstimate.tokens(in: request))
        await #expect(throws: GenUIError.self) { _ = try await model.checkContextSize() }
        #expect(model.contextSize == SystemLanguageModel.fallbackContextSize)
    }

    @Test(
        "contextSize is synchronous and is the underlying model's window once known; a change shows after the interval")
    func synchronousContextSize() async throws {
        let backend = SizedModel(2048)
        let model = SystemLanguageModel(
            backend, refresh: AvailabilityRefresh(interval: .milliseconds(100), idleAfter: .seconds(5)))
        #expect(await eventually(within: .seconds(10)) { model.contextSize == 2048 })
        #expect(try await model.checkContextSize() == 2048)
        backend.set(8192)
        #expect(await eventually(within: .seconds(10)) { model.contextSize == 8192 })
    }

    @Test("availability is observable: an observer is told when a background check finds it changed")
    func availabilityIsObservable() async {
        let backend = SwitchableModel(.available)
        let model = SystemLanguageModel(
            backend, refresh: AvailabilityRefresh(interval: .milliseconds(50), idleAfter: .seconds(10)))
        #expect(await eventually(within: .seconds(10)) { model.isAvailable })
        let changed = ChangeFlag()
        withObservationTracking {
            _ = model.availability
        } onChange: {
            changed.raise()
        }
        #expect(!changed.isRaised)
        backend.set(.unavailable(.disabled))
        #expect(await eventually(within: .seconds(10)) { changed.isRaised })
        #expect(!model.isAvailable)
    }
}

/// Set once an observer's `onChange` runs.
private final class ChangeFlag: Sendable {
    private let raised = Mutex(false)
    func raise() { raised.withLock { $0 = true } }
    var isRaised: Bool { raised.withLock { $0 } }
}

/// A model whose context size the test sets.
private final class SizedModel: RoutableModel {
    let name = "sized"
    private let size: Mutex<Int>

    init(_ size: Int) { self.size = Mutex(size) }

    func set(_ size: Int) { self.size.withLock { $0 = size } }

    var availability: Availability { .available }
    var supportedCapabilities: Set<LanguageModelCapability> { [] }
    var contextSize: Int { size.withLock { $0 } }
    func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        try await ScriptedLanguageModel(name: name).respond(to: request)
    }
}
