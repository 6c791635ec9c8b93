import Foundation
import GenUITestSupport
import Synchronization
import Testing

/// `genui config init` writes a starter providers.yml through a temporary file and a rename, so an interrupted or
/// failed write never leaves a half-written configuration in place.
@Suite("genui config init", .tags(.integration))
struct ConfigInitCommandTests {
    /// A file `config check` accepts, written by hand: what a user's existing configuration looks like.
    static let existing = "version: 1\nproviders:\n  scripted: { type: scripted }\n"

    /// The regular files in `directory`, hidden ones included.
    static func files(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    @Test("writes a starter file that config check accepts, into ~/.config/genui by default")
    func writesStarter() throws {
        try CLI.requireBinary()
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try CLI.run(["config", "init"], environment: CLI.freshEnvironment(home: home))
        let path = home + "/.config/genui/providers.yml"
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("wrote \(path)"))
        #expect(try Self.files(in: home + "/.config/genui") == ["providers.yml"])

        let check = try CLI.run(["config", "check"], environment: CLI.freshEnvironment(home: home))
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("\(path) is valid."))
        #expect(
            check.stdout.contains("chain `default`: on-device → ollama → openai → anthropic → gemini\n"),
            "\(check.stdout)")
        #expect(
            !check.stdout.contains("→ scripted"), "the starter chain does not fall back to scripted: \(check.stdout)")
        #expect(
            check.stdout.contains("provider scripted:"), "the starter file still defines scripted, for tests' chains")
    }

    @Test("refuses to replace an existing file without --force, and replaces it with --force")
    func keepsExistingFile() throws {
        try CLI.requireBinary()
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/providers.yml"
        try Self.existing.write(toFile: path, atomically: true, encoding: .utf8)

        let refused = try CLI.run(
            ["config", "init", "--out", path], environment: CLI.freshEnvironment(home: directory))
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("\(path) already exists; pass --force"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.existing)

        let german = try CLI.run(
            ["config", "init", "--out", path, "--locale", "de"], environment: CLI.freshEnvironment(home: directory))
        #expect(german.stderr.contains("\(path) existiert bereits"))

        let forced = try CLI.run(
            ["config", "init", "--out", path, "--force"], environment: CLI.freshEnvironment(home: directory))
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("default_chain: default"))
        #expect(try Self.files(in: directory) == ["providers.yml"])
    }

    @Test("inits racing for the same new file: exactly one writes it, the others report that it exists")
    func concurrentInits() throws {
        try CLI.requireBinary()
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/providers.yml"
        let count = 8
        let statuses = Mutex<[Int32]>([])
        DispatchQueue.concurrentPerform(iterations: count) { _ in
            let status =
                (try? CLI.run(["config", "init", "--out", path], environment: CLI.freshEnvironment(home: directory)))?
                .status ?? -1
            statuses.withLock { $0.append(status) }
        }
        let all = statuses.withLock { $0 }.sorted()
        #expect(all == [0] + Array(repeating: 1, count: count - 1), "exit statuses: \(all)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("default_chain: default"))
        #expect(try Self.files(in: directory) == ["providers.yml"])
    }

    @Test("a symbolic link at the destination counts as an existing file, even one pointing nowhere")
    func linkAtDestination() throws {
        try CLI.requireBinary()
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A planted link to a file that does not exist yet (as ~/.ssh/authorized_keys might not).
        let victim = directory + "/victim"
        let path = directory + "/providers.yml"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim)
        let refused = try CLI.run(
            ["config", "init", "--out", path], environment: CLI.freshEnvironment(home: directory))
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("\(path) already exists; pass --force"))
        #expect(!FileManager.default.fileExists(atPath: victim), "init wrote through the link")

        // With --force a link leading out of its directory is still not written through.
        try FileManager.default.createDirectory(atPath: directory + "/repo", withIntermediateDirectories: true)
        try "precious".write(toFile: victim, atomically: false, encoding: .utf8)
        let planted = directory + "/repo/providers.yml"
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)
        let forced = try CLI.run(
            ["config", "init", "--out", planted, "--force"], environment: CLI.freshEnvironment(home: directory))
        #expect(forced.status == 3, "\(forced)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
    }

    /// The children of `pid`, read from `/proc` (never by name across the machine).
    static func children(of pid: pid_t) -> [pid_t] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task -> [pid_t] in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { pid_t($0) }
        }
    }

    @Test(
        "a write killed midway leaves the existing file intact, and a rerun replaces it whole",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"),
            "strace is not installed (scripts/system-deps installs it)"))
    func interruptedWrite() throws {
        try CLI.requireBinary()
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/providers.yml"
        try Self.existing.write(toFile: path, atomically: true, encoding: .utf8)

        // strace holds genui at the entry of its rename(2) for 30 s: the new file is written but not yet in place.
        // genui is killed at that moment, as a crash or a power cut would stop it.
        let process = makeProcess(
            "/usr/bin/strace",
            [
                "-f", "-qq", "-o", "/dev/null", "-e", "trace=rename,renameat,renameat2",
                "-e", "inject=rename,renameat,renameat2:delay_enter=30000000",
                CLI.isolatedBinary.path, "config", "init", "--out", path, "--force",
            ],
            environment: CLI.freshEnvironment(home: directory), directory: directory)
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // Wait for the temporary file to fill, then kill genui (strace's child) with SIGKILL: it is between its
        // write and its rename, which strace holds back.
        let deadline = ContinuousClock.now + .seconds(30)
        var temporary: String?
        while temporary == nil, ContinuousClock.now < deadline, process.isRunning {
            temporary = try Self.files(in: directory).first { name in
                guard name.hasPrefix(".providers.yml."), name.hasSuffix(".tmp") else { return false }
                let size =
                    (try? FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.size] as? Int) ?? 0
                return size > 0
            }
            if temporary == nil { usleep(2_000) }
        }
        let written = try #require(temporary, "genui never wrote its temporary file")
        let genui = try #require(
            Self.children(of: process.processIdentifier).first, "genui is not running under strace")
        kill(genui, SIGKILL)
        process.waitUntilExit()

        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.existing, "the configuration was damaged")
        #expect(try Self.files(in: directory).sorted() == [written, "providers.yml"].sorted())

        // A rerun replaces the file whole.
        let rerun = try CLI.run(
            ["config", "init", "--out", path, "--force"], environment: CLI.freshEnvironment(home: directory))
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let check = try CLI.run(
            ["config", "check", "--config", path], environment: CLI.freshEnvironment(home: directory))
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test("a write the disk refuses midway is reported, leaves the existing file intact and no temporary file")
    func refusedWrite() throws {
        try CLI.requireBinary()
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/providers.yml"
        try Self.existing.write(toFile: path, atomically: true, encoding: .utf8)

        // A file size limit of 1 KiB, below the starter's size: the kernel lets the first KiB reach the disk and fails
        // the rest of the write with EFBIG, as a full disk fails it with ENOSPC.
        let refused = try CLI.run(
            ["config", "init", "--out", path, "--force"], environment: CLI.freshEnvironment(home: directory),
            fileSizeLimit: 1024)
        #expect(refused.status == 3, "\(refused)")
        #expect(
            refused.stderr.contains("could not write \(path): File too large; the file was left as it was"),
            "\(refused.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.existing)
        #expect(try Self.files(in: directory) == ["providers.yml"])
    }
}
