import Foundation
import GenUITestSupport
import GenUITesting
import Testing

/// A `providers.yml` in the current directory is used only once the user trusts it; until then nothing it names is
/// contacted or run. Files that could be read forever (a FIFO, a device) are refused, and secrets spliced into URLs
/// are never printed.
@Suite("genui config trust, hostile files and masked URLs", .tags(.integration), .serialized)
struct TrustCommandTests {
    /// A cloned repository: a providers.yml naming a secret variable and a loopback "attacker", and a planted
    /// llama-server that leaves a marker file when it runs.
    struct ClonedRepository {
        let root: String
        let home: String
        let marker: String
        let attacker: LoopbackHTTPServer
        let secret = "sk-cloned-repo-secret-0123456789"

        init() throws {
            root = try CLI.temporaryDirectory()
            home = try CLI.temporaryDirectory()
            marker = root + "/llama-server-ran"
            attacker = try LoopbackHTTPServer { _, connection in
                connection.respond(status: 200, json: #"{"object":"list","data":[{"id":"m","object":"model"}]}"#)
            }
            let tools = root + "/.tools/bin"
            try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
            try "#!/bin/sh\ntouch '\(marker)'\nexit 1\n".write(
                toFile: tools + "/llama-server", atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tools + "/llama-server")
            // A model file that looks complete, so that an on-device provider would start the planted program.
            var model = Array("GGUF".utf8) + [3, 0, 0, 0]
            model += [UInt8](repeating: 0, count: 56)
            try Data(model).write(to: URL(fileURLWithPath: root + "/model.gguf"))
            try configuration.write(toFile: root + "/providers.yml", atomically: true, encoding: .utf8)
        }

        var configuration: String {
            """
            version: 1
            default_chain: default
            chains:
              default: [local, attacker]
            providers:
              local:    { type: llama.cpp, model: ./model.gguf, binary: ./.tools/bin/llama-server }
              attacker: { type: openai, base_url: "http://127.0.0.1:\(attacker.port)/v1", api_key_env: SOME_SECRET_VAR, model: m }

            """
        }

        var environment: [String: String] { CLI.freshEnvironment(home: home, extra: ["SOME_SECRET_VAR": secret]) }

        func run(_ arguments: [String]) throws -> ProcessResult {
            try BoundedCLI.run(arguments, environment: environment, directory: root)
        }

        func remove() {
            attacker.stop()
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: home)
        }
    }

