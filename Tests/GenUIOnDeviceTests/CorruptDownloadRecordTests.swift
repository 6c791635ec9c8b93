import Foundation
import GenUI
import GenUITestSupport
import Testing

@testable import GenUIOnDevice

#if canImport(Glibc)
    import Glibc
#endif

/// A `MODEL.part.json` genui never wrote (hand-edited, corrupt, planted) beside a model: its numbers must not trap an
/// app's availability check, whatever they are; it reads as absent, leaving the partial file alone.
@Suite("A corrupt download record", .tags(.unit))
struct CorruptDownloadRecordTests {
    /// A record whose two parts are 9e18 bytes each, all of them done: the sum of the parts' bytes is past Int64.
    static func corruptRecord(pid: Int32) -> String {
        #"{"name":"m","source":"http://127.0.0.1/model.gguf","expectedBytes":1000,"bytes":500,"pid":\#(pid),"#
            + #""startedAt":0,"updatedAt":0,"parts":[{"start":0,"length":9000000000000000000,"done":9000000000000000000},"#
            + #"{"start":9000000000000000000,"length":9000000000000000000,"done":9000000000000000000}]}"#
    }

    /// Records that decode but whose numbers genui never writes, each with why.
    static let inconsistentParts: [(String, String)] = [
        (
            "two parts of 9e18 bytes",
            #"[{"start":0,"length":9000000000000000000,"done":9000000000000000000},{"start":9000000000000000000,"length":9000000000000000000,"done":9000000000000000000}]"#
        ),
        ("a gap between parts", #"[{"start":0,"length":500,"done":0},{"start":600,"length":400,"done":0}]"#),
        ("overlapping parts", #"[{"start":0,"length":600,"done":0},{"start":500,"length":500,"done":0}]"#),
        ("more done than the part's length", #"[{"start":0,"length":1000,"done":1001}]"#),
        ("a negative done", #"[{"start":0,"length":1000,"done":-1}]"#),
        ("a part of length 0", #"[{"start":0,"length":0,"done":0},{"start":0,"length":1000,"done":0}]"#),
        ("parts ending before the file's size", #"[{"start":0,"length":999,"done":0}]"#),
        ("no parts at all", #"[]"#),
    ]

    let folder: TemporaryFolder
    let server: String

    init() throws {
        folder = try TemporaryFolder()
        server = try folder.executable("llama-server")
    }

    var target: String { folder.path + "/model.gguf" }

    /// Holds the download lock of `target` as a live puller would, for as long as the returned descriptor is open.
    func holdLock() throws -> Int32 {
        let fd = open(DownloadRecord.lockPath(forTarget: target), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(fd >= 0)
        try #require(flock(fd, LOCK_EX | LOCK_NB) == 0)
        return fd
    }

    @Test(
        "an app's availability check reads a record of two 9e18-byte parts as absent: the partial file alone is modelNotReady, with a live writer or a stopped one"
    )
    func availabilityReadsCorruptRecordAsAbsent() async throws {
        try folder.write("model.gguf.part", bytes: [UInt8](repeating: 7, count: 250))
        var configuration = OnDeviceConfiguration(
            name: "probe", modelPath: target, serverPath: server, contextSize: 2048)
        configuration.declaredModelBytes = 1000
        for live in [false, true] {
            // With a live writer (this process, holding the lock), an unchecked record would be shown as downloading.
            let lock = live ? try holdLock() : -1
            defer { if lock >= 0 { close(lock) } }
            try Self.corruptRecord(pid: live ? getpid() : 0)
                .write(toFile: DownloadRecord.recordPath(forTarget: target), atomically: true, encoding: .utf8)
            #expect(DownloadRecord.read(target: target) == nil, "live writer: \(live)")
            let model = OnDeviceLanguageModel(
                configuration: configuration, resources: OnDeviceAvailabilityTests.roomyDevice)
            let availability = await model.availability
            guard case .unavailable(.modelNotReady(let progress, let detail)) = availability else {
                Issue.record("live writer \(live): expected modelNotReady from the partial file, got \(availability)")
                continue
            }
            #expect(progress == 0.25, "live writer: \(live)")
            #expect(detail?.contains("model.gguf.part") == true, "live writer: \(live): \(detail ?? "")")
        }
    }

    @Test("every record whose parts do not tile the file exactly reads as absent; a record genui writes still reads")
    func inconsistentPartsReadAsAbsent() throws {
        let path = DownloadRecord.recordPath(forTarget: target)
        for (why, parts) in Self.inconsistentParts {
            try
                #"{"name":"m","source":"s","expectedBytes":1000,"bytes":0,"pid":0,"startedAt":0,"updatedAt":0,"parts":\#(parts)}"#
                .write(toFile: path, atomically: true, encoding: .utf8)
            #expect(DownloadRecord.read(target: target) == nil, "\(why)")
        }
        // Parts without the file's size cannot tile it either.
        try
            #"{"name":"m","source":"s","bytes":0,"pid":0,"startedAt":0,"updatedAt":0,"parts":[{"start":0,"length":10,"done":0}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(DownloadRecord.read(target: target) == nil)
        // What genui writes reads back: so the check above can fail.
        let written = DownloadRecord(
            name: "m", source: "s", expectedBytes: 1000, bytes: 300, bytesPerSecond: nil, pid: 0, startedAt: 0,
            updatedAt: 0, parts: [.init(start: 0, length: 600, done: 200), .init(start: 600, length: 400, done: 100)])
        try Data(written.encoded()).write(to: URL(fileURLWithPath: path))
        #expect(DownloadRecord.read(target: target) == written)
        #expect(written.heldBytes(fileSize: 1000) == 300)
        let plain = DownloadRecord(
            name: "m", source: "s", expectedBytes: nil, bytes: 42, bytesPerSecond: nil, pid: 0, startedAt: 0,
            updatedAt: 0)
        try Data(plain.encoded()).write(to: URL(fileURLWithPath: path))
        #expect(DownloadRecord.read(target: target) == plain)
    }

    @Test("the held bytes of a record never checked saturate instead of trapping")
    func heldBytesSaturate() {
        let huge = DownloadRecord(
            name: "m", source: "s", expectedBytes: nil, bytes: 0, bytesPerSecond: nil, pid: 0, startedAt: 0,
            updatedAt: 0,
            parts: [.init(start: 0, length: .max, done: .max), .init(start: 0, length: .max, done: .max)])
        #expect(!huge.isConsistent)
        #expect(huge.heldBytes(fileSize: .max) == .max)
        #expect(huge.heldBytes(fileSize: 250) == 250)
    }
}
