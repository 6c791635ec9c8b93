import Foundation
import GenUIOnDevice
import GenUITestSupport
import GenUITesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `genui models pull` in parallel parts as a user runs it: progress seen by `genui doctor` in another process, the
/// puller killed with SIGKILL in the middle, and the next pull asking only for the missing ranges.
@Suite("genui models pull in parts", .tags(.integration), .serialized)
struct ModelsPullPartsCommandTests {
    typealias Fixture = ModelsCommandTests

    @Test(
        "A pull on four connections killed with SIGKILL mid-pull keeps each part's progress; doctor showed it live as modelNotReady; the next pull asks the server only for the missing ranges and installs the exact file",
        .enabled(if: Fixture.modelExists))
    func killedPullResumesOnlyMissingRanges() async throws {
        var behaviour = RangeFileServer.Behaviour()
        behaviour.throttleBytesPerSecond = 2 * 1024 * 1024
        behaviour.entityTag = "\"gguf-1\""
        let server = try RangeFileServer(file: Fixture.modelPath, behaviour: behaviour)
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("genui-parts-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let target = home + "/models/model.gguf"
        let arguments = [
            "models", "pull", server.url.absoluteString, "--sha256", Fixture.digest, "--file", target, "--quiet",
            "--connections", "4",
        ]

        let puller = try ModelsPullHostileTests.start(arguments, home: home, tag: "puller")
        defer { if puller.isRunning { kill(puller.processIdentifier, SIGKILL) } }

        // Until a part is finished (4 MiB at 2 MB/s each) and others are under way.
        let deadline = ContinuousClock.now + .seconds(60)
        while !(DownloadRecord.read(target: target)?.parts?.contains { $0.isComplete } ?? false)
            && ContinuousClock.now < deadline
        {
            try await Task.sleep(for: .milliseconds(50))
        }
        let live = try Fixture.doctor(target: target, home: home)
        #expect(live.contains("modelNotReady"), "\(live)")
        let progress = try #require(Fixture.progress(in: live), "\(live)")
        #expect(progress > 0 && progress < 1)

        kill(puller.processIdentifier, SIGKILL)
        puller.waitUntilExit()
        let record = try #require(DownloadRecord.read(target: target))
        let parts = try #require(record.parts)
        // The documented layout on four connections (a first round of 1 to 4 MiB, then parts of 4 MiB), some finished,
        // some begun, the rest not yet.
        let total = Fixture.fileSize(Fixture.modelPath)
        #expect(parts.map(\.start) == PullPartsLayout.parts(total: total, connections: 4).map(\.start))
        #expect(parts.contains { $0.done == $0.length })
        #expect(parts.contains { $0.done < $0.length })
        var contiguous: Int64 = 0
        for part in parts {
            contiguous = part.start + part.done
            if part.done < part.length { break }
        }
        let stale = try Fixture.doctor(target: target, home: home)
        #expect(stale.contains("modelNotInstalled"), "\(stale)")

        let before = server.requests.count
        server.update { $0.throttleBytesPerSecond = nil }
        let resumed = try CLI.run(arguments, environment: CLI.freshEnvironment(home: home))
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let requests = Array(server.requests.dropFirst(before))
        // The question from the first missing byte, then exactly the missing bytes: each part begun from where the
        // record says it stopped, no byte twice (on this fast path parts not begun may share a request).
        #expect(requests.first?.header("range") == "bytes=\(contiguous)-\(contiguous)")
        let missing = parts.filter { $0.done < $0.length }.map { ($0.start + $0.done)...($0.start + $0.length - 1) }
        let asked = RequestedRanges.parse(requests.dropFirst().map { $0.header("range") })
        #expect(asked.allSatisfy { $0 != nil })
        #expect(RequestedRanges.ask(asked.compactMap { $0 }, forExactly: missing), "\(asked)")
        #expect(requests.allSatisfy { $0.header("if-range") == "\"gguf-1\"" })
        #expect(Fixture.fileSize(target) == Fixture.fileSize(Fixture.modelPath))
        #expect(!FileManager.default.fileExists(atPath: target + ".part"))
        #expect(!FileManager.default.fileExists(atPath: target + ".part.json"))
    }

    @Test(
        "A pull in parts whose writes hit a file-size limit (EFBIG, as a full disk fails with ENOSPC) stops with low storage and installs nothing; the record claims only bytes that are the model's, and the next pull asks only for the missing ranges and installs the exact file",
        .enabled(if: Fixture.modelExists))
    func fileSizeLimitDuringPullInParts() throws {
        var behaviour = RangeFileServer.Behaviour()
        behaviour.entityTag = "\"gguf-1\""
        let server = try RangeFileServer(file: Fixture.modelPath, behaviour: behaviour)
        defer { server.stop() }
        let home = try Fixture.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let target = home + "/model.gguf"
        let limit: Int64 = 8 << 20
        let layout = PullPartsLayout.parts(total: Fixture.fileSize(Fixture.modelPath), connections: 2)
        let arguments = [
            "models", "pull", server.url.absoluteString, "--sha256", Fixture.digest, "--file", target, "--json",
            "--connections", "2",
        ]
        // Two connections take the parts in file order (2 MiB, then 4 MiB parts): the third part (6 to 10 MiB) starts
        // only once one of the first two has ended, and stops at the limit; the fourth (from 10 MiB) starts only once
        // both have, and its first write fails. Whichever fails first stops the pull.
        #expect(layout.prefix(4).map(\.start) == [0, 2 << 20, 6 << 20, 10 << 20])
        let failed = try CLI.run(arguments, environment: CLI.freshEnvironment(home: home), fileSizeLimit: Int(limit))
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(failed.stdout.contains("\"event\":\"failed\""), "\(failed.stdout)")
        #expect(!failed.stdout.contains("\"event\":\"installed\""), "\(failed.stdout)")
        #expect(failed.stderr.lowercased().contains("storage") || failed.stderr.contains("disk"), "\(failed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(Fixture.fileSize(target + ".part") <= limit)

        let record = try #require(DownloadRecord.read(target: target))
        let parts = try #require(record.parts)
        #expect(parts.count >= 4)
        #expect(parts.map(\.start) == layout.map(\.start))
        #expect(parts.prefix(2).contains { $0.isComplete })
        #expect(!parts[2].isComplete)
        #expect(parts.dropFirst(3).allSatisfy { $0.done == 0 })
        #expect(record.bytes == parts.reduce(0) { $0 + $1.done })
        #expect(record.bytes >= layout[0].length && record.bytes <= limit)
        // Every byte the record claims is the model's.
        let written = try Data(contentsOf: URL(fileURLWithPath: target + ".part"))
        let original = try Data(contentsOf: URL(fileURLWithPath: Fixture.modelPath))
        for part in parts where part.done > 0 {
            let range = Int(part.start)..<Int(part.start + part.done)
            #expect(written.count >= range.upperBound && written[range] == original[range], "\(part)")
        }

        let before = server.requests.count
        let resumed = try CLI.run(arguments, environment: CLI.freshEnvironment(home: home))
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.contains("\"verified\":true"), "\(resumed.stdout)")
        let requests = Array(server.requests.dropFirst(before))
        var contiguous: Int64 = 0
        for part in parts {
            contiguous = part.start + part.done
            if !part.isComplete { break }
        }
        // The question from the first missing byte, then exactly the missing bytes, each part begun from where the
        // record says it stopped.
        #expect(requests.first?.header("range") == "bytes=\(contiguous)-\(contiguous)")
        let missing = parts.filter { !$0.isComplete }.map { ($0.start + $0.done)...($0.start + $0.length - 1) }
        let asked = RequestedRanges.parse(requests.dropFirst().map { $0.header("range") })
        #expect(asked.allSatisfy { $0 != nil })
        #expect(RequestedRanges.ask(asked.compactMap { $0 }, forExactly: missing), "\(asked)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == original)
        #expect(!FileManager.default.fileExists(atPath: target + ".part"))
    }

    @Test("--connections outside 1 to 16 is a usage error (64) in the user's language, before anything is contacted")
    func connectionsOutOfRange() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("genui-parts-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        for (value, locale, expected) in [
            ("17", "en", "--connections 17 is out of range: give a whole number from 1 to 16"),
            ("0", "de", "--connections 0 liegt außerhalb des Bereichs: Gib eine ganze Zahl von 1 bis 16 an"),
        ] {
            let result = try CLI.run(
                [
                    "models", "pull", "http://127.0.0.1:9/model.gguf", "--sha256", Fixture.digest, "--connections",
                    value,
                    "--locale", locale,
                ],
                environment: CLI.freshEnvironment(home: home))
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stderr.contains(expected), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: home + "/.cache/genui/models/model.gguf"))
    }
}