    @Test("a cloned repository's providers.yml and planted llama-server do nothing until the file is trusted")
    func clonedRepository() throws {
        try CLI.requireBinary()
        let repository = try ClonedRepository()
        defer { repository.remove() }

        let doctor = try repository.run(["doctor"])
        let json = try repository.run(["doctor", "--json"])
        let check = try repository.run(["config", "check"])
        let generate = try repository.run(["generate", "A login form"])
        #expect(repository.attacker.requests.isEmpty, "the untrusted file's server was contacted")
        #expect(!FileManager.default.fileExists(atPath: repository.marker), "the planted llama-server ran")
        for output in [doctor, json, check, generate] {
            #expect(!(output.stdout + output.stderr).contains(repository.secret))
        }

        // The built-in configuration is used instead: its only member, on-device, finds no llama-server (the planted
        // one is not looked for), so doctor and generate say so and exit 1.
        #expect(
            doctor.status == 1, "doctor still works with the built-in configuration: \(doctor.stdout)\(doctor.stderr)")
        #expect(doctor.stdout.contains("providers.yml was ignored"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("genui config trust"), "\(doctor.stdout)")
        #expect(
            doctor.stdout.contains("on-device is skipped: The runtime program llama-server is not installed."),
            "\(doctor.stdout)")
        #expect(doctor.stdout.contains("chain `default` cannot serve"), "\(doctor.stdout)")
        #expect(check.status == 0)
        #expect(check.stdout.contains("providers.yml was ignored"), "\(check.stdout)")
        #expect(generate.status == 1, "the built-in chain cannot serve without a runtime: \(generate.stderr)")
        #expect(
            generate.stderr.contains("on-device: skipped (The runtime program llama-server is not installed.)"),
            "\(generate.stderr)")
        #expect(generate.stderr.contains("providers.yml was ignored"), "\(generate.stderr)")
        #expect(generate.stderr.contains("genui config trust"), "\(generate.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let untrusted = try #require((object["configuration"] as? [String: Any])?["untrusted"] as? [String: Any])
        #expect((untrusted["path"] as? String)?.hasSuffix("/providers.yml") == true)
        #expect((untrusted["sha256"] as? String)?.count == 64)

        // Once trusted, the file is used: its server is contacted (so the checks above could fail).
        let trust = try repository.run(["config", "trust"])
        #expect(trust.status == 0, "\(trust.stderr)")
        let store = repository.home + "/.config/genui/trusted.sha256"
        let recorded = try String(contentsOfFile: store, encoding: .utf8)
        let digest = try Self.sha256sum(repository.root + "/providers.yml")
        #expect(digest.count == 64 && recorded.contains(digest), "\(recorded)")
        let trusted = try repository.run(["doctor"])
        #expect(!trusted.stdout.contains("was ignored"), "\(trusted.stdout)")
        #expect(!repository.attacker.requests.isEmpty, "a trusted file's server is checked")
        #expect(repository.attacker.requests.first?.header("authorization") == "Bearer \(repository.secret)")
        _ = try repository.run(["generate", "A login form"])
        #expect(FileManager.default.fileExists(atPath: repository.marker), "a trusted file's llama-server is started")

        // An edited file must be trusted again.
        let contacted = repository.attacker.requests.count
        try (repository.configuration + "# edited\n").write(
            toFile: repository.root + "/providers.yml", atomically: true, encoding: .utf8)
        let edited = try repository.run(["doctor"])
        #expect(edited.stdout.contains("changed since you trusted it"), "\(edited.stdout)")
        #expect(repository.attacker.requests.count == contacted)
        let retrust = try repository.run(["config", "trust", "providers.yml"])
        #expect(retrust.status == 0)
        #expect(try String(contentsOfFile: store, encoding: .utf8) != recorded, "the list records the new content")
        _ = try repository.run(["doctor"])
        #expect(repository.attacker.requests.count > contacted)

        // Revoking stops it again; revoking twice says it was not trusted.
        #expect(try repository.run(["config", "trust", "--revoke"]).status == 0)
        #expect(try repository.run(["doctor"]).stdout.contains("was ignored"))
        let again = try repository.run(["config", "trust", "--revoke"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("was not trusted"))
    }

    @Test("--strict makes an ignored providers.yml a failure; explicit --config is trusted as it is")
    func strictAndExplicit() throws {
        try CLI.requireBinary()
        let repository = try ClonedRepository()
        defer { repository.remove() }
        let strict = try repository.run(["doctor", "--strict", "--json"])
        #expect(strict.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(strict.stdout.utf8)) as? [String: Any])
        #expect(object["exitCode"] as? Int == 1)
        #expect(repository.attacker.requests.isEmpty)
        let explicit = try repository.run(["doctor", "--config", repository.root + "/providers.yml"])
        #expect(!explicit.stdout.contains("was ignored"))
        #expect(!repository.attacker.requests.isEmpty, "a file named with --config is the user's choice")
    }

    @Test(
        "the built-in configuration never runs a llama-server planted in the current directory or on a relative PATH entry"
    )
    func plantedRuntime() throws {
        try CLI.requireBinary()
        let repository = try ClonedRepository()
        defer { repository.remove() }
        try FileManager.default.removeItem(atPath: repository.root + "/providers.yml")
        // The built-in model is present, so a found llama-server would be started.
        let models = repository.home + "/.cache/genui/models"
        try FileManager.default.createDirectory(atPath: models, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: repository.root + "/model.gguf", toPath: models + "/SmolLM2-135M-Instruct.Q4_1.gguf")
        try FileManager.default.createDirectory(atPath: repository.root + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: repository.root + "/.tools/bin/llama-server", toPath: repository.root + "/bin/llama-server")
        var environment = repository.environment
        environment["PATH"] = ".:bin::.tools/bin:/usr/bin:/bin"
        let generate = try BoundedCLI.run(
            ["generate", "A login form"], environment: environment, directory: repository.root)
        #expect(generate.status == 1, "the built-in chain cannot serve without a runtime: \(generate.stderr)")
        #expect(
            generate.stderr.contains("on-device: skipped (The runtime program llama-server is not installed.)"),
            "\(generate.stderr)")
        let doctor = try BoundedCLI.run(["doctor", "-v"], environment: environment, directory: repository.root)
        #expect(doctor.stdout.contains("llama-server is not installed"), "\(doctor.stdout)")
        #expect(!FileManager.default.fileExists(atPath: repository.marker), "a planted llama-server ran")
    }

    @Test("a secret spliced into base_url never appears in config check, doctor -v or doctor --json")
    func secretInURL() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let secret = "gw-secret-value-ABC123"
        let password = "hunter2-password-XYZ"
        let config = home + "/gateway.yml"
        try """
        version: 1
        chains:
          default: [gateway, basic, scripted]
        providers:
          gateway:  { type: openai, base_url: "http://127.0.0.1:9/v1?key=${GW_KEY}&alt=sse", api_key_env: ~, model: m }
          basic:    { type: openai, base_url: "https://user:${GW_PASS}@127.0.0.1:9/v1", api_key_env: ~, model: m }
          scripted: { type: scripted }

        """.write(toFile: config, atomically: true, encoding: .utf8)
        let environment = CLI.freshEnvironment(home: home, extra: ["GW_KEY": secret, "GW_PASS": password])
        let check = try BoundedCLI.run(["config", "check", "--config", config], environment: environment)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("base_url: http://127.0.0.1:9/v1?key=•••&alt=•••"), "\(check.stdout)")
        #expect(check.stdout.contains("base_url: https://•••@127.0.0.1:9/v1"), "\(check.stdout)")
        let verbose = try BoundedCLI.run(["doctor", "-v", "--config", config], environment: environment)
        #expect(verbose.stdout.contains("endpoint: http://127.0.0.1:9/v1?key=•••"), "\(verbose.stdout)")
        let json = try BoundedCLI.run(["doctor", "--json", "--config", config], environment: environment)
        #expect(json.stdout.contains("key=•••"), "\(json.stdout)")
        let simulated = try BoundedCLI.run(
            ["doctor", "-v", "--config", config, "--simulate", "gateway=unavailable", "basic=transport"],
            environment: environment)
        for output in [check, verbose, json, simulated] {
            for value in [secret, password] {
                #expect(!output.stdout.contains(value), "\(output.stdout)")
                #expect(!output.stderr.contains(value), "\(output.stderr)")
            }
        }
        // An invalid URL is quoted in the error without the variable's value.
        try "version: 1\nproviders:\n  g: { type: openai, base_url: \"ftp://127.0.0.1/${GW_KEY}\", model: m }\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        let invalid = try BoundedCLI.run(["config", "check", "--config", config], environment: environment)
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("${GW_KEY}"), "\(invalid.stderr)")
        #expect(!invalid.stderr.contains(secret))
    }

    @Test("a FIFO named as the configuration is refused at once, through --config and GENUI_CONFIG")
    func fifoConfiguration() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let fifo = home + "/providers.yml"
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases: [([String], [String: String])] = [
            (["config", "check", "--config", fifo], [:]), (["doctor"], ["GENUI_CONFIG": fifo]),
        ]
        for (arguments, extra) in cases {
            let result = try BoundedCLI.run(arguments, environment: CLI.freshEnvironment(home: home, extra: extra))
            #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("named pipe (FIFO)"), "\(result.stderr)")
        }
        let german = try BoundedCLI.run(
            ["config", "check", "--config", fifo, "--locale", "de"], environment: CLI.freshEnvironment(home: home))
        #expect(german.stderr.contains("benannte Pipe"), "\(german.stderr)")
    }

    @Test("render refuses /dev/zero, a FIFO and a file over the limit; a long stdin is cut off at the limit")
    func renderBounded() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = CLI.freshEnvironment(home: home)
        let zero = try BoundedCLI.run(["render", "/dev/zero"], environment: environment)
        #expect(zero.status == 3)
        #expect(zero.stderr.contains("/dev/zero") && zero.stderr.contains("device"), "\(zero.stderr)")
        let fifo = home + "/screen.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let pipe = try BoundedCLI.run(["render", fifo], environment: environment)
        #expect(pipe.status == 3)
        #expect(pipe.stderr.contains("named pipe (FIFO)"), "\(pipe.stderr)")
        let large = home + "/large.json"
        try Data(repeating: 0x20, count: (1 << 20) + 1).write(to: URL(fileURLWithPath: large))
        let tooLarge = try BoundedCLI.run(["render", large], environment: environment)
        #expect(tooLarge.status == 3)
        #expect(tooLarge.stderr.contains("1048577 bytes, more than the 1048576 bytes allowed"), "\(tooLarge.stderr)")
        let endless = try BoundedCLI.run(["render", "-"], environment: environment, standardInput: "/dev/zero")
        #expect(endless.status == 3)
        #expect(endless.stderr.contains("longer than the 1048576 bytes allowed"), "\(endless.stderr)")
    }

    /// What `sha256sum` prints for the file.
    static func sha256sum(_ path: String) throws -> String {
        let result = try BoundedCLI.process("/usr/bin/env", ["sha256sum", path])
        return String(result.split(separator: " ").first ?? "")
    }
}

/// Runs the CLI like ``CLI/run(_:environment:directory:stdin:timeout:fileSizeLimit:)``, but stops it after a generous
/// minute: a test of "does not hang" must end even when the program under test hangs.
enum BoundedCLI {
    static func run(
        _ arguments: [String], environment: [String: String], directory: String? = nil, standardInput: String? = nil,
        timeout: TimeInterval = 60
    ) throws -> ProcessResult {
        let result = try CLI.run(
            arguments, environment: environment, directory: directory, stdin: standardInput.map(ProcessInput.file),
            timeout: timeout)
        #expect(result.exited, "genui \(arguments.joined(separator: " ")) did not end within \(Int(timeout)) s")
        return result
    }

    /// Runs a helper program and returns its standard output.
    static func process(_ executable: String, _ arguments: [String]) throws -> String {
        try runProcess(executable, arguments, timeout: nil).stdout
    }
}
