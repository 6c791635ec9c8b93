import Foundation
import GenUITestSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Trust belongs to the file whose content was trusted: a link to it runs only what sits beside that file, and a
/// `./providers.yml` that cannot be read as a configuration is passed over instead of stopping every command.
@Suite("trust follows the trusted file, not a link to it", .tags(.integration), .serialized)
struct TrustFollowsFileTests {
    /// A program that leaves a marker file when it runs, then fails (so the chain falls back to scripted).
    private static func plantProgram(at path: String, marker: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "#!/bin/sh\ntouch '\(marker)'\nexit 1\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    /// A file that looks like a complete GGUF model, so that an on-device provider starts its program.
    private static func plantModel(at path: String) throws {
        var model = Array("GGUF".utf8) + [3, 0, 0, 0]
        model += [UInt8](repeating: 0, count: 56)
        try Data(model).write(to: URL(fileURLWithPath: path))
    }

    @Test("a cloned repository linking its providers.yml to a trusted one never runs the repository's own llama-server")
    func linkedConfigurationRunsOnlyTheTrustedFolder() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        let workspace = try CLI.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(atPath: home)
            try? FileManager.default.removeItem(atPath: workspace)
        }
        let trusted = workspace + "/projA"
        let cloned = workspace + "/cloned"
        let trustedMarker = workspace + "/trusted-program-ran"
        let plantedMarker = workspace + "/planted-program-ran"
        try FileManager.default.createDirectory(atPath: trusted, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: cloned, withIntermediateDirectories: true)
        try """
        version: 1
        default_chain: default
        chains:
          default: [local, scripted]
        providers:
          local:    { type: llama.cpp, model: ./model.gguf, binary: ./bin/llama-server }
          scripted: { type: scripted }

        """.write(toFile: trusted + "/providers.yml", atomically: true, encoding: .utf8)
        try Self.plantModel(at: trusted + "/model.gguf")
        try Self.plantProgram(at: trusted + "/bin/llama-server", marker: trustedMarker)
        // The cloned repository: its providers.yml is a link to the trusted file, beside its own program and model.
        try FileManager.default.createSymbolicLink(
            atPath: cloned + "/providers.yml", withDestinationPath: "../projA/providers.yml")
        try Self.plantModel(at: cloned + "/model.gguf")
        try Self.plantProgram(at: cloned + "/bin/llama-server", marker: plantedMarker)

        let environment = CLI.freshEnvironment(home: home)
        let trust = try BoundedCLI.run(["config", "trust"], environment: environment, directory: trusted)
        #expect(trust.status == 0, "\(trust.stderr)")

