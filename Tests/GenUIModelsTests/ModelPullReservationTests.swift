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

/// The room a pull reserves on its volume before the body (Linux `fallocate`), on a real tmpfs: what nothing else can
/// take while the pull runs, a volume that cannot hold it, and a resume that counts it as its own.
@Suite("Model pulls reserve their room", .tags(.unit), .serialized)
struct ModelPullReservationTests {
    typealias Fixture = ModelDownloadTests
    typealias Parts = ModelPullPartsTests
    typealias Storage = ModelPullPartsStorageTests

    /// Free bytes on the volume at `path`, as the system reports them.
    static func freeBytes(_ path: String) -> Int64 {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return -1 }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }

    @Test(
        "Another writer filling the volume in the middle of a pull in parts cannot stop it: the room was reserved before the first byte, the filler gets only what was left, and the file installs verified",
        .enabled(if: Fixture.modelExists && Fixture.canMount))
    func reservedRoomOutlastsAFullDisk() async throws {
        var behaviour = RangeFileServer.Behaviour()
        behaviour.throttleBytesPerSecond = 4 * 1024 * 1024
        let server = try RangeFileServer(file: Fixture.modelPath, name: "model.gguf", behaviour: behaviour)
        defer { server.stop() }
        try await Fixture.withTmpfs(megabytes: 150) { volume in
            let target = volume + "/model.gguf"
            let pull = Task {
                try await ModelDownloader(options: Parts.options()).pull(Fixture.source(server), to: target)
            }
            #expect(
                await eventually(within: .seconds(60)) { (DownloadRecord.read(target: target)?.bytes ?? 0) > 4 << 20 })
            let held = DownloadRecord.read(target: target)?.bytes ?? 0
            #expect(held < Fixture.modelBytes / 2)
            Storage.fill(volume)
            let filler = try #require(ModelFileInspector.fileSize(volume + "/filler"))
            // The filler took what the reservation left, not the room of the bytes still to come.
            #expect(filler < 150 * 1024 * 1024 - Fixture.modelBytes)
            server.update { $0.throttleBytesPerSecond = nil }
            let result = try await pull.value
            #expect(result.verified)
            #expect(try FileDigest.sha256(path: target).digest == Fixture.modelDigest)
            #expect(Fixture.listing(volume) == ["filler", "model.gguf"])
        }
    }

    @Test(
        "A volume that cannot hold the reservation is lowStorage before anything is asked of the server, with the whole model as the room required, and gives back every block it took",
        .enabled(if: Fixture.modelExists && Fixture.canMount))
    func unreservableRoomIsLowStorageBeforeTheRequest() async throws {
        let server = try RangeFileServer(file: Fixture.modelPath, name: "model.gguf")
        defer { server.stop() }
        try await Fixture.withTmpfs(megabytes: 48) { volume in
            let target = volume + "/models/model.gguf"
            let free = Self.freeBytes(volume)
            // A probe that misreads the volume's free space (as a network volume can): the check before the pull
            // passes, and only the reservation finds out.
            var options = Parts.options()
            options.resources = DeviceResources(
                freeSpace: { _ in (bytes: 1 << 40, volume: volume) }, totalMemoryBytes: { nil }, cpuFeatures: { nil })
            do {
                _ = try await ModelDownloader(options: options).pull(Fixture.source(server), to: target)
                Issue.record("pulled onto a volume too small for the model")
            } catch ModelDownloadError.unavailable(.lowStorage(let required, _, let shown)) {
                #expect(required == Fixture.modelBytes)
                #expect(shown == volume)
            }
            #expect(server.requests.isEmpty)
            #expect(Fixture.listing(volume + "/models").isEmpty)
            #expect(Self.freeBytes(volume) == free)
        }
    }

    @Test(
        "A pull interrupted after reserving its room resumes on a volume whose free space is less than what is missing: the room it reserved is its own, so the resume is not refused as lowStorage",
        .enabled(if: Fixture.modelExists && Fixture.canMount))
    func reservedRoomCountsForTheResume() async throws {
        var behaviour = RangeFileServer.Behaviour()
        behaviour.throttleBytesPerSecond = 4 * 1024 * 1024
        let server = try RangeFileServer(file: Fixture.modelPath, name: "model.gguf", behaviour: behaviour)
        defer { server.stop() }
        try await Fixture.withTmpfs(megabytes: 120) { volume in
            let target = volume + "/model.gguf"
            let pull = Task {
                try await ModelDownloader(options: Parts.options()).pull(Fixture.source(server), to: target)
            }
            #expect(
                await eventually(within: .seconds(60)) {
                    DownloadRecord.read(target: target)?.parts?.contains { $0.isComplete } ?? false
                })
            pull.cancel()
            _ = await pull.result
            let held = try #require(DownloadRecord.read(target: target)).bytes
            let missing = Fixture.modelBytes - held
            // Without the reservation counted, the rest and the margin would not fit in what is free.
            #expect(Self.freeBytes(volume) < missing + DownloadOptions().storageMarginBytes)

            server.update { $0.throttleBytesPerSecond = nil }
            let resumed = try await ModelDownloader(options: Parts.options()).pull(Fixture.source(server), to: target)
            #expect(resumed.verified)
            #expect(!resumed.restartedFromZero)
            #expect(resumed.fetchedBytes == missing)
            #expect(Fixture.listing(volume) == ["model.gguf"])
        }
    }
}
