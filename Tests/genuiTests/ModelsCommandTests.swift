import Foundation
import GenUITesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `genui models` as a user runs it: a pull in one process, `genui doctor` in another, a puller killed with
/// SIGKILL, and the next pull resuming where it stopped.
@Suite("genui models", .serialized)
struct ModelsCommandTests {
    static let modelPath = ProcessInfo.processInfo.environment["GENUI_TEST_MODEL"].flatMap { $0.isEmpty ? nil : $0 }
        ?? NSString(string: "~/.cache/genui/models/SmolLM2-135M-Instruct.Q4_1.gguf").expandingTildeInPath
    static let modelExists = FileManager.default.fileExists(atPath: modelPath)
    static let digest = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"

    static func fileSize(_ path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.int64Value ?? 0
    }

    /// `genui doctor --json` for a configuration whose on-device model is `target`; the on-device entry's JSON text.
    static func doctor(target: String, home: String) throws -> String {
        let config = home + "/providers.yml"
        try """
            version: 1
            providers:
              on-device:
                type: llama.cpp
                binary: /bin/sh
                model: \(target)
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let result = try CLI.run(["doctor", "--json", "--config", config], environment: CLI.freshEnvironment(home: home))
        return result.stdout
    }

    static func progress(in json: String) -> Double? {
        guard let range = json.range(of: #""progress"\s*:\s*[0-9.eE+-]+"#, options: .regularExpression) else { return nil }
        return Double(json[range].split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
    }

    @Test("A throttled pull is seen from a second process as modelNotReady with progress strictly between 0 and 1; killed with SIGKILL it leaves a stale partial reported as not installed, and the next pull resumes with Range",
          .enabled(if: modelExists))
    func pullSeenFromAnotherProcessThenKilledThenResumed() async throws {
        var behaviour = RangeFileServer.Behaviour()
        behaviour.throttleBytesPerSecond = 4 * 1024 * 1024
        let server = try RangeFileServer(file: Self.modelPath, behaviour: behaviour)
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("genui-models-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let target = home + "/models/model.gguf"
        let arguments = [
            "models", "pull", server.url.absoluteString, "--sha256", Self.digest, "--file", target, "--quiet",
        ]

        let puller = Process()
        puller.executableURL = CLI.isolatedBinary
        puller.arguments = arguments
        puller.environment = CLI.freshEnvironment(home: home)
        puller.standardOutput = FileHandle.nullDevice
        puller.standardError = FileHandle.nullDevice
        try puller.run()
        defer { if puller.isRunning { kill(puller.processIdentifier, SIGKILL) } }

        let partial = target + ".part"
        let deadline = ContinuousClock.now + .seconds(60)
        while Self.fileSize(partial) < 2 * 1024 * 1024 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        let live = try Self.doctor(target: target, home: home)
        #expect(live.contains("modelNotReady"), "\(live)")
        let progress = try #require(Self.progress(in: live), "\(live)")
        #expect(progress > 0 && progress < 1)

        kill(puller.processIdentifier, SIGKILL)
        puller.waitUntilExit()
        let kept = Self.fileSize(partial)
        #expect(kept > 0)
        let stale = try Self.doctor(target: target, home: home)
        #expect(stale.contains("modelNotInstalled"), "\(stale)")
        #expect(stale.contains("genui models pull"), "\(stale)")

        server.update { $0.throttleBytesPerSecond = nil }
        let resumed = try CLI.run(arguments, environment: CLI.freshEnvironment(home: home))
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(server.requests.last?.header("range") == "bytes=\(kept)-")
        #expect(Self.fileSize(target) == Self.fileSize(Self.modelPath))
        #expect(!FileManager.default.fileExists(atPath: partial))
    }

    @Test("A pull that fails on a file-size limit (EFBIG, as a full disk fails with ENOSPC) reports low storage and keeps the partial",
          .enabled(if: modelExists))
    func fileSizeLimitIsLowStorage() throws {
        let server = try RangeFileServer(file: Self.modelPath)
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("genui-models-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let target = home + "/model.gguf"
        let result = try CLI.run(
            ["models", "pull", server.url.absoluteString, "--sha256", Self.digest, "--file", target, "--json"],
            environment: CLI.freshEnvironment(home: home), fileSizeLimit: 10 * 1024 * 1024)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("\"event\":\"failed\""), "\(result.stdout)")
        #expect(result.stderr.lowercased().contains("storage") || result.stderr.contains("disk"), "\(result.stderr)")
        #expect(Self.fileSize(target + ".part") == 10 * 1024 * 1024)
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}