        let generate = try BoundedCLI.run(["generate", "A login form"], environment: environment, directory: cloned)
        #expect(generate.status == 0, "the chain falls back to scripted: \(generate.stderr)")
        #expect(!FileManager.default.fileExists(atPath: plantedMarker), "the program planted beside the link ran")
        // The trusted file's own program is the one started (so the check above could fail).
        #expect(
            FileManager.default.fileExists(atPath: trustedMarker), "the trusted folder's llama-server was not started")

        let check = try BoundedCLI.run(["config", "check"], environment: environment, directory: cloned)
        #expect(check.stdout.contains(trusted + "/bin/llama-server"), "\(check.stdout)")
        #expect(!check.stdout.contains(cloned + "/bin/llama-server"), "\(check.stdout)")
    }

    @Test(
        "a ./providers.yml link flipped between the attacker's files and the user's own file while genui generate runs (40 runs): the attacker's program never runs, the user's does",
        .timeLimit(.minutes(5)))
    func flippedLinkNeverRunsTheAttackersProgram() async throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        let work = try CLI.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(atPath: home)
            try? FileManager.default.removeItem(atPath: work)
        }
        let userFolder = home + "/.config/genui"
        let evil = work + "/evil"
        let userMarker = work + "/user-program-ran"
        let attackerMarker = work + "/attacker-program-ran"
        try FileManager.default.createDirectory(atPath: userFolder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: evil, withIntermediateDirectories: true)
        let userText = """
            version: 1
            default_chain: default
            chains:
              default: [local, scripted]
            providers:
              local:    { type: llama.cpp, model: ./model.gguf, binary: ./bin/llama-server }
              scripted: { type: scripted }

            """
        try userText.write(toFile: userFolder + "/providers.yml", atomically: true, encoding: .utf8)
        try Self.plantModel(at: userFolder + "/model.gguf")
        try Self.plantProgram(at: userFolder + "/bin/llama-server", marker: userMarker)
        // The attacker's own file, and a copy of the user's beside the attacker's program and model.
        try userText.replacingOccurrences(of: "local:", with: "attacker:").replacingOccurrences(
            of: "[local,", with: "[attacker,"
        )
        .write(toFile: evil + "/attacker.yml", atomically: true, encoding: .utf8)
        try userText.write(toFile: evil + "/user-copy.yml", atomically: true, encoding: .utf8)
        try Self.plantModel(at: evil + "/model.gguf")
        try Self.plantProgram(at: evil + "/bin/llama-server", marker: attackerMarker)

        let link = work + "/providers.yml"
        let scratch = work + "/.flip"
        let targets = [evil + "/attacker.yml", userFolder + "/providers.yml", evil + "/user-copy.yml"]
        let point: @Sendable (String) -> Void = { target in
            unlink(scratch)
            guard symlink(target, scratch) == 0 else { return }
            rename(scratch, link)
        }
        point(targets[0])
        let stop = Atomic(false)
        let flipper = Thread {
            var index = 0
            while !stop.load(ordering: .relaxed) {
                index = (index + 1) % targets.count
                point(targets[index])
            }
        }
        flipper.start()
        defer { stop.store(true, ordering: .relaxed) }

        let environment = CLI.freshEnvironment(home: home)
        for run in 1...40 {
            let generate = try BoundedCLI.run(["generate", "A login form"], environment: environment, directory: work)
            #expect(generate.status == 0, "run \(run): the chain falls back to scripted: \(generate.stderr)")
            #expect(!FileManager.default.fileExists(atPath: attackerMarker), "run \(run): the attacker's program ran")
            if FileManager.default.fileExists(atPath: attackerMarker) { break }
        }
        stop.store(true, ordering: .relaxed)
        // The user's own program did start (through the link or as the fallback), so the check above could fail.
        #expect(FileManager.default.fileExists(atPath: userMarker), "the user's llama-server was never started")
    }

    @Test(
        "a ./providers.yml linked to /dev/zero, a FIFO or a file over 1 MiB is passed over with a notice, not a failure"
    )
    func unreadableWorkingDirectoryFileIsSkipped() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = CLI.freshEnvironment(home: home)

        let device = try CLI.temporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: device + "/providers.yml", withDestinationPath: "/dev/zero")
        let pipe = try CLI.temporaryDirectory()
        #expect(mkfifo(pipe + "/providers.yml", 0o600) == 0)
        let large = try CLI.temporaryDirectory()
        let oversized = "version: 1\n" + String(repeating: "# padding\n", count: 120_000)
        try oversized.write(toFile: large + "/providers.yml", atomically: true, encoding: .utf8)
        defer { for folder in [device, pipe, large] { try? FileManager.default.removeItem(atPath: folder) } }

        for (folder, reason) in [
            (device, "device"), (pipe, "named pipe (FIFO)"), (large, "more than the 1048576 bytes"),
        ] {
            for arguments in [["doctor"], ["config", "check"], ["generate", "A login form"]] {
                let result = try BoundedCLI.run(arguments, environment: environment, directory: folder)
                let output = result.stdout + result.stderr
                // Not a failure: the command goes on with the built-in configuration. config check accepts it; doctor
                // and generate route through it, and its only member, on-device, finds no llama-server here.
                if arguments == ["config", "check"] {
                    #expect(result.status == 0, "genui \(arguments.joined(separator: " ")) in \(folder): \(output)")
                } else {
                    #expect(result.status == 1, "genui \(arguments.joined(separator: " ")) in \(folder): \(output)")
                    #expect(output.contains("The runtime program llama-server is not installed."), "\(output)")
                }
                #expect(output.contains("using <built-in default> instead"), "\(output)")
                #expect(output.contains("providers.yml was ignored"), "\(output)")
                #expect(output.contains(reason), "\(output)")
                #expect(output.contains("--config"), "the notice says what to use instead: \(output)")
            }
            let json = try BoundedCLI.run(["doctor", "--json"], environment: environment, directory: folder)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let skipped = try #require((object["configuration"] as? [String: Any])?["untrusted"] as? [String: Any])
            #expect((skipped["unreadable"] as? String)?.contains(reason) == true, "\(skipped)")
            let strict = try BoundedCLI.run(["doctor", "--strict"], environment: environment, directory: folder)
            #expect(strict.status == 1, "--strict still fails on a passed-over file")
        }
        let german = try BoundedCLI.run(["doctor", "--locale", "de"], environment: environment, directory: pipe)
        #expect(german.stdout.contains("benannte Pipe"), "\(german.stdout)")
    }
}
