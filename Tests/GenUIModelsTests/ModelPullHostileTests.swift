import Foundation
import GenUITestSupport
import GenUITesting
import Synchronization
import Testing

@testable import GenUIModels
@testable import GenUIOnDevice

#if canImport(Glibc)
    import Glibc
#endif

/// Pulls from hosts and URLs that try to make the downloader write where it should not, join two files, write past
/// the declared size, or trap on a volume's numbers; each test performs the attack against a loopback host and real
/// files in a temporary folder.
@Suite("Model pulls against hostile hosts", .tags(.integration), .serialized)
struct ModelPullHostileTests {
    static func scratch() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "genui-hostile-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A file of `bytes` random bytes in `directory`.
    static func randomFile(_ directory: String, _ name: String, bytes: Int) throws -> (path: String, data: Data) {
        var generator = SystemRandomNumberGenerator()
        let data = Data((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let path = directory + "/" + name
        try data.write(to: URL(fileURLWithPath: path))
        return (path, data)
    }

    static func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    // MARK: - File names taken from URLs

    @Test(
        "A URL's file name that is percent-encoded to climb out of the models folder, hide itself or collide with a download's own files is refused, naming the decoded name"
    )
    func unsafeNamesAreRefused() throws {
        let refused: [(String, String)] = [
            ("http://127.0.0.1:9/m/..%2F..%2F..%2F.bash_aliases", "../../../.bash_aliases"),
            ("http://127.0.0.1:9/m/..%2F..%2Fescape", "../../escape"),
            ("http://127.0.0.1:9/m/%2E%2E", ".."),
            ("http://127.0.0.1:9/m/.bash_aliases", ".bash_aliases"),
            ("http://127.0.0.1:9/m/a%5C..%5Cb", "a\\..\\b"),
            ("http://127.0.0.1:9/m/model%00.gguf", "model\u{0}.gguf"),
            ("http://127.0.0.1:9/m/model%0A.gguf", "model\n.gguf"),
            ("http://127.0.0.1:9/m/model.gguf.part", "model.gguf.part"),
            ("http://127.0.0.1:9/m/model.gguf.part.json", "model.gguf.part.json"),
            ("http://127.0.0.1:9/m/model.gguf.lock", "model.gguf.lock"),
            ("http://127.0.0.1:9/m/", ""),
        ]
        for (text, name) in refused {
            let url = try #require(URL(string: text), "\(text)")
            #expect(throws: ModelDownloadError.unsafeFileName(name), "\(text)") { try ModelFileName.derive(from: url) }
            let entry = ModelCatalogEntry(name: text, url: url, sizeBytes: nil, sha256: nil)
            #expect(throws: ModelDownloadError.unsafeFileName(name), "\(text)") { try entry.installPath() }
            #expect(entry.resolvedFile == nil)
        }
        // A plain name installs in the models folder, decoded once.
        let plain = try #require(URL(string: "https://example.org/org/repo/resolve/main/Model%20Q4.gguf?download=1"))
        let entry = ModelCatalogEntry(name: "plain", url: plain, sizeBytes: nil, sha256: nil)
        let folder = OnDeviceConfiguration(modelPath: ModelFileName.modelsFolder).resolvedModelPath
        #expect(try entry.installPath() == folder + "/Model Q4.gguf")
        // The user's own --file or file: is their choice, whatever the URL's name.
        let chosen = ModelCatalogEntry(
            name: "chosen", url: try #require(URL(string: "http://127.0.0.1:9/m/..%2F..%2Fescape")), sizeBytes: nil,
            sha256: nil, file: "/srv/models/escape.gguf")
        #expect(try chosen.installPath() == "/srv/models/escape.gguf")
    }

    @Test(
        "A planted partial file beside an existing file never replaces it: the pull reports the file installed and leaves its bytes alone"
    )
    func plantedPartialNeverReplacesAnExistingFile() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (served, _) = try Self.randomFile(directory, "served.bin", bytes: 200_000)
        let server = try RangeFileServer(file: served, name: "existing")
        defer { server.stop() }
        let target = directory + "/existing"
        let precious = Data("the user's own file\n".utf8)
        try precious.write(to: URL(fileURLWithPath: target))
        // What an earlier pull of …/existing.part would have left: the server's bytes under the name existing.part.
        try Data(count: 100_000).write(to: URL(fileURLWithPath: DownloadRecord.partialPath(forTarget: target)))

        let result = try await ModelDownloader().pull(ModelSource(name: "existing", url: server.url), to: target)
        #expect(result.alreadyInstalled)
        #expect(Self.contents(target) == precious)
        #expect(server.requests.isEmpty)
    }

    // MARK: - The declared size

    @Test(
        "A server that sends more than the declared size is stopped at that size: an error naming both numbers, and no partial file left"
    )
    func moreThanTheDeclaredSizeIsRefused() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (served, _) = try Self.randomFile(directory, "served.bin", bytes: 1_000_000)
        var behaviour = RangeFileServer.Behaviour()
        behaviour.declaresLength = false
        behaviour.trailingBytes = 16 * 1024 * 1024
        let server = try RangeFileServer(file: served, name: "model.gguf", behaviour: behaviour)
        defer { server.stop() }
        let target = directory + "/models/model.gguf"
        let source = ModelSource(name: "model", url: server.url, expectedBytes: 1_000_000)
        do {
            _ = try await ModelDownloader().pull(source, to: target)
            Issue.record("a body longer than the declared size was installed")
        } catch ModelDownloadError.oversized(let expected, let received) {
            #expect(expected == 1_000_000)
            #expect(received > 1_000_000)
        }
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(!FileManager.default.fileExists(atPath: DownloadRecord.partialPath(forTarget: target)))
        #expect(!FileManager.default.fileExists(atPath: DownloadRecord.recordPath(forTarget: target)))
    }

