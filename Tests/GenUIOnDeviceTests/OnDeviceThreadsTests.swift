import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIOnDevice

/// How many threads the managed llama-server runs with: the configured number, else half the cores.
@Suite("Managed llama-server threads", .tags(.llamaServer), .serialized, .enabled(if: OnDeviceFixture.shouldRun))
struct OnDeviceThreadsTests {
    /// The `-t` value on the running server's command line.
    static func threadsArgument(of model: OnDeviceLanguageModel) async throws -> String? {
        _ = try await model.respond(
            to: GenerationRequest(prompt: "Hi", options: GenerationOptions(maximumResponseTokens: 1)))
        let pid = try #require(await model.serverProcessID)
        let cmdline = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))
        let arguments = cmdline.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        return arguments.firstIndex(of: "-t").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
    }

    @Test("without threads set, llama-server runs with half the cores, at least one")
    func defaultIsHalfTheCores() async throws {
        var configuration = try OnDeviceFixture.configuration(name: "threads-default")
        configuration.threads = nil
        let model = OnDeviceLanguageModel(configuration: configuration)
        defer { Task { await model.shutdown() } }
        let expected = max(1, ProcessInfo.processInfo.activeProcessorCount / 2)
        #expect(OnDeviceConfiguration.defaultThreads == expected)
        #expect(try await Self.threadsArgument(of: model) == String(expected))
    }

    @Test("a configured thread count reaches llama-server")
    func configuredThreadsReachTheServer() async throws {
        var configuration = try OnDeviceFixture.configuration(name: "threads-three")
        configuration.threads = 3
        let model = OnDeviceLanguageModel(configuration: configuration)
        defer { Task { await model.shutdown() } }
        #expect(try await Self.threadsArgument(of: model) == "3")
    }
}
