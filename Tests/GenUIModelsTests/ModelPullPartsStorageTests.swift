import Foundation
import GenUI
import GenUITestSupport
import GenUITesting
import Testing

@testable import GenUIModels
@testable import GenUIOnDevice

#if canImport(Glibc)
    import Glibc
#endif

/// Pulls in parallel parts that run out of room: a real tmpfs filling up while the parts are written at their
/// offsets (ENOSPC), and a partial file left by parts on a volume too small for the rest.
@Suite("Model pulls in parts on a full disk", .tags(.unit), .serialized)
struct ModelPullPartsStorageTests {
    typealias Fixture = ModelDownloadTests
    typealias Parts = ModelPullPartsTests

    static var total: Int64 { Fixture.modelBytes }

    /// Whether each part's first `done` bytes in `partial` are the model's bytes at that offset.
    static func partsHoldTheModel(_ parts: [DownloadRecord.Part], partial: String) throws -> Bool {
        let written = try FileHandle(forReadingFrom: URL(fileURLWithPath: partial))
        defer { try? written.close() }
        let original = try FileHandle(forReadingFrom: URL(fileURLWithPath: Fixture.modelPath))
        defer { try? original.close() }
        for part in parts where part.done > 0 {
            try written.seek(toOffset: UInt64(part.start))
            try original.seek(toOffset: UInt64(part.start))
            let mine = try written.read(upToCount: Int(part.done))
            guard mine?.count == Int(part.done), mine == (try original.read(upToCount: Int(part.done))) else {
                return false
            }
        }
        return true
    }

    /// Fills what is left of the volume at `volume` with a file named `filler`, until the volume refuses even a
    /// one-byte write. A write interrupted by a signal is tried again: a stray signal must not leave room behind.
    /// Returns the bytes written and the `errno` of the last refused write, for the failure messages.
    @discardableResult
    static func fill(_ volume: String) -> (bytes: Int, errno: Int32) {
        let fd = open(volume + "/filler", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return (0, errno) }
        defer { close(fd) }
        let block = [UInt8](repeating: 0, count: 1 << 20)
        var size = block.count
        var total = 0
        var refusal: Int32 = 0
        while size > 0 {
            let written = block.withUnsafeBytes { write(fd, $0.baseAddress, size) }
            if written > 0 {
                total += written
                continue
            }
            if written < 0 && errno == EINTR { continue }
            refusal = errno
            // Full: the last pages go in ever smaller writes.
            size /= 2
        }
        return (total, refusal)
    }

    @Test(
        "A partial file of parts as large as the whole model but holding only its last part is not counted as the whole: on a volume without room for the rest, the pull is refused with lowStorage before the first byte",
        .enabled(if: Fixture.modelExists && Fixture.canMount))
    func sparsePartialCountsOnlyItsParts() async throws {
        let server = try RangeFileServer(file: Fixture.modelPath, name: "model.gguf")
        defer { server.stop() }
        try await Fixture.withTmpfs(megabytes: 24) { volume in
            let target = volume + "/model.gguf"
            let partial = DownloadRecord.partialPath(forTarget: target)
            // The last part written at its offset, nothing before it: a file with a gap of 92 MiB.
            var parts = PartPlan.split(total: Self.total, connections: 4)
            let last = try #require(parts.last)
            parts[parts.count - 1].done = last.length
            let original = try FileHandle(forReadingFrom: URL(fileURLWithPath: Fixture.modelPath))
            defer { try? original.close() }
            try original.seek(toOffset: UInt64(last.start))
            let bytes = try #require(try original.read(upToCount: Int(last.length)))
            _ = FileManager.default.createFile(atPath: partial, contents: nil)
            let file = try #require(FileHandle(forWritingAtPath: partial))
            try file.seek(toOffset: UInt64(last.start))
            try file.write(contentsOf: bytes)
            try file.close()
            #expect(ModelFileInspector.fileSize(partial) == Self.total)
            let record = DownloadRecord(
                name: "smollm2", source: DownloadRecord.displaySource(server.url), expectedBytes: Self.total,
                bytes: last.length, bytesPerSecond: nil, pid: 1, startedAt: 0, updatedAt: 0, parts: parts)
            try Data(record.encoded()).write(to: URL(fileURLWithPath: DownloadRecord.recordPath(forTarget: target)))

            do {
                _ = try await ModelDownloader(options: Parts.options()).pull(Fixture.source(server), to: target)
                Issue.record("pulled onto a volume without room for the rest")
            } catch ModelDownloadError.unavailable(.lowStorage(let required, let available, let shown)) {
                #expect(required == Self.total - last.length + DownloadOptions().storageMarginBytes)
                #expect(available < required)
                #expect(shown == volume)
            }
            #expect(server.requests.isEmpty)
            #expect(Fixture.listing(volume) == ["model.gguf.part", "model.gguf.part.json"])
        }
    }

