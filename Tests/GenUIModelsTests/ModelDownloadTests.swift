import Foundation
import GenUI
import GenUIConfig
import GenUIModels
import GenUITestSupport
import GenUITesting
import Synchronization
import Testing

@testable import GenUIOnDevice

/// The downloader against a loopback host serving the real SmolLM2 GGUF: full pulls, resumes, wrong bytes,
/// redirects, one writer, full disks, and what other readers see meanwhile.
@Suite("Model downloads", .tags(.llamaServer), .serialized)
struct ModelDownloadTests {
    static let modelPath = OnDeviceRuntime.modelPath
    static let modelExists = FileManager.default.fileExists(atPath: modelPath)
    static let modelBytes: Int64 =
        (try? FileManager.default.attributesOfItem(atPath: modelPath)[.size] as? NSNumber)?
        .int64Value ?? 0
    /// The model's SHA-256, computed here with the library's file hasher.
    static let modelDigest: String = (try? FileDigest.sha256(path: modelPath).digest) ?? ""

    /// Pulls on one connection: the tests of that path (a cut resumed with `Range: bytes=N-`, a server ignoring Range,
    /// the request count behind a redirect, a throttled single stream); pulls in parts are `ModelPullPartsTests`'.
    static let oneConnection = DownloadOptions(connections: 1)

    static func scratch() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("genui-pull-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    static func source(_ server: RangeFileServer, sha256: String? = modelDigest, token: String? = nil) -> ModelSource {
        ModelSource(name: "smollm2", url: server.url, expectedBytes: modelBytes, sha256: sha256, token: token)
    }

    static func listing(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    /// Waits until `condition` holds, up to `timeout`.
    @Test(
        "A full pull installs the exact file, verified, and leaves no partial, record or lock behind",
        .enabled(if: modelExists))
    func fullPull() async throws {
        let server = try RangeFileServer(file: Self.modelPath)
        defer { server.stop() }
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/model.gguf"
        let result = try await ModelDownloader(options: Self.oneConnection).pull(Self.source(server), to: target)
        #expect(result.verified)
        #expect(result.sha256 == Self.modelDigest)
        #expect(result.bytes == Self.modelBytes)
        #expect(result.fetchedBytes == Self.modelBytes)
        #expect(try FileDigest.sha256(path: target).digest == Self.modelDigest)
        #expect(Self.listing(directory) == ["model.gguf"])
        #expect(server.requests.first?.header("range") == nil)
    }

    @Test(
        "A connection cut at 40 % keeps the partial; the next pull asks only for the rest with Range",
        .enabled(if: modelExists))
    func resumeAfterCut() async throws {
        let cut = Self.modelBytes * 2 / 5
        var behaviour = RangeFileServer.Behaviour()
        behaviour.cutAtByte = cut
        let server = try RangeFileServer(file: Self.modelPath, behaviour: behaviour)
        defer { server.stop() }
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/model.gguf"

        await #expect(throws: ModelDownloadError.self) {
            _ = try await ModelDownloader(options: Self.oneConnection).pull(Self.source(server), to: target)
        }
        let partial = DownloadRecord.partialPath(forTarget: target)
        #expect(ModelFileInspector.fileSize(partial) == cut)
        #expect(!FileManager.default.fileExists(atPath: target))
        // The writer has stopped: others see a stale partial that resumes by the pull's name.
        let record = try #require(DownloadRecord.read(target: target))
        #expect(record.bytes == cut)
        #expect(record.name == "smollm2")
        #expect(
            ModelFileInspector(path: target, declaredBytes: Self.modelBytes).inspect()
                == .stalePartial(record, bytes: cut))

