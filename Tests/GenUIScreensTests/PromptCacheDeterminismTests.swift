import Foundation
@_spi(Reading) import GenUI
import GenUIOnDevice
import GenUIScreens
import GenUITestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Greedy screens from the real llama-server reuse the evaluated instructions and still decode byte for byte alike,
/// within one server and across a restart.
@Suite(
    "The on-device wire with the real llama-server: prompt cache, greedy determinism, repetition samplers",
    .tags(.llamaServer), .serialized)
struct PromptCacheDeterminismTests {
    /// The tests also send requests to the model's server by hand, which the idle timer does not see: the server must
    /// not stop for idleness while one of them runs, however slowly a loaded machine generates. Each test stops it.
    static let idleShutdownSeconds = 600.0

    static let model = OnDeviceLanguageModel(
        configuration: OnDeviceConfiguration(
            name: "on-device", modelPath: OnDeviceScreenTests.modelPath, serverPath: OnDeviceScreenTests.serverPath,
            contextSize: 4096, threads: 2, idleShutdownSeconds: Self.idleShutdownSeconds, startTimeoutSeconds: 300,
            requestTimeoutSeconds: 600))

    @Test(
        "three identical greedy requests, the last after a server restart, give byte-identical screens while reusing the instructions",
        .enabled(if: OnDeviceScreenTests.enabled, "llama-server and SmolLM2 are not installed"))
    func identicalAcrossRestart() async throws {
        try OnDeviceScreenTests.requireRuntime()
        let model = Self.model
        defer { Task { await model.shutdown() } }
        let composer = ScreenComposer(model: model)
        let request = composer.request(
            for: "A login form with username and password fields and Login and Register buttons")
        // A different request in between leaves other tokens after the instructions in llama-server's slot.
        let other = composer.request(for: "A settings screen with toggles for notifications and dark mode")
        let first = try await model.respond(to: request)
        _ = try await model.respond(to: other)
        let second = try await model.respond(to: request)
        await model.shutdown()
        let third = try await model.respond(to: request)
        #expect(first.text == second.text)
        #expect(second.text == third.text)
        #expect(first.metadata.usage.promptTokens == third.metadata.usage.promptTokens)

        // The same exchange sent by hand: the prefix step cuts the slot back to the instructions (one token evaluated
        // again), the completion asks for the prompt cache, and llama-server evaluates only the conversation after
        // the instructions. (Sending the completion alone would find the whole prompt cached and evaluate only its
        // last token, in a batch of one: with SmolLM2 that decoded another screen.)
        let wire = try await model.wireExchange(for: request)
        let url = try #require(await model.serverURL)
        let headers = try #require(await model.serverRequestHeaders)
        let prompt = try #require(
            try await Self.post(url, "apply-template", wire.template, headers)["prompt"]?.stringValue)
        let prefixBody = try #require(try wire.prefix(prompt, true))
        #expect(try await Self.post(url, "completion", prefixBody, headers)["timings"]?["prompt_n"]?.intValue == 1)
        let body = try wire.completion(prompt)
        #expect(body["cache_prompt"]?.boolValue == true)
        let answer = try await Self.post(url, "completion", body, headers)
        let evaluated = try #require(answer["timings"]?["prompt_n"]?.intValue)
        let total = try #require(answer["tokens_evaluated"]?.intValue)
        #expect(evaluated * 4 < total, "llama-server evaluated \(evaluated) of \(total) prompt tokens")
        #expect(answer["content"]?.stringValue == third.text)
    }

    @Test(
        "prewarming with the instructions leaves them evaluated: the first request evaluates only its own messages",
        .enabled(if: OnDeviceScreenTests.enabled, "llama-server and SmolLM2 are not installed"))
    func prewarmEvaluatesTheInstructions() async throws {
        try OnDeviceScreenTests.requireRuntime()
        let model = OnDeviceLanguageModel(
            configuration: OnDeviceConfiguration(
                name: "on-device-prewarm", modelPath: OnDeviceScreenTests.modelPath,
                serverPath: OnDeviceScreenTests.serverPath,
                contextSize: 4096, threads: 2, idleShutdownSeconds: Self.idleShutdownSeconds, startTimeoutSeconds: 300,
                requestTimeoutSeconds: 600))
        defer { Task { await model.shutdown() } }
        let composer = ScreenComposer(model: model)
        await composer.prewarm()
        let request = composer.request(for: "A profile page with name, email and a Save button")
        #expect(request.instructions == ScreenComposer.outlineInstructions)
        let wire = try await model.wireExchange(for: request)
        let url = try #require(await model.serverURL)
        let headers = try #require(await model.serverRequestHeaders)
        let prompt = try #require(
            try await Self.post(url, "apply-template", wire.template, headers)["prompt"]?.stringValue)
        // The prewarmed slot already holds the instructions in their canonical state: one more token at most.
        let prefixBody = try #require(try wire.prefix(prompt, true))
        let established = try await Self.post(url, "completion", prefixBody, headers)
        #expect(established["timings"]?["prompt_n"]?.intValue == 1)
        let response = try await model.respond(to: request)
        let evaluated = try #require(
            try await Self.post(url, "completion", try wire.completion(prompt), headers)["timings"]?["prompt_n"]?
                .intValue)
        #expect(evaluated * 4 < (response.metadata.usage.promptTokens ?? 0))
    }

    @Test(
        "the configured DRY and repeat-penalty samplers reach llama-server, which reports them in its generation settings",
        .enabled(if: OnDeviceScreenTests.enabled, "llama-server and SmolLM2 are not installed"))
    func repetitionControlsReachTheServer() async throws {
        try OnDeviceScreenTests.requireRuntime()
        var configuration = OnDeviceConfiguration(
            name: "on-device-dry", modelPath: OnDeviceScreenTests.modelPath, serverPath: OnDeviceScreenTests.serverPath,
            contextSize: 4096, threads: 2, idleShutdownSeconds: Self.idleShutdownSeconds, startTimeoutSeconds: 300,
            requestTimeoutSeconds: 600)
        configuration.repetition = RepetitionControls(
            repeatPenalty: 1.15, repeatLastTokens: 128, dryMultiplier: 0.8, dryBase: 1.5, dryAllowedLength: 3,
            dryLastTokens: 512, drySequenceBreakers: ["\n"])
        let model = OnDeviceLanguageModel(configuration: configuration)
        defer { Task { await model.shutdown() } }
        let request = ScreenComposer(model: model)
            .request(for: "A search screen with a search field and a Search button")
        await model.prewarm(promptPrefix: nil)
        let wire = try await model.wireExchange(for: request)
        let url = try #require(await model.serverURL)
        let headers = try #require(await model.serverRequestHeaders)
        let prompt = try #require(
            try await Self.post(url, "apply-template", wire.template, headers)["prompt"]?.stringValue)
        let answer = try await Self.post(url, "completion", try wire.completion(prompt), headers)
        let settings = try #require(answer["generation_settings"])
        #expect(settings["repeat_penalty"]?.numberValue.map { abs($0 - 1.15) < 1e-6 } == true)
        #expect(settings["repeat_last_n"]?.intValue == 128)
        #expect(settings["dry_multiplier"]?.numberValue.map { abs($0 - 0.8) < 1e-6 } == true)
        #expect(settings["dry_base"]?.numberValue.map { abs($0 - 1.5) < 1e-6 } == true)
        #expect(settings["dry_allowed_length"]?.intValue == 3)
        #expect(settings["dry_sequence_breakers"] == .array([.string("\n")]))
        // Greedy decoding with the samplers on still composes through the provider.
        #expect(try await model.respond(to: request).metadata.usage.completionTokens ?? 0 > 0)
    }

    /// POSTs `body` to the managed server's `path` and parses the JSON answer.
    static func post(_ base: URL, _ path: String, _ body: GeneratedContent, _ headers: [String: String]) async throws
        -> GeneratedContent
    {
        var request = URLRequest(url: base.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = Data(body.jsonString.utf8)
        request.timeoutInterval = 600
        let (data, _) = try await URLSession.shared.data(for: request)
        return try GeneratedContent(json: String(decoding: data, as: UTF8.self))
    }
}
