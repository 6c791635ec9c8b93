import Foundation
import GenUITestSupport
import Testing

/// What a user sees when the on-device runtime dies on this machine: the route says why, in their language, doctor
/// remembers it without being asked to start anything, and a rebuilt runtime clears it.
@Suite("Runtime failures in the CLI", .tags(.integration), .serialized)
struct RuntimeFailureCommandTests {
    /// A llama-server that prints llama.cpp's start lines and dies by SIGILL, as a build for another CPU does.
    static let dyingServer = """
        #!/bin/sh
        ulimit -c 0
        echo started >> "$(dirname "$0")/starts.log"
        echo 'build: 6000 (1a2b3c4d) with cc (Debian 12.2.0-14) 12.2.0 for x86_64-linux-gnu'
        echo 'main: loading model'
        echo 'load_tensors:   CPU_Mapped model buffer size =    98.54 MiB'
        echo 'llama threadpool init, n_threads = 1'
        kill -ILL $$
        """

    struct Home {
        let path: String
        var server: String { path + "/bin/llama-server" }
        var config: String { path + "/providers.yml" }
        var environment: [String: String] { CLI.freshEnvironment(home: path) }

        init() throws {
            path = try CLI.temporaryDirectory()
            try FileManager.default.createDirectory(atPath: path + "/bin", withIntermediateDirectories: true)
            try Self.executable(RuntimeFailureCommandTests.dyingServer, at: server)
            let model = path + "/model.gguf"
            try Data(
                Array("GGUF".utf8) + [3, 0, 0, 0] + [UInt8](repeating: 0, count: 16) + [UInt8](repeating: 7, count: 64)
            )
            .write(to: URL(fileURLWithPath: model))
            try """
            version: 1
            chains:
              default: [on-device]
            providers:
              on-device: { type: llama.cpp, model: \(model), binary: \(server), context: 2048 }
            """.write(toFile: config, atomically: true, encoding: .utf8)
        }

        static func executable(_ script: String, at path: String) throws {
            let staging = path + ".new"
            try script.write(toFile: staging, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: staging)
            #expect(rename(staging, path) == 0)
        }

        var starts: Int {
            ((try? String(contentsOfFile: path + "/bin/starts.log", encoding: .utf8)) ?? "").split(separator: "\n")
                .count
        }

        func doctorReason() throws -> (status: String, reason: [String: Any]?) {
            let result = try CLI.run(["doctor", "--config", config, "--json"], environment: environment)
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let providers = try #require(document["providers"] as? [[String: Any]])
            let provider = try #require(providers.first { $0["name"] as? String == "on-device" })
            return (provider["status"] as? String ?? "", provider["reason"] as? [String: Any])
        }
    }

    @Test(
        "a runtime that dies by SIGILL: the route names the illegal instruction in English and German, doctor remembers it, a rebuild clears it"
    )
    func illegalInstructionAcrossProcesses() throws {
        try CLI.requireBinary()
        let home = try Home()
        defer { try? FileManager.default.removeItem(atPath: home.path) }

        let english = try CLI.run(
            ["generate", "A login form", "--config", home.config, "--locale", "en"], environment: home.environment)
        #expect(english.status != 0)
        #expect(english.stdout.isEmpty, "no screen is shown when nothing could serve")
        #expect(english.stderr.contains("This machine cannot run \(home.server)"), "\(english.stderr)")
        #expect(
            english.stderr.contains("an instruction the CPU or the OS does not allow (SIGILL)"), "\(english.stderr)")
        #expect(english.stderr.contains("scripts/bootstrap --runtime-only --portable"), "\(english.stderr)")
        #expect(!english.stderr.contains("(—)"), "\(english.stderr)")
        #expect(!english.stderr.contains("Try again later"), "\(english.stderr)")
        #expect(home.starts == 1)

        // The next process knows without starting it: the chain skips it and says why, in German here.
        let german = try CLI.run(
            ["generate", "A login form", "--config", home.config, "--locale", "de"], environment: home.environment)
        #expect(german.status != 0)
        #expect(german.stderr.contains("Dieser Rechner kann \(home.server) nicht ausführen"), "\(german.stderr)")
        #expect(german.stderr.contains("unzulässiger Befehl"), "\(german.stderr)")
        #expect(home.starts == 1, "the failed start is not paid again")

        // doctor without flags reports the same reason, and still starts nothing.
        let remembered = try home.doctorReason()
        #expect(remembered.status == "unavailable")
        #expect(remembered.reason?["reason"] as? String == "runtimeFailed")
        #expect(remembered.reason?["failure"] as? String == "illegalInstruction")
        #expect(remembered.reason?["binary"] as? String == home.server)
        let plain = try CLI.run(["doctor", "--config", home.config, "--locale", "en"], environment: home.environment)
        #expect(plain.stdout.contains("an instruction the CPU or the OS does not allow (SIGILL)"), "\(plain.stdout)")
        let verbose = try CLI.run(["doctor", "--config", home.config, "-v"], environment: home.environment)
        #expect(
            verbose.stdout.contains(
                "is remembered until the binary or the model changes; its last log line: llama threadpool init"),
            "doctor -v shows what was remembered: \(verbose.stdout)")
        #expect(home.starts == 1)

        // A rebuilt binary (a new file) is a new runtime: the record no longer applies.
        try Home.executable(Self.dyingServer + "\n# rebuilt\n", at: home.server)
        let rebuilt = try home.doctorReason()
        #expect(rebuilt.status == "available", "\(rebuilt)")
        #expect(home.starts == 1)
    }

    @Test("doctor --deep starts a remembered runtime again for real and records what it finds")
    func deepDoctorProvesAgain() throws {
        try CLI.requireBinary()
        let home = try Home()
        defer { try? FileManager.default.removeItem(atPath: home.path) }
        _ = try CLI.run(["generate", "A login form", "--config", home.config], environment: home.environment)
        #expect(home.starts == 1)
        let deep = try CLI.run(["doctor", "--config", home.config, "--deep", "--json"], environment: home.environment)
        #expect(home.starts == 2, "--deep starts it again")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(deep.stdout.utf8)) as? [String: Any])
        let provider = try #require((document["providers"] as? [[String: Any]])?.first)
        #expect((provider["reason"] as? [String: Any])?["failure"] as? String == "illegalInstruction", "\(deep.stdout)")
    }

    @Test("with the shipped providers.yml and nothing able to serve, generate shows no invented screen, only why")
    func noInventedLastResort() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let shipped = TestEnvironment.packageRoot.appendingPathComponent("providers.yml").path
        // Ollama's address points at a loopback port nothing listens on; OPENAI_API_KEY is unset.
        let result = try CLI.run(
            ["generate", "A login form with username and password fields", "--config", shipped, "--format", "text"],
            environment: CLI.freshEnvironment(home: home, extra: ["OLLAMA_HOST": "http://127.0.0.1:9"]))
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty, "no screen: \(result.stdout)")
        #expect(!result.stderr.contains("scripted"), "\(result.stderr)")
        #expect(
            result.stderr.contains("on-device") && result.stderr.contains("ollama") && result.stderr.contains("openai"))
        #expect(result.stderr.contains("OPENAI_API_KEY"), "each provider says why: \(result.stderr)")
    }
}