        let result = try await ModelDownloader(options: Self.oneConnection).pull(Self.source(server), to: target)
        #expect(result.verified)
        #expect(result.fetchedBytes == Self.modelBytes - cut)
        #expect(!result.restartedFromZero)
        #expect(server.requests.count == 2)
        #expect(server.requests.last?.header("range") == "bytes=\(cut)-")
        #expect(try FileDigest.sha256(path: target).digest == Self.modelDigest)
        #expect(Self.listing(directory) == ["model.gguf"])
    }

    @Test("A server that ignores Range makes the pull start over from zero, and says so", .enabled(if: modelExists))
    func serverWithoutRangeRestarts() async throws {
        var behaviour = RangeFileServer.Behaviour()
        behaviour.cutAtByte = Self.modelBytes / 4
        let server = try RangeFileServer(file: Self.modelPath, behaviour: behaviour)
        defer { server.stop() }
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/model.gguf"
        _ = try? await ModelDownloader(options: Self.oneConnection).pull(Self.source(server), to: target)
        server.update { $0.honoursRange = false }
        let events = Mutex<[DownloadEvent]>([])
        let result = try await ModelDownloader(options: Self.oneConnection).pull(Self.source(server), to: target) {
            event in
            events.withLock { $0.append(event) }
        }
        #expect(result.restartedFromZero)
        #expect(result.fetchedBytes == Self.modelBytes)
        #expect(events.withLock { $0 }.contains(.restartedFromZero(discardedBytes: Self.modelBytes / 4)))
        #expect(try FileDigest.sha256(path: target).digest == Self.modelDigest)
    }

    @Test(
        "Wrong bytes: the digest mismatch names both digests, and nothing stays (no model, no partial)",
        .enabled(if: modelExists))
    func wrongDigestRemovesPartial() async throws {
        var behaviour = RangeFileServer.Behaviour()
        behaviour.corrupt = true
        let server = try RangeFileServer(file: Self.modelPath, behaviour: behaviour)
        defer { server.stop() }
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/model.gguf"
        do {
            _ = try await ModelDownloader().pull(Self.source(server), to: target)
            Issue.record("a corrupted file was installed")
        } catch ModelDownloadError.checksumMismatch(let expected, let actual) {
            #expect(expected == Self.modelDigest)
            #expect(actual != Self.modelDigest && actual.count == 64)
        }
        #expect(Self.listing(directory).isEmpty)
        #expect(ModelFileInspector(path: target, declaredBytes: Self.modelBytes).inspect() == .absent)
    }

    @Test("A redirect to another origin is followed, and the token is not sent there", .enabled(if: modelExists))
    func redirectDropsAuthorizationAcrossOrigins() async throws {
        let cdn = try RangeFileServer(file: Self.modelPath)
        defer { cdn.stop() }
        var behaviour = RangeFileServer.Behaviour()
        behaviour.redirectTo = cdn.url
        let host = try RangeFileServer(file: Self.modelPath, behaviour: behaviour)
        defer { host.stop() }
        #expect(host.server.port != cdn.server.port)
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/model.gguf"
        let result = try await ModelDownloader(options: Self.oneConnection).pull(
            Self.source(host, token: "gated-token-123"), to: target)
        #expect(result.verified)
        #expect(host.requests.first?.header("authorization") == "Bearer gated-token-123")
        #expect(cdn.requests.count == 1)
        #expect(cdn.requests.first?.header("authorization") == nil)
    }

    @Test(
        "While a pull runs, availability reads its record (modelNotReady, progress strictly between 0 and 1) and a second pull of the same model is refused, naming the writer",
        .enabled(if: modelExists))
    func liveDownloadIsVisibleAndHasOneWriter() async throws {
        var behaviour = RangeFileServer.Behaviour()
        behaviour.throttleBytesPerSecond = 8 * 1024 * 1024
        let server = try RangeFileServer(file: Self.modelPath, behaviour: behaviour)
        defer { server.stop() }
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/model.gguf"
        let options = DownloadOptions(recordInterval: .milliseconds(100), connections: 1)
        let first = Task { try await ModelDownloader(options: options).pull(Self.source(server), to: target) }
        defer { first.cancel() }
        #expect(await eventually(within: .seconds(60)) { (DownloadRecord.read(target: target)?.bytes ?? 0) > 0 })

        let probe = OnDeviceAvailabilityProbe(
            configuration: OnDeviceConfiguration(modelPath: target, declaredModelBytes: Self.modelBytes),
            locator: LlamaServerLocator(configuredPath: "/bin/sh"), resources: .current)
        guard case .unavailable(.modelNotReady(let progress?, let detail?)) = probe.check() else {
            Issue.record("expected modelNotReady with progress, got \(probe.check())")
            return
        }
        #expect(progress > 0 && progress < 1)
        let numbers = try #require(ModelDownloadProgress(detail: detail), "\(detail)")
        #expect(numbers.expectedBytes == Self.modelBytes)
        #expect(numbers.bytes > 0 && numbers.bytes < Self.modelBytes)

        do {
            _ = try await ModelDownloader().pull(Self.source(server), to: target)
            Issue.record("a second writer was allowed")
        } catch ModelDownloadError.busy(let pid, let record) {
            #expect(pid == getpid())
            #expect((record?.bytes ?? 0) > 0)
        }
        first.cancel()
        await #expect(throws: CancellationError.self) { _ = try await first.value }
        // Cancelled (Ctrl-C): the partial stays, and with no writer it is stale.
        #expect(FileManager.default.fileExists(atPath: DownloadRecord.partialPath(forTarget: target)))
        guard case .unavailable(.modelNotInstalled(let name)) = probe.check() else {
            Issue.record("expected modelNotInstalled for a stale partial, got \(probe.check())")
            return
        }
        #expect(name == "smollm2")
    }

    @Test(
        "Too little memory is refused as deviceNotEligible before anything is written, unless forced",
        .enabled(if: modelExists))
    func tooLittleMemory() async throws {
        let server = try RangeFileServer(file: Self.modelPath)
        defer { server.stop() }
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/models/model.gguf"
        var resources = DeviceResources.current
        resources.totalMemoryBytes = { 64 * 1024 * 1024 }
        do {
            _ = try await ModelDownloader(options: DownloadOptions(resources: resources)).pull(
                Self.source(server), to: target)
            Issue.record("pulled a model too large for the memory")
        } catch ModelDownloadError.unavailable(.deviceNotEligible(let detail)) {
            #expect(detail.contains("--force"))
        }
        #expect(Self.listing(directory).isEmpty)
        #expect(server.requests.isEmpty)
        let forced = try await ModelDownloader(options: DownloadOptions(force: true, resources: resources))
            .pull(Self.source(server), to: target)
        #expect(forced.verified)
    }

    // MARK: - Full disks (a real tmpfs)

    static let canMount: Bool = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")

    static func withTmpfs(megabytes: Int, _ body: (String) async throws -> Void) async throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", directory])
        defer { try? run("/bin/umount", [directory]) }
        try await body(directory)
    }

    static func run(_ program: String, _ arguments: [String]) throws {
        let result = try runProcess(program, arguments, timeout: nil)
        guard result.status == 0 else {
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [NSLocalizedDescriptionKey: "\(program) \(arguments) failed: \(result.stderr)"])
        }
    }

    @Test(
        "Not enough free space before starting: lowStorage naming the volume, and nothing is written",
        .enabled(if: modelExists && canMount))
    func lowStorageBeforeStart() async throws {
        let server = try RangeFileServer(file: Self.modelPath)
        defer { server.stop() }
        try await Self.withTmpfs(megabytes: 20) { volume in
            let target = volume + "/models/model.gguf"
            do {
                _ = try await ModelDownloader().pull(Self.source(server), to: target)
                Issue.record("pulled onto a volume too small")
            } catch ModelDownloadError.unavailable(.lowStorage(let required, let available, let shown)) {
                #expect(required >= Self.modelBytes)
                #expect(available <= 20 * 1024 * 1024)
                #expect(shown == volume)
            }
            #expect(Self.listing(volume).isEmpty)
            #expect(server.requests.isEmpty)
        }
    }

    @Test(
        "Without a reservation (a file system that cannot reserve space), a disk that fills up mid-download (ENOSPC): lowStorage with the numbers, the partial intact and resumable",
        .enabled(if: modelExists && canMount))
    func diskFullMidDownload() async throws {
        var behaviour = RangeFileServer.Behaviour()
        // Slow enough (the whole file takes 25 s) that a test task the busy pool wakes seconds late still fills the
        // disk while most of the file is missing.
        behaviour.throttleBytesPerSecond = 4 * 1024 * 1024
        let server = try RangeFileServer(file: Self.modelPath, behaviour: behaviour)
        defer { server.stop() }
        try await Self.withTmpfs(megabytes: 150) { volume in
            let target = volume + "/model.gguf"
            let partial = DownloadRecord.partialPath(forTarget: target)
            var unreserved = Self.oneConnection
            unreserved.reservesSpace = false
            let pull = Task { try await ModelDownloader(options: unreserved).pull(Self.source(server), to: target) }
            #expect(
                await eventually(within: .seconds(60)) { (ModelFileInspector.fileSize(partial) ?? 0) > 8 * 1024 * 1024 }
            )
            // Something else takes the rest of the disk.
            if let filler = FileHandle(forWritingAtPath: volume + "/filler")
                ?? {
                    _ = FileManager.default.createFile(atPath: volume + "/filler", contents: nil)
                    return FileHandle(forWritingAtPath: volume + "/filler")
                }()
            {
                let block = Data(count: 1 << 20)
                while (try? filler.write(contentsOf: block)) != nil {}
                try? filler.close()
            }
            do {
                _ = try await pull.value
                Issue.record("the pull finished on a full disk")
            } catch ModelDownloadError.unavailable(.lowStorage(let required, _, let shown)) {
                let kept = ModelFileInspector.fileSize(partial) ?? 0
                #expect(required == Self.modelBytes - kept)
                #expect(shown == volume)
            }
            // The partial holds exactly the first bytes of the model.
            let kept = try Data(contentsOf: URL(fileURLWithPath: partial))
            let original = try FileHandle(forReadingFrom: URL(fileURLWithPath: Self.modelPath))
            defer { try? original.close() }
            #expect(kept.count > 0)
            #expect(try original.read(upToCount: kept.count) == kept)
            // The record could not be rewritten on the full disk, but it still names the download for a resume.
            #expect(DownloadRecord.read(target: target)?.name == "smollm2")
            server.update { $0.throttleBytesPerSecond = nil }
            try FileManager.default.removeItem(atPath: volume + "/filler")
            let resumed = try await ModelDownloader(options: unreserved).pull(Self.source(server), to: target)
            #expect(resumed.verified)
            #expect(resumed.fetchedBytes == Self.modelBytes - Int64(kept.count))
        }
    }
}
