import Foundation
import GenUI
import GenUITestSupport
import GenUITesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The Ollama daemon for `genui models --provider` (``OllamaWireFake``): `qwen2.5:0.5b` installed, `llama3.2` in its
/// registry, a pull of `steps` + 1 progress lines `pause` apart.
private func ollamaDaemon(steps: Int = 16, pause: Duration = .milliseconds(250)) throws -> (
    OllamaWireFake, LoopbackHTTPServer
) {
    let daemon = try OllamaWireFake(model: "qwen2.5:0.5b", contextLength: 131072, pullSteps: steps, pullPause: pause)
    return (daemon, daemon.server)
}

/// The `model` field of a request's JSON body.
private func model(of request: LoopbackRequest) -> String? {
    (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["model"] as? String
}

/// `genui models pull|rm --provider` against an Ollama daemon, as a user runs them, with `genui doctor` in another
/// process watching.
@Suite("genui models --provider ollama", .tags(.integration), .serialized)
struct OllamaModelsCommandTests {
    static func setUp(_ server: LoopbackHTTPServer) throws -> (home: String, config: String) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("genui-ollama-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let config = home + "/providers.yml"
        try """
        version: 1
        providers:
          local:
            type: ollama
            host: http://127.0.0.1:\(server.port)
            model: llama3.2
        """.write(toFile: config, atomically: true, encoding: .utf8)
        return (home, config)
    }

    static func progress(in json: String) -> Double? {
        guard let range = json.range(of: #""progress"\s*:\s*[0-9.eE+-]+"#, options: .regularExpression) else {
            return nil
        }
        return Double(json[range].split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
    }

    static func puller(_ arguments: [String], home: String) throws -> Process {
        let process = CLI.process(arguments, environment: CLI.freshEnvironment(home: home))
        try process.run()
        return process
    }

    static func records(_ home: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: home + "/.cache/genui/ollama")) ?? []).filter {
            $0.hasSuffix(".json")
        }
    }

    @Test(
        "models pull --provider drives POST /api/pull; genui doctor in another process sees modelNotReady with progress strictly between 0 and 1 while it runs, and the model installed after"
    )
    func pullIsSeenFromAnotherProcess() async throws {
        // 12 s of pulling: a doctor started on a loaded machine must still find the pull running.
        let (daemon, server) = try ollamaDaemon(steps: 48)
        defer { server.stop() }
        let (home, config) = try Self.setUp(server)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let puller = try Self.puller(
            ["models", "pull", "--provider", "local", "llama3.2", "--config", config, "--quiet"], home: home)
        defer {
            if puller.isRunning {
                kill(puller.processIdentifier, SIGKILL)
                puller.waitUntilExit()
            }
        }

        var seen: Double?
        var last = ""
        let deadline = ContinuousClock.now + .seconds(60)
        while seen == nil && puller.isRunning && ContinuousClock.now < deadline {
            let doctor = try CLI.run(
                ["doctor", "--json", "--config", config], environment: CLI.freshEnvironment(home: home))
            last = doctor.stdout
            if doctor.stdout.contains("modelNotReady"), let progress = Self.progress(in: doctor.stdout), progress > 0 {
                seen = progress
            } else {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        let progress = try #require(seen, "\(last)")
        #expect(progress > 0 && progress < 1)
        puller.waitUntilExit()
        #expect(puller.terminationStatus == 0)
        #expect(daemon.installed.contains("llama3.2:latest"))
        let pulls = server.requests.filter { $0.path == "/api/pull" }
        #expect(pulls.count == 1)
        #expect(pulls.first.flatMap(model(of:)) == "llama3.2")
        // The record goes with the pull.
        #expect(Self.records(home).isEmpty, "\(Self.records(home))")
        let after = try CLI.run(
            ["doctor", "--json", "--config", config], environment: CLI.freshEnvironment(home: home))
        #expect(!after.stdout.contains("modelNotReady"), "\(after.stdout)")
        #expect(!after.stdout.contains("modelNotInstalled"), "\(after.stdout)")
    }

    @Test(
        "A second pull of the same model is refused naming the first puller; with --wait it waits for it and then finds the model installed"
    )
    func secondPullWaits() async throws {
        let (daemon, server) = try ollamaDaemon(steps: 40, pause: .milliseconds(250))
        defer { server.stop() }
        let (home, config) = try Self.setUp(server)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let arguments = ["models", "pull", "--provider", "ollama", "llama3.2", "--config", config]
        let first = try Self.puller(arguments + ["--quiet"], home: home)
        defer {
            if first.isRunning {
                kill(first.processIdentifier, SIGKILL)
                first.waitUntilExit()
            }
        }
        let deadline = ContinuousClock.now + .seconds(30)
        while Self.records(home).isEmpty && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(!Self.records(home).isEmpty)

        let refused = try CLI.run(arguments, environment: CLI.freshEnvironment(home: home))
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("pid \(first.processIdentifier)"), "\(refused.stderr)")

        let waited = try CLI.run(arguments + ["--wait", "--json"], environment: CLI.freshEnvironment(home: home))
        #expect(waited.status == 0, "\(waited.stderr)")
        #expect(waited.stdout.contains("\"event\":\"waiting\""), "\(waited.stdout)")
        #expect(waited.stdout.contains("\"event\":\"installed\""), "\(waited.stdout)")
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(daemon.installed.contains("llama3.2:latest"))
        #expect(server.requests.filter { $0.path == "/api/pull" }.count == 2)
    }

    @Test("A model the registry lacks fails with Ollama's error line, and leaves no record")
    func unknownModel() throws {
        let (_, server) = try ollamaDaemon()
        defer { server.stop() }
        let (home, config) = try Self.setUp(server)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try CLI.run(
            ["models", "pull", "--provider", "local", "nosuchmodel", "--config", config],
            environment: CLI.freshEnvironment(home: home))
        #expect(result.status == 1)
        #expect(result.stderr.contains("nosuchmodel"), "\(result.stderr)")
        #expect(
            result.stderr.contains("Ollama could not pull nosuchmodel: pull model manifest: file does not exist"),
            "\(result.stderr)")
        #expect(Self.records(home).isEmpty)
    }

    @Test("models rm --provider sends DELETE /api/delete {\"model\": NAME}: removed, then nothing to remove")
    func remove() throws {
        let (daemon, server) = try ollamaDaemon()
        defer { server.stop() }
        let (home, config) = try Self.setUp(server)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let arguments = ["models", "rm", "--provider", "local", "qwen2.5:0.5b", "--config", config]
        let removed = try CLI.run(arguments, environment: CLI.freshEnvironment(home: home))
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("Removed qwen2.5:0.5b"), "\(removed.stdout)")
        let delete = try #require(server.requests.first { $0.path == "/api/delete" })
        #expect(delete.method == "DELETE")
        #expect(model(of: delete) == "qwen2.5:0.5b")
        #expect(daemon.installed.isEmpty)
        let again = try CLI.run(arguments, environment: CLI.freshEnvironment(home: home))
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("nothing to remove"), "\(again.stdout)")
    }

    @Test("--provider naming a provider that is not Ollama is a usage error")
    func notOllama() throws {
        let (_, server) = try ollamaDaemon()
        defer { server.stop() }
        let (home, config) = try Self.setUp(server)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try CLI.run(
            ["models", "rm", "--provider", "elsewhere", "x", "--config", config],
            environment: CLI.freshEnvironment(home: home))
        #expect(result.status == 2)
        #expect(result.stderr.contains("elsewhere is not an Ollama provider"), "\(result.stderr)")
        #expect(server.requests.isEmpty)
    }

    @Test(
        "models list shows each Ollama provider's model: missing (with the pull command), installed after a pull (with its size), and a daemon that does not answer"
    )
    func listShowsOllamaModels() throws {
        let (_, server) = try ollamaDaemon(steps: 2, pause: .milliseconds(10))
        defer { server.stop() }
        let (home, config) = try Self.setUp(server)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = CLI.freshEnvironment(home: home)
        let before = try CLI.run(["models", "list", "--config", config], environment: environment)
        #expect(before.status == 0, "\(before.stderr)")
        #expect(
            before.stdout.contains(
                "llama3.2: not in Ollama at http://127.0.0.1:\(server.port); pull it with genui models pull --provider local llama3.2"
            ), "\(before.stdout)")
        let pulled = try CLI.run(
            ["models", "pull", "--provider", "local", "llama3.2", "--config", config, "--quiet"],
            environment: environment)
        #expect(pulled.status == 0, "\(pulled.stderr)")
        let after = try CLI.run(["models", "list", "--config", config, "--json"], environment: environment)
        let line = try #require(
            after.stdout.split(separator: "\n").first { $0.contains("\"provider\":\"local\"") }, "\(after.stdout)")
        #expect(line.contains("\"state\":\"installed\""), "\(line)")
        #expect(line.contains("\"bytes\":397821319"), "\(line)")

        server.stop()
        let gone = try CLI.run(["models", "list", "--config", config], environment: environment)
        #expect(
            gone.stdout.contains("llama3.2: Ollama at http://127.0.0.1:\(server.port) does not answer"),
            "\(gone.stdout)")
    }
}