    static let canMount: Bool = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")

    static func run(_ program: String, _ arguments: [String]) throws {
        let result = try runProcess(program, arguments, timeout: nil)
        try #require(result.status == 0, "\(program) \(arguments) failed: \(result.stderr)")
    }

    @Test(
        "On a small volume (a real 8 MB tmpfs), a host sending far more than the declared 1 MB never fills the disk: the pull stops at the declared size and the volume is left empty",
        .enabled(if: canMount))
    func moreThanTheDeclaredSizeNeverFillsTheDisk() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (served, _) = try Self.randomFile(directory, "served.bin", bytes: 1_000_000)
        var behaviour = RangeFileServer.Behaviour()
        behaviour.declaresLength = false
        behaviour.trailingBytes = 16 * 1024 * 1024
        let server = try RangeFileServer(file: served, name: "model.gguf", behaviour: behaviour)
        defer { server.stop() }
        let volume = directory + "/volume"
        try FileManager.default.createDirectory(atPath: volume, withIntermediateDirectories: true)
        try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", volume])
        defer { try? Self.run("/bin/umount", [volume]) }
        let target = volume + "/model.gguf"
        let options = DownloadOptions(storageMarginBytes: 0)
        do {
            _ = try await ModelDownloader(options: options).pull(
                ModelSource(name: "model", url: server.url, expectedBytes: 1_000_000), to: target)
            Issue.record("a body longer than the declared size was installed")
        } catch ModelDownloadError.oversized(let expected, let received) {
            #expect(expected == 1_000_000)
            #expect(received > 1_000_000)
        }
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: volume)) ?? ["?"]).isEmpty)
    }

    // MARK: - Resuming from the same source only

    /// A pull of `server` cut at `cut` bytes: the partial file and its record stay.
    static func cutPull(_ server: RangeFileServer, to target: String, cut: Int64) async {
        server.update {
            $0.cutAtByte = cut
            $0.cutOnce = true
        }
        _ = try? await ModelDownloader().pull(ModelSource(name: "model", url: server.url), to: target)
        server.update { $0.cutAtByte = nil }
    }

    @Test(
        "A partial file is resumed with If-Range carrying its ETag; when the file changed at the source the server's whole new file replaces it, never joined to the old bytes, and the pull says so"
    )
    func changedFileRestartsFromZero() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (first, _) = try Self.randomFile(directory, "first.bin", bytes: 3_000_000)
        let (second, secondData) = try Self.randomFile(directory, "second.bin", bytes: 3_000_000)
        var behaviour = RangeFileServer.Behaviour()
        behaviour.entityTag = "\"v1\""
        let server = try RangeFileServer(file: first, name: "model.gguf", behaviour: behaviour)
        defer { server.stop() }
        let target = directory + "/model.gguf"
        await Self.cutPull(server, to: target, cut: 1_000_000)
        #expect(DownloadRecord.read(target: target)?.entityTag == "\"v1\"")
        #expect(ModelFileInspector.fileSize(DownloadRecord.partialPath(forTarget: target)) == 1_000_000)

        server.update {
            $0.servedFile = second
            $0.entityTag = "\"v2\""
        }
        let events = Mutex<[DownloadEvent]>([])
        let result = try await ModelDownloader().pull(ModelSource(name: "model", url: server.url), to: target) {
            event in
            events.withLock { $0.append(event) }
        }
        let resumed = try #require(server.requests.last)
        #expect(resumed.header("range") == "bytes=1000000-")
        #expect(resumed.header("if-range") == "\"v1\"")
        #expect(events.withLock { $0 }.contains(.sourceChanged(discardedBytes: 1_000_000, reason: .fileChanged)))
        #expect(result.restartedFromZero)
        #expect(Self.contents(target) == secondData)
    }

    @Test(
        "A server that ignores If-Range and sends the rest of a changed file (another ETag on its 206) makes the pull start over instead of joining two files"
    )
    func ignoredIfRangeStillRestarts() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (first, _) = try Self.randomFile(directory, "first.bin", bytes: 2_000_000)
        let (second, secondData) = try Self.randomFile(directory, "second.bin", bytes: 2_000_000)
        var behaviour = RangeFileServer.Behaviour()
        behaviour.entityTag = "\"v1\""
        let server = try RangeFileServer(file: first, name: "model.gguf", behaviour: behaviour)
        defer { server.stop() }
        let target = directory + "/model.gguf"
        await Self.cutPull(server, to: target, cut: 700_000)
        server.update {
            $0.servedFile = second
            $0.entityTag = "\"v2\""
            $0.ignoresIfRange = true
        }
        let events = Mutex<[DownloadEvent]>([])
        _ = try await ModelDownloader().pull(ModelSource(name: "model", url: server.url), to: target) { event in
            events.withLock { $0.append(event) }
        }
        #expect(events.withLock { $0 }.contains(.sourceChanged(discardedBytes: 700_000, reason: .fileChanged)))
        #expect(server.requests.last?.header("range") == nil)
        #expect(Self.contents(target) == secondData)
    }

    @Test(
        "A partial file from another URL is not resumed from this one: it is discarded, the new source is asked from byte 0, and the pull names the previous source"
    )
    func anotherURLRestartsFromZero() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (first, _) = try Self.randomFile(directory, "first.bin", bytes: 2_000_000)
        let (second, secondData) = try Self.randomFile(directory, "second.bin", bytes: 2_000_000)
        var behaviour = RangeFileServer.Behaviour()
        behaviour.entityTag = "\"same-tag\""
        let one = try RangeFileServer(file: first, name: "model.gguf", behaviour: behaviour)
        defer { one.stop() }
        let two = try RangeFileServer(file: second, name: "model.gguf", behaviour: behaviour)
        defer { two.stop() }
        let target = directory + "/model.gguf"
        await Self.cutPull(one, to: target, cut: 500_000)
        let events = Mutex<[DownloadEvent]>([])
        _ = try await ModelDownloader().pull(ModelSource(name: "model", url: two.url), to: target) { event in
            events.withLock { $0.append(event) }
        }
        let previous = DownloadRecord.displaySource(one.url)
        #expect(
            events.withLock { $0 }.contains(
                .sourceChanged(discardedBytes: 500_000, reason: .differentURL(previous: previous))))
        #expect(two.requests.count == 1)
        #expect(two.requests.first?.header("range") == nil)
        #expect(Self.contents(target) == secondData)
    }

    @Test(
        "A partial file with neither a validator nor an expected SHA-256 to check it by is not resumed: the pull starts from zero and says why"
    )
    func uncheckablePartialRestarts() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (first, _) = try Self.randomFile(directory, "first.bin", bytes: 1_500_000)
        let (second, secondData) = try Self.randomFile(directory, "second.bin", bytes: 1_500_000)
        let server = try RangeFileServer(file: first, name: "model.gguf")
        defer { server.stop() }
        let target = directory + "/model.gguf"
        await Self.cutPull(server, to: target, cut: 400_000)
        server.update { $0.servedFile = second }
        let events = Mutex<[DownloadEvent]>([])
        _ = try await ModelDownloader().pull(ModelSource(name: "model", url: server.url), to: target) { event in
            events.withLock { $0.append(event) }
        }
        #expect(events.withLock { $0 }.contains(.sourceChanged(discardedBytes: 400_000, reason: .unverifiable)))
        #expect(server.requests.last?.header("range") == nil)
        #expect(Self.contents(target) == secondData)
    }

    // MARK: - Cancelling the hash

    @Test("Cancelling a pull while it hashes a large file already installed ends it promptly with CancellationError")
    func hashingStopsWhenCancelled() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/big.gguf"
        // A sparse file of 1 TiB: reading it costs no disk, hashing all of it would take many minutes.
        let fd = open(target, O_CREAT | O_WRONLY, 0o644)
        try #require(fd >= 0)
        let sized = ftruncate(fd, 1 << 40)
        close(fd)
        try #require(sized == 0, "the file system does not take a sparse file of 1 TiB")
        let source = ModelSource(
            name: "big", url: try #require(URL(string: "http://127.0.0.1:9/big.gguf")),
            sha256: String(repeating: "0", count: 64))
        let pull = Task { try await ModelDownloader().pull(source, to: target) }
        try await Task.sleep(for: .seconds(1))
        let cancelled = ContinuousClock.now
        pull.cancel()
        await #expect(throws: CancellationError.self) { _ = try await pull.value }
        #expect(ContinuousClock.now - cancelled < .seconds(30))
    }

    // MARK: - The volume's numbers

    @Test("Free space from block counts whose product does not fit in 64 bits is clamped, never a trap")
    func freeSpaceNeverOverflows() throws {
        #expect(freeBytes(blocks: UInt64.max, blockSize: 4096) == Int64.max)
        #expect(freeBytes(blocks: 1 << 62, blockSize: 4) == Int64.max)
        #expect(freeBytes(blocks: UInt64(Int64.max) + 1, blockSize: 1) == Int64.max)
        #expect(freeBytes(blocks: 1_000, blockSize: 4096) == 4_096_000)
        #expect(freeBytes(blocks: 0, blockSize: 4096) == 0)
        // The real probe goes through the same arithmetic.
        let free = try #require(DeviceResources.current.freeSpace(FileManager.default.temporaryDirectory.path))
        #expect(free.bytes >= 0)
    }
}
