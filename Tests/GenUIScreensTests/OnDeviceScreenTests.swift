import Foundation
import GenUI
import GenUIOnDevice
import GenUIScreens
import Testing
import GenUITestSupport

/// Screens composed by the real on-device model: SmolLM2-135M through llama-server, with genui's bounded grammar.
/// Under CI a missing runtime fails these tests; elsewhere they are skipped with a message.
@Suite("Screens from the on-device model", .serialized)
struct OnDeviceScreenTests {
    static let environment = ProcessInfo.processInfo.environment
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let serverPath = environment["GENUI_LLAMA_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
        ?? packageRoot.appendingPathComponent(".tools/bin/llama-server").path
    static let modelPath = environment["GENUI_TEST_MODEL"].flatMap { $0.isEmpty ? nil : $0 }
        ?? FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent(".cache/genui/models/SmolLM2-135M-Instruct.Q4_1.gguf").path
    static let installed = FileManager.default.isExecutableFile(atPath: serverPath)
        && FileManager.default.fileExists(atPath: modelPath)
    static let enabled = installed || TestEnvironment.isCI

    /// One server for the suite. The timeouts only catch a hang: a screen takes a few seconds on a quiet machine,
    /// but with the machine shared several times over a greedy screen has taken more than 120 s.
    static let model = OnDeviceModel(configuration: OnDeviceConfiguration(
        name: "on-device", modelPath: modelPath, serverPath: serverPath, contextSize: 4096, threads: 1,
        idleShutdownSeconds: 60, startTimeoutSeconds: 300, requestTimeoutSeconds: 600))

    static func requireRuntime() throws {
        let message: Comment = "llama-server or the model is missing (\(serverPath), \(modelPath)); run scripts/bootstrap"
        try #require(installed, message)
    }

    @Test("20 intents through SmolLM2 all yield valid screens", .enabled(if: enabled, "llama-server and SmolLM2 are not installed"))
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

    @Test("greedy generation with the on-device model gives the same screen for the same intent", .enabled(if: enabled, "llama-server and SmolLM2 are not installed"))
    func greedyIsDeterministic() async throws {
        try Self.requireRuntime()
        let screens = try await ScreenModelCheck.distinctGreedyScreens(model: Self.model, times: 3)
        // The first request evaluates the whole prompt; the later ones would find it in llama-server's prompt cache
        // if greedy requests used it. They do not, so all three decode alike.
        #expect(screens.count == 1, "\(screens)")
    }
}
