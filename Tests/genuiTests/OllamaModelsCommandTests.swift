import Foundation
import GenUI
import GenUITestSupport
import GenUITesting
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// An Ollama daemon as its docs/api.md describes it, for `genui models --provider`: `GET /api/version`,
/// `GET /api/tags`, `POST /api/show`, `POST /api/pull` (NDJSON lines `{status, digest?, total?, completed?}`, ending
/// in `success`, or an `{"error":…}` line for a model the registry lacks) and `DELETE /api/delete {"model"}` (200 with
/// no body, 404 `{"error":"model 'X' not found"}`).
final class OllamaRegistryDaemon: Sendable {
    /// Starts a daemon on a loopback port.
    static func start(steps: Int = 16, pause: Duration = .milliseconds(250)) throws -> (
        OllamaRegistryDaemon, LoopbackHTTPServer
    ) {
        let daemon = OllamaRegistryDaemon(steps: steps, pause: pause)
        let server = try LoopbackHTTPServer { request, connection in daemon.handle(request, connection) }
        return (daemon, server)
    }

    /// Models the daemon has.
    let installed = Mutex<[String]>(["qwen2.5:0.5b"])
    /// Models its registry can pull, with their layer's size.
    let registry: [String: Int64] = ["llama3.2:latest": 2_019_393_189]
    /// Progress lines per layer, and the pause between them.
    let steps: Int
    let pause: Duration

    init(steps: Int, pause: Duration) {
        self.steps = steps
        self.pause = pause
    }

    /// The `model` field of a request's JSON body.
    static func model(of request: LoopbackRequest) -> String? {
        (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["model"] as? String
    }

    static func tagged(_ model: String) -> String { model.contains(":") ? model : model + ":latest" }

    func handle(_ request: LoopbackRequest, _ connection: LoopbackConnection) {
        switch (request.method, request.path) {
        case ("GET", "/api/version"):
            connection.respond(json: #"{"version":"0.12.6"}"#)
        case ("GET", "/api/tags"):
            let models = installed.withLock { $0 }.map {
                #"{"name":"\#($0)","model":"\#($0)","modified_at":"2026-01-01T00:00:00Z","size":397821319,"digest":"a8b0c5157701","details":{"format":"gguf","family":"qwen2","families":["qwen2"],"parameter_size":"494.03M","quantization_level":"Q4_K_M"}}"#
            }
            connection.respond(json: #"{"models":[\#(models.joined(separator: ","))]}"#)
        case ("POST", "/api/show"):
            let model = Self.tagged(OllamaRegistryDaemon.model(of: request) ?? "")
            guard installed.withLock({ $0.contains(model) }) else {
                connection.respond(status: 404, json: #"{"error":"model '\#(model)' not found"}"#)
                return
            }
            connection.respond(
                json:
                    #"{"modelfile":"FROM x","parameters":"","template":"{{ .Prompt }}","details":{"format":"gguf","family":"llama"},"model_info":{"general.architecture":"llama","llama.context_length":131072},"capabilities":["completion","tools"]}"#
            )
        case ("POST", "/api/pull"):
            let model = Self.tagged(OllamaRegistryDaemon.model(of: request) ?? "")
            connection.startStream(contentType: "application/x-ndjson")
            _ = connection.send(#"{"status":"pulling manifest"}"# + "\n")
            guard let total = registry[model] else {
                _ = connection.send(#"{"error":"pull model manifest: file does not exist"}"# + "\n")
                connection.endStream()
                return
            }
            if !installed.withLock({ $0.contains(model) }) {
                for step in 0...steps {
                    let completed = total / Int64(steps) * Int64(step)
                    _ = connection.send(
                        #"{"status":"pulling dde5aa3fc5ff","digest":"sha256:dde5aa3fc5ffc17176b5e8bdc82f587b24b2678c6c66101bf7da77af9f7ccdff","total":\#(total),"completed":\#(step == steps ? total : completed)}"#
                            + "\n")
                    _ = connection.pause(pause)
                }
            }
            for status in ["verifying sha256 digest", "writing manifest", "success"] {
                _ = connection.send(#"{"status":"\#(status)"}"# + "\n")
            }
            installed.withLock { if !$0.contains(model) { $0.append(model) } }
            connection.endStream()
        case ("DELETE", "/api/delete"):
            let model = Self.tagged(OllamaRegistryDaemon.model(of: request) ?? "")
            let removed = installed.withLock { list -> Bool in
                guard let index = list.firstIndex(of: model) else { return false }
                list.remove(at: index)
                return true
            }
            if removed {
                connection.respond(status: 200)
            } else {
                connection.respond(status: 404, json: #"{"error":"model '\#(model)' not found"}"#)
            }
        default:
            connection.respond(status: 404, body: Data("404 page not found".utf8))
        }
    }
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
        let (daemon, server) = try OllamaRegistryDaemon.start(steps: 48)
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
        #expect(daemon.installed.withLock { $0.contains("llama3.2:latest") })
        let pulls = server.requests.filter { $0.path == "/api/pull" }
        #expect(pulls.count == 1)
        #expect(pulls.first.flatMap(OllamaRegistryDaemon.model(of:)) == "llama3.2")
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
        let (daemon, server) = try OllamaRegistryDaemon.start(steps: 40, pause: .milliseconds(250))
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
        #expect(daemon.installed.withLock { $0.contains("llama3.2:latest") })
        #expect(server.requests.filter { $0.path == "/api/pull" }.count == 2)
    }

    @Test("A model the registry lacks fails with Ollama's error line, and leaves no record")
    func unknownModel() throws {
        let (_, server) = try OllamaRegistryDaemon.start()
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
        let (daemon, server) = try OllamaRegistryDaemon.start()
        defer { server.stop() }
        let (home, config) = try Self.setUp(server)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let arguments = ["models", "rm", "--provider", "local", "qwen2.5:0.5b", "--config", config]
        let removed = try CLI.run(arguments, environment: CLI.freshEnvironment(home: home))
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("Removed qwen2.5:0.5b"), "\(removed.stdout)")
        let delete = try #require(server.requests.first { $0.path == "/api/delete" })
        #expect(delete.method == "DELETE")
        #expect(OllamaRegistryDaemon.model(of: delete) == "qwen2.5:0.5b")
        #expect(daemon.installed.withLock { $0.isEmpty })
        let again = try CLI.run(arguments, environment: CLI.freshEnvironment(home: home))
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("nothing to remove"), "\(again.stdout)")
    }

    @Test("--provider naming a provider that is not Ollama is a usage error")
    func notOllama() throws {
        let (_, server) = try OllamaRegistryDaemon.start()
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
        let (_, server) = try OllamaRegistryDaemon.start(steps: 2, pause: .milliseconds(10))
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
