import Foundation
import GenUITestSupport
import GenUITesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `genui models pull` and `rm` as a user runs them against hostile URLs and hosts: a file name that climbs out of
/// the models folder, a body longer than declared, a file that changed between two pulls, a removal racing a pull,
/// and Ctrl-C while a large file is hashed. Every host is a loopback server; every file is in a temporary home.
@Suite("genui models pull against hostile inputs", .tags(.integration), .serialized)
struct ModelsPullHostileTests {
    /// A fresh home directory with its models folder.
    static func home() throws -> String {
        let home = try CLI.temporaryDirectory()
        try FileManager.default.createDirectory(
            atPath: home + "/.cache/genui/models", withIntermediateDirectories: true)
        return home
    }

    /// A file of `bytes` random bytes in a folder of its own (outside any test home).
    static func servedFile(bytes: Int) throws -> (path: String, data: Data) {
        let folder = try CLI.temporaryDirectory()
        var generator = SystemRandomNumberGenerator()
        let data = Data((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let path = folder + "/served.bin"
        try data.write(to: URL(fileURLWithPath: path))
        return (path, data)
    }

    /// Every path under `root` (files, folders and links), relative to it.
    static func tree(_ root: String) -> Set<String> {
        Set(FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? [])
    }

    static func size(_ path: String) -> Int64? {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value
    }

    /// Waits until `condition` holds, up to `timeout`.
    /// Starts the isolated binary in the background with `arguments`, its output going to files in `home`.
    static func start(_ arguments: [String], home: String, tag: String) throws -> Process {
        let process = CLI.process(arguments, environment: CLI.freshEnvironment(home: home), directory: home)
        _ = FileManager.default.createFile(atPath: home + "/\(tag).err", contents: nil)
        process.standardError = FileHandle(forWritingAtPath: home + "/\(tag).err")
        try process.run()
        return process
    }

    static func stderr(_ home: String, tag: String) -> String {
        String(decoding: FileManager.default.contents(atPath: home + "/\(tag).err") ?? Data(), as: UTF8.self)
    }

    /// Waits up to `timeout` for `process` to exit; `true` when it did.
    static func exits(_ process: Process, within timeout: Duration) async -> Bool {
        await eventually(within: timeout) { !process.isRunning }
    }

    // MARK: - A file name that climbs out

    @Test(
        "A URL whose file name climbs out of the models folder with %2F (../../escape, ../../../.bash_aliases) is refused by name with --file as the way out, by URL and by catalog name: nothing is written anywhere in the home and the host is never asked"
    )
    func percentEncodedSeparatorsNeverLeaveTheModelsFolder() throws {
        let (served, data) = try Self.servedFile(bytes: 300_000)
        var behaviour = RangeFileServer.Behaviour()
        behaviour.servesAnyPath = true
        let server = try RangeFileServer(file: served, name: "m", behaviour: behaviour)
        defer { server.stop() }
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let before = Self.tree(home)
        let base = server.server.baseURL.absoluteString

        for (path, name) in [
            ("/m/..%2F..%2Fescape", "../../escape"), ("/m/..%2F..%2F..%2F.bash_aliases", "../../../.bash_aliases"),
        ] {
            let result = try CLI.run(
                ["models", "pull", base + path, "--no-verify"], environment: CLI.freshEnvironment(home: home))
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains("\"\(name)\""), "\(result.stderr)")
            #expect(result.stderr.contains("--file"), "\(result.stderr)")
        }
        // The same URL in a models: catalog entry without file: is refused the same way.
        let config = FileManager.default.temporaryDirectory.appendingPathComponent(
            "genui-hostile-\(UUID().uuidString).yml"
        ).path
        defer { try? FileManager.default.removeItem(atPath: config) }
        try """
        version: 1
        providers:
          scripted:
            type: scripted
        models:
          aliases:
            url: \(base)/m/..%2F..%2F..%2F.bash_aliases
            size: \(data.count)
            sha256: \(String(repeating: "0", count: 64))
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let named = try CLI.run(
            ["models", "pull", "aliases", "--config", config], environment: CLI.freshEnvironment(home: home))
        #expect(named.status == 2, "\(named.stderr)")
        #expect(named.stderr.contains("\"../../../.bash_aliases\""), "\(named.stderr)")

        #expect(Self.tree(home) == before)
        #expect(!FileManager.default.fileExists(atPath: home + "/.bash_aliases"))
        #expect(!FileManager.default.fileExists(atPath: home + "/.cache/escape"))
        #expect(server.requests.isEmpty)

        // --file is the user's choice: the same URL installs where it names.
        let chosen = home + "/chosen/model.gguf"
        let pulled = try CLI.run(
            ["models", "pull", base + "/m/..%2F..%2Fescape", "--file", chosen, "--quiet", "--no-verify"],
            environment: CLI.freshEnvironment(home: home))
        #expect(pulled.status == 0, "\(pulled.stderr)")
        #expect(FileManager.default.contents(atPath: chosen) == data)
    }

    // MARK: - More than declared

    @Test(
        "A host sending more than --size is stopped at that size: the error names both numbers, and neither the model nor an oversized partial file stays"
    )
    func bodyLongerThanTheDeclaredSizeIsRefused() throws {
        let (served, data) = try Self.servedFile(bytes: 1_000_000)
        var behaviour = RangeFileServer.Behaviour()
        behaviour.declaresLength = false
        behaviour.trailingBytes = 16 * 1024 * 1024
        let server = try RangeFileServer(file: served, name: "model.gguf", behaviour: behaviour)
        defer { server.stop() }
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let target = home + "/models/model.gguf"
        let result = try CLI.run(
            ["models", "pull", server.url.absoluteString, "--size", "\(data.count)", "--file", target, "--no-verify"],
            environment: CLI.freshEnvironment(home: home))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("more than the 1000000 bytes"), "\(result.stderr)")
        #expect(
            result.stderr.range(of: #"at least [0-9]{7,}\)"#, options: .regularExpression) != nil, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(!FileManager.default.fileExists(atPath: target + ".part"))
        #expect(Self.tree(home + "/models").isEmpty, "\(Self.tree(home + "/models"))")
    }

    // MARK: - A file that changed at the source

    @Test(
        "A pull resumed after the file changed at the same URL sends If-Range with the recorded ETag, gets the whole new file, says the source changed and installs exactly the new file"
    )
    func changedSourceIsNotJoined() throws {
        let (first, _) = try Self.servedFile(bytes: 3_000_000)
        let (second, secondData) = try Self.servedFile(bytes: 3_000_000)
        var behaviour = RangeFileServer.Behaviour()
        behaviour.entityTag = "\"v1\""
        behaviour.cutAtByte = 1_000_000
        let server = try RangeFileServer(file: first, name: "model.gguf", behaviour: behaviour)
        defer { server.stop() }
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let target = home + "/models/model.gguf"
        let arguments = ["models", "pull", server.url.absoluteString, "--file", target, "--no-verify"]
        let cut = try CLI.run(arguments, environment: CLI.freshEnvironment(home: home))
        #expect(cut.status == 1, "\(cut.stderr)")
        #expect(Self.size(target + ".part") == 1_000_000)

        server.update {
            $0.cutAtByte = nil
            $0.servedFile = second
            $0.entityTag = "\"v2\""
        }
        let resumed = try CLI.run(arguments, environment: CLI.freshEnvironment(home: home))
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("changed at the source"), "\(resumed.stderr)")
        #expect(server.requests.last?.header("range") == "bytes=1000000-")
        #expect(server.requests.last?.header("if-range") == "\"v1\"")
        #expect(FileManager.default.contents(atPath: target) == secondData)

        // In German, too (a host of its own: the cut above happens once per host).
        try FileManager.default.removeItem(atPath: target)
        behaviour.cutAtByte = 500_000
        let again = try RangeFileServer(file: first, name: "model.gguf", behaviour: behaviour)
        defer { again.stop() }
        let germanArguments = [
            "models", "pull", again.url.absoluteString, "--file", target, "--locale", "de", "--no-verify",
        ]
        _ = try CLI.run(germanArguments, environment: CLI.freshEnvironment(home: home))
        #expect(Self.size(target + ".part") == 500_000)
        again.update {
            $0.cutAtByte = nil
            $0.servedFile = second
            $0.entityTag = "\"v2\""
        }
        let german = try CLI.run(germanArguments, environment: CLI.freshEnvironment(home: home))
        #expect(german.status == 0, "\(german.stderr)")
        #expect(german.stderr.contains("an der Quelle"), "\(german.stderr)")
        #expect(FileManager.default.contents(atPath: target) == secondData)
    }

    // MARK: - rm and a running pull

    @Test(
        "genui models rm while a resumed pull holds the download lock (before it has written its record) refuses, names the pull, and keeps the partial file; rm --wait removes it once the pull has stopped"
    )
    func removeRespectsTheDownloadLock() async throws {
        let (served, data) = try Self.servedFile(bytes: 2_000_000)
        var behaviour = RangeFileServer.Behaviour()
        behaviour.entityTag = "\"v1\""
        behaviour.cutAtByte = 1_000_000
        let server = try RangeFileServer(file: served, name: "model.gguf", behaviour: behaviour)
        defer { server.stop() }
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let target = home + "/models/model.gguf"
        let partial = target + ".part"
        let config = home + "/providers.yml"
        try """
        version: 1
        providers:
          scripted:
            type: scripted
        models:
          racing:
            url: \(server.url.absoluteString)
            size: \(data.count)
            sha256: \(String(repeating: "0", count: 64))
            file: \(target)
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let pullArguments = ["models", "pull", server.url.absoluteString, "--file", target, "--quiet", "--no-verify"]
        // A first pull, cut: its partial file and a record whose writer is gone.
        let cut = try CLI.run(pullArguments, environment: CLI.freshEnvironment(home: home))
        #expect(cut.status == 1, "\(cut.stderr)")
        #expect(Self.size(partial) == 1_000_000)

        // A second pull takes the lock and waits for a host slow to answer: no new record yet.
        server.update {
            $0.cutAtByte = nil
            $0.headDelay = .seconds(120)
        }
        let puller = try Self.start(pullArguments, home: home, tag: "puller")
        defer {
            if puller.isRunning {
                kill(puller.processIdentifier, SIGKILL)
                puller.waitUntilExit()
            }
        }
        #expect(await eventually(within: .seconds(60)) { server.requests.count == 2 })

        let refused = try CLI.run(
            ["models", "rm", "racing", "--config", config], environment: CLI.freshEnvironment(home: home))
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("holds its download lock"), "\(refused.stderr)")
        #expect(Self.size(partial) == 1_000_000)

        // rm --wait waits for the pull; Ctrl-C stops the pull (its partial kept); then rm removes everything.
        let remover = try Self.start(
            ["models", "rm", "racing", "--config", config, "--wait"], home: home, tag: "remover")
        defer {
            if remover.isRunning {
                kill(remover.processIdentifier, SIGKILL)
                remover.waitUntilExit()
            }
        }
        #expect(
            await eventually(within: .seconds(60)) {
                Self.stderr(home, tag: "remover").contains("waiting for it to end")
            })
        #expect(remover.isRunning)
        #expect(Self.size(partial) == 1_000_000)
        kill(puller.processIdentifier, SIGINT)
        #expect(await Self.exits(puller, within: .seconds(60)))
        #expect(await Self.exits(remover, within: .seconds(60)))
        #expect(remover.terminationStatus == 0, "\(Self.stderr(home, tag: "remover"))")
        #expect(!FileManager.default.fileExists(atPath: partial))
        #expect(!FileManager.default.fileExists(atPath: target + ".part.json"))
        #expect(!FileManager.default.fileExists(atPath: target + ".lock"))
    }

    // MARK: - Ctrl-C while hashing

    /// A sparse file of `bytes` at `path`: no disk used, and hashing it all would take many minutes.
    static func sparseFile(_ path: String, bytes: Int64) throws {
        let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        try #require(fd >= 0, "cannot create \(path)")
        defer { close(fd) }
        try #require(ftruncate(fd, off_t(bytes)) == 0, "the file system does not take a sparse file of \(bytes) bytes")
    }

    @Test(
        "Ctrl-C while genui models pull hashes a resumed 1 TiB partial file stops it promptly (status 130) and keeps the partial file and its record for the next pull"
    )
    func interruptStopsHashingAPartialFile() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes: Int64 = 1 << 40
        try Self.sparseFile(folder + "/big.gguf", bytes: bytes + 1)
        var behaviour = RangeFileServer.Behaviour()
        behaviour.entityTag = "\"v1\""
        let server = try RangeFileServer(file: folder + "/big.gguf", behaviour: behaviour)
        defer { server.stop() }
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let target = home + "/models/big.gguf"
        try FileManager.default.createDirectory(atPath: home + "/models", withIntermediateDirectories: true)
        // What an interrupted pull of this URL left: all but the last byte, and its record.
        try Self.sparseFile(target + ".part", bytes: bytes)
        try """
        {"bytes":\(bytes),"entityTag":"\\"v1\\"","expectedBytes":\(bytes + 1),"name":"\(server.url.absoluteString)","pid":0,"source":"\(server.url.absoluteString)","startedAt":0,"updatedAt":0}
        """.write(toFile: target + ".part.json", atomically: true, encoding: .utf8)

        let puller = try Self.start(
            [
                "models", "pull", server.url.absoluteString, "--file", target, "--size", "\(bytes + 1)", "--force",
                "--sha256", String(repeating: "0", count: 64),
            ],
            home: home, tag: "puller")
        defer {
            if puller.isRunning {
                kill(puller.processIdentifier, SIGKILL)
                puller.waitUntilExit()
            }
        }
        // The last byte arrives at once; then the pull waits for the hash of the whole file.
        #expect(await eventually(within: .seconds(60)) { server.requests.count == 1 })
        #expect(server.requests.first?.header("range") == "bytes=\(bytes)-")
        try await Task.sleep(for: .seconds(2))
        #expect(puller.isRunning)
        kill(puller.processIdentifier, SIGINT)
        #expect(await Self.exits(puller, within: .seconds(60)), "Ctrl-C did not stop the hash")
        #expect(puller.terminationStatus == 130, "\(Self.stderr(home, tag: "puller"))")
        #expect(
            Self.stderr(home, tag: "puller").contains("The partial file is kept"), "\(Self.stderr(home, tag: "puller"))"
        )
        #expect(Self.size(target + ".part") == bytes + 1)
        #expect(FileManager.default.fileExists(atPath: target + ".part.json"))
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test(
        "Ctrl-C while genui models pull hashes a 1 TiB file already installed stops it promptly (status 130) and leaves the file alone"
    )
    func interruptStopsHashingAnInstalledFile() async throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let target = home + "/big.gguf"
        try Self.sparseFile(target, bytes: 1 << 40)
        let puller = try Self.start(
            [
                "models", "pull", "http://127.0.0.1:9/big.gguf", "--file", target, "--sha256",
                String(repeating: "0", count: 64),
            ],
            home: home, tag: "puller")
        defer {
            if puller.isRunning {
                kill(puller.processIdentifier, SIGKILL)
                puller.waitUntilExit()
            }
        }
        try await Task.sleep(for: .seconds(3))
        #expect(puller.isRunning)
        kill(puller.processIdentifier, SIGINT)
        #expect(await Self.exits(puller, within: .seconds(60)), "Ctrl-C did not stop the hash")
        #expect(puller.terminationStatus == 130, "\(Self.stderr(home, tag: "puller"))")
        #expect(Self.size(target) == 1 << 40)
    }
}
