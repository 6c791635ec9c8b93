import Foundation
import GenUI
import GenUIDiagnostics
import GenUIOnDevice
import GenUIOpenAI
import GenUITestSupport
import Testing

@testable import GenUIRouter

/// Fit-to-context with the real llama-server and SmolLM2: a long conversation falls back from a dead cloud to a
/// 4,096-token on-device model, counted by llama-server's own tokenizer.
@Suite("Fitting a conversation to the on-device window", .tags(.llamaServer), .serialized)
struct ConversationFittingServerTests {
    @Test(
        "a 20-turn conversation through [dead cloud, on-device 4K] gets an on-device answer and the route says what was left out",
        .enabled(if: OnDeviceRuntime.enabled, "llama-server and SmolLM2 are not installed"))
    func longConversationFallsBackOnDevice() async throws {
        try OnDeviceRuntime.require()
        let onDevice = OnDeviceLanguageModel(
            configuration: OnDeviceConfiguration(
                name: "on-device", modelPath: OnDeviceRuntime.modelPath, serverPath: OnDeviceRuntime.serverPath,
                contextSize: 4096, threads: 2, idleShutdownSeconds: 120, startTimeoutSeconds: 300,
                requestTimeoutSeconds: 300))
        let cloud = OpenAILanguageModel(
            configuration: OpenAIConfiguration(
                name: "cloud", baseURL: try #require(URL(string: "http://127.0.0.1:\(unusedLoopbackPort())/v1")),
                model: "large", apiKeyEnvironmentVariable: nil))
        let chain = ProviderChain(
            name: "assistant", members: [ChainMember(cloud), ChainMember(onDevice)],
            options: quickOptions(attempt: .seconds(300), deadline: .seconds(600)))
        let session = LanguageModelSession(model: chain, transcript: Transcript(entries: longConversation(turns: 20)))

        let response = try await session.respond(
            to: "Turn 21: which plant first?", options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 16))

        #expect(response.metadata.provider == "on-device")
        #expect(!response.content.isEmpty)
        let trace = try #require(response.metadata.trace)
        #expect(trace.steps.first?.provider == "cloud")
        let served = try #require(trace.steps.last)
        let fit = try #require(served.contextFit)
        #expect(fit.totalTurns == 21)
        #expect(fit.keptTurns < 21 && fit.keptTurns >= 1)
        #expect(fit.contextSize == 4096)
        let check = try #require(served.contextCheck)
        #expect(check.method == .counted)
        #expect(check.fits)
        let line = Diagnostics(language: .english).describe(served)
        #expect(line.contains("kept the last \(fit.keptTurns) of 21 turns to fit on-device's 4096 tokens"))
        await onDevice.shutdown()
    }
}
