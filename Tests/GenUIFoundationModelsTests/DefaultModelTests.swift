import Foundation
import GenUIConfig
import GenUIFoundationModels
import GenUIOnDevice
import GenUIRouter
import GenUITestSupport
import GenUITesting
import Testing

@testable import GenUI

/// A temporary home and working directory with no providers.yml, removed when dropped.
private final class EmptyHome {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "genui-default-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The loader the default model uses, reading this home, this directory and `extra` instead of the process's.
    func loader(_ extra: [String: String] = [:]) -> ConfigurationLoader {
        ConfigurationLoader(
            environment: ["HOME": path, "PATH": ""].merging(extra) { _, new in new },
            currentDirectory: path, homeDirectory: path)
    }
}

/// Polls `condition` every 50 ms until it holds or `deadline` passes; returns whether it held.
@Suite("The default model", .tags(.unit))
struct DefaultModelTests {
    @Test("linking GenUIFoundationModels is the whole setup: its provider is registered before main, with no call")
    func registeredAtStartup() {
        // Nothing in the tests calls DefaultModelRegistration.register(): the module's start-up hook did.
        #expect(SystemLanguageModel.registeredDefault == DefaultModelRegistration.self)
        #expect(SystemLanguageModel.resolveDefault() is ConfiguredDefaultModel)
    }

    @Test(
        "with no providers.yml and nothing installed the default is unavailable, naming each member's reason, and a request fails"
    )
    func nothingInstalled() async throws {
        let home = try EmptyHome()
        let configured = ConfiguredDefaultModel(loader: home.loader())
        #expect(configured.source?.origin == .builtIn)
        #expect(
            configured.chain?.members.map(\.model.name) == ["on-device"], "the built-in scripted provider is left out")
        let model = SystemLanguageModel(
            configured, refresh: AvailabilityRefresh(interval: .milliseconds(200), idleAfter: .seconds(1)))

