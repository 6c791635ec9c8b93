import GenUIDiagnostics
import GenUIRouter
import GenUITesting
import Testing

@_spi(Reading) @testable import GenUI

/// A chain kept within a boundary never sends a request beyond it: members that run farther are skipped with the
/// reason, in the user's language, and when nothing within the boundary can serve, the request fails with that
/// explanation instead of leaving.
@Suite("Privacy boundary", .tags(.unit))
struct PrivacyBoundaryTests {
    /// `[cloud, device]`: both answer with their own name, and record what they are asked.
    static func members(deviceAvailability: Availability = .available) -> (
        cloud: RequestRecordingModel, device: RequestRecordingModel, chain: ProviderChain
    ) {
        let cloud = RequestRecordingModel(wrapping: FixedAnswerModel(name: "cloud", text: "from the cloud"))
        let device = RequestRecordingModel(
            wrapping: FixedAnswerModel(name: "device", text: "from this device"), availability: deviceAvailability)
        let chain = ProviderChain(
            name: "private",
            members: [ChainMember(cloud, location: .cloud), ChainMember(device, location: .onDevice)])
        return (cloud, device, chain)
    }

    @Test("a chain kept on this device skips the cloud member and says why, in every language")
    func keptOnDevice() async throws {
        let (cloud, device, chain) = Self.members()
        let response = try await chain.keeping(within: .onDevice).respond(to: GenerationRequest(prompt: "Secret?"))
        #expect(response.text == "from this device")
        #expect(cloud.requests.isEmpty)
        #expect(device.requests.count == 1)
        let steps = try #require(response.metadata.trace?.steps)
        #expect(steps.map(\.reason) == ["outsideBoundary", "served"])
        #expect(steps.first?.location == .cloud)
        #expect(steps.first?.boundary == .onDevice)
        let english = Diagnostics(language: .english).describe(try #require(response.metadata.trace))
        #expect(english.first == "cloud: skipped (would leave this device: it runs in a cloud service)")
        let german = Diagnostics(language: .german).describe(try #require(response.metadata.trace))
        #expect(german.first == "cloud: übersprungen (würde dieses Gerät verlassen: es läuft bei einem Cloud-Dienst)")
        // Unrestricted, the same chain serves from its first member.
        #expect(try await chain.respond(to: GenerationRequest(prompt: "Public?")).text == "from the cloud")
    }

    @Test("with the on-device member down, a private request fails with the reason instead of leaving the device")
    func failsInsteadOfLeaving() async throws {
        let (cloud, _, chain) = Self.members(
            deviceAvailability: .unavailable(.modelNotReady(progress: 0.5, detail: "loading")))
        await #expect {
            _ = try await chain.keeping(within: .onDevice).respond(to: GenerationRequest(prompt: "Secret?"))
        } throws: { error in
            guard case .noProviderAvailable(let context) = error as? GenUIError,
                let trace = context.trace
            else { return false }
            let lines = Diagnostics(language: .english).describe(trace)
            return trace.steps.map(\.reason) == ["outsideBoundary", "modelNotReady"]
                && lines.first == "cloud: skipped (would leave this device: it runs in a cloud service)"
        }
        #expect(cloud.requests.isEmpty)
    }

    @Test("a request's prompt metadata narrows the boundary for that request alone, and cannot widen the chain's")
    func requestMetadata() async throws {
        let (cloud, _, chain) = Self.members()
        let session = LanguageModelSession(model: chain)
        let privately = try await session.respond(
            to: Prompt("Secret?"), metadata: [ProviderLocation.metadataKey: "on-device"])
        #expect(privately.content == "from this device")
        #expect(try await session.respond(to: "Public?").content == "from the cloud")
        #expect(cloud.requests.count == 1)

        let kept = LanguageModelSession(model: chain.keeping(within: .onDevice))
        let widened = try await kept.respond(to: Prompt("Secret?"), metadata: [ProviderLocation.metadataKey: "cloud"])
        #expect(widened.content == "from this device")
        #expect(cloud.requests.count == 1)
    }

    @Test("a member that does not say where it runs counts as a cloud; the local network admits its own")
    func undeclaredAndLocalNetwork() async throws {
        let lan = FixedAnswerModel(name: "lan", text: "from the network")
        let unknown = FixedAnswerModel(name: "unknown", text: "from somewhere")
        let chain = ProviderChain(
            name: "mixed", members: [ChainMember(unknown), ChainMember(lan, location: .localNetwork)])
        let response = try await chain.keeping(within: .localNetwork).respond(to: GenerationRequest(prompt: "Hi"))
        #expect(response.text == "from the network")
        let lines = Diagnostics(language: .english).describe(try #require(response.metadata.trace))
        #expect(
            lines.first
                == "unknown: skipped (would leave the local network: it does not say where it runs (runs: in providers.yml))"
        )
        // Keeping within the device as well narrows it: the local network is now too far.
        await #expect(throws: GenUIError.self) {
            _ = try await chain.keeping(within: .localNetwork).keeping(within: .onDevice).respond(
                to: GenerationRequest(prompt: "Hi"))
        }
        #expect(chain.keeping(within: .onDevice).keeping(within: .cloud).options.boundary == .onDevice)
    }
}
