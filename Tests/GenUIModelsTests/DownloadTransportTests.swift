import Foundation
import GenUITestSupport
import GenUITesting
import Synchronization
import Testing

@testable import GenUIModels

/// The parts under `genui models pull`'s transfer: the session that hands the body to the file, and the hash that
/// follows the file.
@Suite("Model download transport", .tags(.unit), .serialized)
struct DownloadTransportTests {
    static func scratchFile(bytes: Int) throws -> (path: String, data: Data) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("genui-transport-\(UUID().uuidString)")
            .path
        var generator = SystemRandomNumberGenerator()
        let data = Data((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try data.write(to: URL(fileURLWithPath: path))
        return (path, data)
    }

    @Test("A body that has wholly arrived before the sink is attached reaches the sink whole and in order")
    func bodyBeforeSink() async throws {
        let (path, data) = try Self.scratchFile(bytes: 300_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let server = try RangeFileServer(file: path, name: "body.bin")
        defer { server.stop() }
        let session = DownloadSession()
        let exchange = try await session.open(url: server.url, headers: [:], headTimeout: .seconds(30))
        #expect(exchange.responseHead.status == 200)
        // The body flows as soon as the head has arrived (and here ends) before a sink is attached.
        try await Task.sleep(for: .milliseconds(500))
        let received = Mutex(Data())
        try await exchange.receive { chunk in received.withLock { $0.append(chunk) } }
        #expect(received.withLock { $0 } == data)
    }

    @Test(
        "A body cut short after it arrived, before the sink is attached, still reaches the sink: the bytes that came are kept, and the cut is reported"
    )
    func cutBodyBeforeSinkIsKept() async throws {
        let (path, data) = try Self.scratchFile(bytes: 400_000)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var behaviour = RangeFileServer.Behaviour()
        behaviour.cutAtByte = 300_000
        let server = try RangeFileServer(file: path, name: "body.bin", behaviour: behaviour)
        defer { server.stop() }
        let session = DownloadSession()
        let exchange = try await session.open(url: server.url, headers: [:], headTimeout: .seconds(30))
        try await Task.sleep(for: .milliseconds(500))
        let received = Mutex(Data())
        await #expect(throws: (any Error).self) {
            try await exchange.receive { chunk in received.withLock { $0.append(chunk) } }
        }
        #expect(received.withLock { $0 } == data.prefix(300_000))
    }

    @Test(
        "A fast body far larger than what is held in memory before the sink is attached goes to an unnamed file in the download's folder, never fails, and reaches the sink whole and in order"
    )
    func largeBodyBeforeSinkSpillsToDisk() async throws {
        // 80 MiB (more than the 64 MiB a response may leave unread): 1 MiB blocks, each starting with its number.
        var data = Data(capacity: 80 << 20)
        for block in 0..<80 {
            var piece = Data(repeating: UInt8(block), count: 1 << 20)
            piece.replaceSubrange(0..<8, with: withUnsafeBytes(of: UInt64(block).bigEndian) { Data($0) })
            data.append(piece)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "genui-transport-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/body.bin"
        try data.write(to: URL(fileURLWithPath: path))
        let spillFolder = folder + "/download"
        try FileManager.default.createDirectory(atPath: spillFolder, withIntermediateDirectories: true)
        let server = try RangeFileServer(file: path, name: "body.bin")
        defer { server.stop() }
        let session = DownloadSession(spillFolder: spillFolder)
        let exchange = try await session.open(url: server.url, headers: [:], headTimeout: .seconds(30))
        // The caller is slow to attach its sink (a busy thread pool): the body keeps arriving meanwhile.
        try await Task.sleep(for: .seconds(2))
        let received = Mutex(Data())
        try await exchange.receive { chunk in received.withLock { $0.append(chunk) } }
        #expect(received.withLock { $0 } == data)
        #expect(try FileManager.default.contentsOfDirectory(atPath: spillFolder).isEmpty)
    }

    @Test(
        "The partial file's SHA-256 covers the bytes already there and every byte appended; after truncation, only the new ones"
    )
    func digestFollowsTheFile() throws {
        let (path, prefix) = try Self.scratchFile(bytes: 1_500_000 + 123)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let partial = try PartialFile(path: path)
        #expect(partial.bytes == Int64(prefix.count))
        var generator = SystemRandomNumberGenerator()
        for size in [16_384, 1, 2_500_000, 16_384, 777] {
            try partial.append(Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        }
        try partial.sync()
        #expect(try partial.digest() == FileDigest.sha256(path: path).digest)

        let again = try PartialFile(path: path)
        try again.truncate()
        try again.append(Data("after a restart from zero".utf8))
        try again.sync()
        #expect(try again.digest() == FileDigest.sha256(path: path).digest)
        #expect(again.bytes == Int64("after a restart from zero".utf8.count))
        again.close()
        partial.close()
    }

}