    /// The options of a pull in parts that reserves no room: a volume that cannot reserve space (or one filled
    /// before the reservation) is the only way a disk fills up under a pull.
    static var unreserved: DownloadOptions {
        var options = Parts.options()
        options.reservesSpace = false
        return options
    }

    @Test(
        "Without a reservation (a file system that cannot reserve space), a disk that fills up while four parts are written at their offsets (ENOSPC on a real tmpfs) stops the pull with lowStorage and installs nothing; the record claims only bytes that are the model's, and the next pull asks only for the missing ranges and installs the exact file",
        .enabled(if: Fixture.modelExists && Fixture.canMount))
    func diskFullDuringPullInParts() async throws {
        var behaviour = RangeFileServer.Behaviour()
        // Slow enough (the whole file takes 25 s on four connections) that a test task the busy pool wakes seconds
        // late still fills the disk while most of the file is missing.
        behaviour.throttleBytesPerSecond = 1024 * 1024
        behaviour.entityTag = "\"v1\""
        let server = try RangeFileServer(file: Fixture.modelPath, name: "model.gguf", behaviour: behaviour)
        defer { server.stop() }
        try await Fixture.withTmpfs(megabytes: 150) { volume in
            let target = volume + "/model.gguf"
            let partial = DownloadRecord.partialPath(forTarget: target)
            let pull = Task {
                try await ModelDownloader(options: Self.unreserved).pull(Fixture.source(server), to: target)
            }
            // Until a part is finished (4 MiB at 1 MiB/s) while the others are under way.
            #expect(
                await eventually(within: .seconds(60)) {
                    DownloadRecord.read(target: target)?.parts?.contains { $0.isComplete } ?? false
                })
            let filler = Self.fill(volume)
            do {
                _ = try await pull.value
                Issue.record(
                    "the pull finished on a full disk (the filler wrote \(filler.bytes) bytes, then errno \(filler.errno))"
                )
            } catch ModelDownloadError.unavailable(.lowStorage(let required, _, let shown)) {
                let recorded = DownloadRecord.read(target: target)?.bytes ?? 0
                #expect(required > 0)
                #expect(required <= Self.total - recorded)
                #expect(shown == volume)
            }
            #expect(!FileManager.default.fileExists(atPath: target))

            // What the record claims is written, and is the model's: a record it could not rewrite on the full disk
            // is an older one, which claims less.
            let record = try #require(DownloadRecord.read(target: target))
            let parts = try #require(record.parts)
            let size = try #require(ModelFileInspector.fileSize(partial))
            #expect(PartPlan.isValid(parts, total: Self.total, fileSize: size))
            #expect(parts.contains { $0.isComplete })
            #expect(record.bytes == PartPlan.heldBytes(parts))
            #expect(try Self.partsHoldTheModel(parts, partial: partial))
            let contiguous = PartPlan.contiguousBytes(parts)

            try FileManager.default.removeItem(atPath: volume + "/filler")
            server.update { $0.throttleBytesPerSecond = nil }
            let before = server.requests.count
            let resumed = try await ModelDownloader(options: Self.unreserved).pull(Fixture.source(server), to: target)
            #expect(resumed.verified)
            #expect(!resumed.restartedFromZero)
            #expect(resumed.fetchedBytes == Self.total - record.bytes)
            #expect(try FileDigest.sha256(path: target).digest == Fixture.modelDigest)
            #expect(Fixture.listing(volume) == ["model.gguf"])
            let requests = Array(server.requests.dropFirst(before))
            #expect(requests.first?.header("range") == "bytes=\(contiguous)-\(contiguous)")
            let missing = parts.filter { !$0.isComplete }.map {
                "bytes=\($0.start + $0.done)-\($0.start + $0.length - 1)"
            }
            #expect(requests.dropFirst().compactMap { $0.header("range") }.sorted() == missing.sorted())
        }
    }
}
