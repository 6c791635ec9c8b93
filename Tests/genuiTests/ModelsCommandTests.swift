import Foundation
import GenUITestSupport
import GenUITesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `genui models` as a user runs it: a pull in one process, `genui doctor` in another, a puller killed with
/// SIGKILL, and the next pull resuming where it stopped.
@Suite("genui models", .tags(.llamaServer), .serialized)
struct ModelsCommandTests {
    static let modelPath = OnDeviceRuntime.modelPath
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
        let result = try CLI.run(
            ["doctor", "--json", "--config", config], environment: CLI.freshEnvironment(home: home))
        return result.stdout
    }

    static func progress(in json: String) -> Double? {
        guard let range = json.range(of: #""progress"\s*:\s*[0-9.eE+-]+"#, options: .regularExpression) else {
            return nil
        }
        return Double(json[range].split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
    }

    @Test(
        "A throttled pull is seen from a second process as modelNotReady with progress strictly between 0 and 1; killed with SIGKILL it leaves a stale partial reported as not installed, and the next pull resumes with Range",
        .enabled(if: modelExists))
    func pullSeenFromAnotherProcessThenKilledThenResumed() async throws {
        var behaviour = RangeFileServer.Behaviour()
        behaviour.throttleBytesPerSecond = 4 * 1024 * 1024
        let server = try RangeFileServer(file: Self.modelPath, behaviour: behaviour)
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("genui-models-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let target = home + "/models/model.gguf"
        let arguments = [
            "models", "pull", server.url.absoluteString, "--sha256", Self.digest, "--file", target, "--quiet",
            "--connections", "1",
        ]

        let puller = CLI.process(arguments, environment: CLI.freshEnvironment(home: home))
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

    @Test(
        "A pull that fails on a file-size limit (EFBIG, as a full disk fails with ENOSPC) reports low storage and keeps the partial",
        .enabled(if: modelExists))
    func fileSizeLimitIsLowStorage() throws {
        let server = try RangeFileServer(file: Self.modelPath)
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("genui-models-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let target = home + "/model.gguf"
        // One connection writes the file in order, so it stops exactly at the limit (parts write at their offsets).
        let result = try CLI.run(
            [
                "models", "pull", server.url.absoluteString, "--sha256", Self.digest, "--file", target, "--json",
                "--connections", "1",
            ],
            environment: CLI.freshEnvironment(home: home), fileSizeLimit: 10 * 1024 * 1024)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("\"event\":\"failed\""), "\(result.stdout)")
        #expect(result.stderr.lowercased().contains("storage") || result.stderr.contains("disk"), "\(result.stderr)")
        #expect(Self.fileSize(target + ".part") == 10 * 1024 * 1024)
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    /// A fresh home directory for one test.
    static func home() throws -> String {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("genui-models-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        return home
    }

    @Test(
        "A model named only in providers.yml's models: catalog is pulled by that name from its url, checked against its sha256 and installed at its file; models list shows it",
        .enabled(if: modelExists))
    func pullsAModelNamedOnlyInTheConfiguration() throws {
        let server = try RangeFileServer(file: Self.modelPath, name: "tiny.gguf")
        defer { server.stop() }
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let target = home + "/models/tiny-chat.gguf"
        let config = home + "/providers.yml"
        try """
        version: 1
        providers:
          scripted:
            type: scripted
        models:
          tiny-chat:
            url: \(server.url.absoluteString)
            size: \(Self.fileSize(Self.modelPath))
            sha256: \(Self.digest)
            file: \(target)
        """.write(toFile: config, atomically: true, encoding: .utf8)

        let pulled = try CLI.run(
            ["models", "pull", "tiny-chat", "--config", config, "--json"], environment: CLI.freshEnvironment(home: home)
        )
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(pulled.stdout.contains("\"verified\":true"), "\(pulled.stdout)")
        #expect(server.requests.first?.target == "/tiny.gguf")
        #expect(Self.fileSize(target) == Self.fileSize(Self.modelPath))

        let listed = try CLI.run(
            ["models", "list", "--config", config, "--json"], environment: CLI.freshEnvironment(home: home))
        #expect(listed.status == 0, "\(listed.stderr)")
        let line = try #require(
            listed.stdout.split(separator: "\n").first { $0.contains("\"name\":\"tiny-chat\"") }, "\(listed.stdout)")
        #expect(line.contains("\"state\":\"installed\""), "\(line)")
        // Without the configuration the name is unknown.
        let unknown = try CLI.run(["models", "pull", "tiny-chat"], environment: CLI.freshEnvironment(home: home))
        #expect(unknown.status == 2, "\(unknown.stderr)")
    }

    @Test("A mistake in the models: catalog stops genui models with the error at its file:line:column")
    func catalogErrorIsLocated() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let config = home + "/providers.yml"
        try """
        version: 1
        providers:
          scripted:
            type: scripted
        models:
          tiny-chat:
            url: http://models.example.org/tiny.gguf
            size: 98 MB
            sha256: \(Self.digest)
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let result = try CLI.run(
            ["models", "pull", "tiny-chat", "--config", config], environment: CLI.freshEnvironment(home: home))
        #expect(result.status == 2)
        #expect(result.stderr.contains("providers.yml:7:10: error: models.tiny-chat.url:"), "\(result.stderr)")
    }

    @Test(
        "A pull of a URL does not read providers.yml: beside a configuration with a mistake it still installs the file, while a pull by name reports the mistake",
        .enabled(if: modelExists))
    func urlPullIgnoresTheConfiguration() throws {
        let server = try RangeFileServer(file: Self.modelPath)
        defer { server.stop() }
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let config = home + "/providers.yml"
        try """
        version: 1
        providers:
          scripted:
            type: nonsense
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let target = home + "/model.gguf"
        let pulled = try CLI.run(
            [
                "models", "pull", server.url.absoluteString, "--sha256", Self.digest, "--file", target, "--config",
                config,
                "--json",
            ],
            environment: CLI.freshEnvironment(home: home))
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(pulled.stdout.contains("\"verified\":true"), "\(pulled.stdout)")
        #expect(Self.fileSize(target) == Self.fileSize(Self.modelPath))
        let named = try CLI.run(
            ["models", "pull", "smollm2", "--config", config], environment: CLI.freshEnvironment(home: home))
        #expect(named.status == 2)
        #expect(named.stderr.contains("providers.yml:4:"), "\(named.stderr)")
    }

    @Test(
        "genui doctor in German shows a live download's progress as a German sentence with German number formatting",
        .enabled(if: modelExists))
    func doctorShowsDownloadInGerman() async throws {
        var behaviour = RangeFileServer.Behaviour()
        behaviour.throttleBytesPerSecond = 4 * 1024 * 1024
        let server = try RangeFileServer(file: Self.modelPath, behaviour: behaviour)
        defer { server.stop() }
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let target = home + "/models/model.gguf"
        let puller = CLI.process(
            [
                "models", "pull", server.url.absoluteString, "--sha256", Self.digest, "--size",
                "\(Self.fileSize(Self.modelPath))", "--file", target, "--quiet", "--connections", "1",
            ],
            environment: CLI.freshEnvironment(home: home))
        try puller.run()
        defer {
            if puller.isRunning {
                kill(puller.processIdentifier, SIGKILL)
                puller.waitUntilExit()
            }
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while Self.fileSize(target + ".part") < 2 * 1024 * 1024 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        // Let the record carry a measured rate, so the sentence has its time left.
        try await Task.sleep(for: .seconds(1))
        let config = home + "/providers.yml"
        try """
        version: 1
        providers:
          on-device:
            type: llama.cpp
            binary: /bin/sh
            model: \(target)
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let result = try CLI.run(
            ["doctor", "--config", config, "--locale", "de"], environment: CLI.freshEnvironment(home: home))
        let output = result.stdout + result.stderr
        // 98,362,432 bytes in German: "98,4 MB"; the bytes so far end in " MB" or " kB" with a decimal comma or none.
        #expect(output.contains("Das Modell ist noch nicht bereit:"), "\(output)")
        #expect(output.contains(" von 98,4 MB heruntergeladen"), "\(output)")
        #expect(
            output.range(
                of: #"\(\d+(,\d)? (MB|kB) von 98,4 MB heruntergeladen(, noch etwa [^)]+)?\)"#,
                options: .regularExpression) != nil, "\(output)")
        #expect(!output.contains("downloading"), "\(output)")
        #expect(!output.contains("98.4"), "\(output)")
    }

    static let llamaServer: String? = OnDeviceRuntime.installed ? OnDeviceRuntime.serverPath : nil

    @Test(
        "After genui models pull, the on-device provider serves a screen with the pulled model (real llama-server)",
        .enabled(if: modelExists && llamaServer != nil), .timeLimit(.minutes(20)))
    func pulledModelServesAScreen() throws {
        let llamaServer = try #require(Self.llamaServer)
        let server = try RangeFileServer(file: Self.modelPath)
        defer { server.stop() }
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let target = home + "/models/pulled.gguf"
        let config = home + "/providers.yml"
        try """
        version: 1
        chains:
          default:
            providers: [on-device]
            attempt_timeout: 10m
            deadline: 15m
        providers:
          on-device:
            type: llama.cpp
            binary: \(llamaServer)
            model: \(target)
        models:
          pulled:
            url: \(server.url.absoluteString)
            size: \(Self.fileSize(Self.modelPath))
            sha256: \(Self.digest)
            file: \(target)
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let environment = CLI.freshEnvironment(home: home)

        // Generation on a busy machine can take minutes (a few tokens a second): the chain's limits above are generous.
        let before = try CLI.run(["generate", "A login form", "--config", config, "-v"], environment: environment)
        #expect(before.status != 0, "served before the model was there: \(before.stderr)")

        let pulled = try CLI.run(["models", "pull", "pulled", "--config", config, "--quiet"], environment: environment)
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(Self.fileSize(target) == Self.fileSize(Self.modelPath))

        let generated = try CLI.run(["generate", "A login form", "--config", config, "-v"], environment: environment)
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect((generated.stdout + generated.stderr).contains("served by on-device"), "\(generated.stderr)")
        #expect(!generated.stdout.isEmpty)
    }
}
