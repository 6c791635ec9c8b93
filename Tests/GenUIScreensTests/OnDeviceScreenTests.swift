import Foundation
import GenUI
import GenUIOnDevice
import GenUIScreens
import GenUITestSupport
import Testing

/// Screens composed by the real on-device model: SmolLM2-135M through llama-server, with genui's bounded grammar.
/// Under CI a missing runtime fails these tests; elsewhere they are skipped with a message.
@Suite("Screens from the on-device model", .tags(.llamaServer), .serialized)
struct OnDeviceScreenTests {
    static let serverPath = OnDeviceRuntime.serverPath
    static let modelPath = OnDeviceRuntime.modelPath
    static let installed = OnDeviceRuntime.installed
    static let enabled = OnDeviceRuntime.enabled

    /// One server for the suite. The timeouts only catch a hang: a screen takes a few seconds on a quiet machine,
    /// but with the machine shared several times over a greedy screen has taken more than 120 s.
    static let model = OnDeviceLanguageModel(
        configuration: OnDeviceConfiguration(
            name: "on-device", modelPath: modelPath, serverPath: serverPath, contextSize: 4096, threads: 1,
            idleShutdownSeconds: 60, startTimeoutSeconds: 300, requestTimeoutSeconds: 600))

    static func requireRuntime() throws {
        try OnDeviceRuntime.require()
    }

    @Test(
        "20 intents through SmolLM2 all yield valid screens",
        .enabled(if: enabled, "llama-server and SmolLM2 are not installed"))
    func twentyIntents() async throws {
        try Self.requireRuntime()
        let outcomes = await ScreenModelCheck.run(model: Self.model)
        #expect(outcomes.count == 20)
        let problems = ScreenModelCheck.problems(outcomes)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        for outcome in outcomes where outcome.composed != nil {
            #expect(outcome.composed?.metadata.guided == true)
            #expect(outcome.composed?.metadata.provider == "on-device")
        }
    }

    @Test(
        "greedy generation with the on-device model gives the same screen for the same intent",
        .enabled(if: enabled, "llama-server and SmolLM2 are not installed"))
    func greedyIsDeterministic() async throws {
        try Self.requireRuntime()
        let screens = try await ScreenModelCheck.distinctGreedyScreens(model: Self.model, times: 3)
        // The first request evaluates the whole prompt; the later ones would find it in llama-server's prompt cache
        // if greedy requests used it. They do not, so all three decode alike.
        #expect(screens.count == 1, "\(screens)")
    }
}