        #expect(await eventually(within: .seconds(20)) { model.availabilityReport.isChecked })
        #expect(!model.isAvailable)
        let report = model.availabilityReport
        #expect(report.members.map(\.name) == ["on-device"])
        let reasons = report.unavailableReasons
        #expect(reasons.map(\.member) == ["on-device"])
        let reason = try #require(reasons.first?.reason)
        // The runtime may sit beside the test binary; the model is certainly not in the empty home.
        #expect(
            reason == .modelNotInstalled(name: home.path + "/.cache/genui/models/SmolLM2-135M-Instruct.Q4_1.gguf")
                || reason.code == "runtimeMissing", "\(reason)")
        #expect(model.availabilityReport.availability == .unavailable(reason))
        // Foundation Models reads a model or runtime that is not installed as "not ready yet".
        #expect(model.availability == .unavailable(.modelNotReady))

        do {
            _ = try await LanguageModelSession(model: model).respond(to: "Hello")
            Issue.record("a request succeeded with nothing installed")
        } catch let thrown as SystemLanguageModel.Error {
            // Foundation Models 27's error for a model that cannot serve, carrying genui's with its route.
            guard let error = GenUIError(unwrapping: thrown), case .noProviderAvailable(let context) = error else {
                Issue.record("expected noProviderAvailable, got \(thrown)")
                return
            }
            #expect(context.trace?.steps.map(\.provider) == ["on-device"])
            #expect(context.trace?.steps.first?.unavailableReason == reason)
        }
    }

    @Test("a providers.yml that names a scripted provider keeps it in the default, and traces name it")
    func configuredScriptedServes() async throws {
        let home = try EmptyHome()
        let file = home.path + "/providers.yml"
        try
            "version: 1\ndefault_chain: offline\nchains:\n  offline: [canned]\nproviders:\n  canned: { type: scripted }\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let model = SystemLanguageModel(ConfiguredDefaultModel(loader: home.loader(["GENUI_CONFIG": file])))
        let response = try await LanguageModelSession(model: model).respond(to: "Hello")
        #expect(response.metadata.provider == "canned")
        #expect(response.metadata.trace?.servedBy == "canned")
    }

    @Test("a broken providers.yml makes the default unavailable with the problem, instead of failing at start-up")
    func brokenConfiguration() async throws {
        let home = try EmptyHome()
        let file = home.path + "/providers.yml"
        try "version: 1\nproviders:\n  x: { type: olama }\n".write(toFile: file, atomically: true, encoding: .utf8)
        let configured = ConfiguredDefaultModel(loader: home.loader(["GENUI_CONFIG": file]))
        guard case .unavailable(.notConfigured(let missing)) = await configured.availability else {
            Issue.record("expected notConfigured")
            return
        }
        #expect(missing.contains("providers.yml"))
    }

    @Test("the first synchronous read does not wait for a server that never answers; the check finishes later")
    func firstReadDoesNotWaitForTheNetwork() async throws {
        let server = try LoopbackHTTPServer { _, connection in _ = connection.stall(for: .seconds(30)) }
        defer { server.stop() }
        let home = try EmptyHome()
        let file = home.path + "/providers.yml"
        try """
        version: 1
        default_chain: default
        chains:
          default: [local]
        providers:
          local: { type: ollama, host: "http://127.0.0.1:\(server.port)", model: m }
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let model = SystemLanguageModel(ConfiguredDefaultModel(loader: home.loader(["GENUI_CONFIG": file])))

        let start = ContinuousClock.now
        let first = model.availabilityReport
        let elapsed = ContinuousClock.now - start
        // The check cannot finish before the chain's 2-second availability timeout, so any answer is provisional.
        #expect(!first.isChecked)
        #expect(first.availability == SystemLanguageModel.provisionalAvailability)
        #expect(elapsed < .seconds(1), "the first read took \(elapsed)")
        #expect(await eventually(within: .seconds(30)) { model.availabilityReport.isChecked })
        #expect(!model.isAvailable)
        #expect(model.availabilityReport.members.map(\.name) == ["local"])
    }

    @Test(
        "with the on-device model installed the default becomes available within the refresh interval and llama-server answers",
        .tags(.llamaServer))
    func installedModelServes() async throws {
        guard OnDeviceRuntime.installed else {
            // Skipped where the runtime is not installed; under CI its absence fails the test.
            if TestEnvironment.isCI { try OnDeviceRuntime.require() }
            return
        }
        let server = OnDeviceRuntime.serverPath
        let modelFile = OnDeviceRuntime.modelPath
        let home = try EmptyHome()
        let configured = ConfiguredDefaultModel(loader: home.loader(["GENUI_LLAMA_SERVER": server]))
        defer {
            let onDevice = configured.providers.first?.base as? OnDeviceLanguageModel
            Task { await onDevice?.shutdown() }
        }
        let interval = Duration.milliseconds(500)
        let model = SystemLanguageModel(
            configured, refresh: AvailabilityRefresh(interval: interval, idleAfter: .seconds(5)))
        #expect(await eventually(within: .seconds(20)) { model.availabilityReport.isChecked })
        #expect(!model.isAvailable, "the model file is not in the empty home yet")

        // The model file appears: a read sees it within the refresh interval plus the chain's 2-second cache.
        let models = home.path + "/.cache/genui/models"
        try FileManager.default.createDirectory(atPath: models, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: models + "/SmolLM2-135M-Instruct.Q4_1.gguf", withDestinationPath: modelFile)
        #expect(await eventually(within: .seconds(30)) { model.isAvailable })
        #expect(model.availabilityReport.members == [.init(name: "on-device", availability: .available)])

        let reply = try await LanguageModelSession(model: model).respond(
            to: "Say hello.", options: GenerationOptions(maximumResponseTokens: 8))
        #expect(reply.metadata.provider == "on-device")
        #expect(reply.metadata.trace?.servedBy == "on-device")
        if let onDevice = configured.providers.first?.base as? OnDeviceLanguageModel { await onDevice.shutdown() }
    }
}
