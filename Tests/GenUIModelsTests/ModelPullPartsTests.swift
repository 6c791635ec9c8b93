import Foundation
import GenUI
import GenUIModels
import GenUITestSupport
import GenUITesting
import Synchronization
import Testing

@testable import GenUIOnDevice

/// Pulls in parallel ranged parts against the loopback range server serving the real SmolLM2 GGUF: the file ends
/// byte-identical, an interrupted pull resumes part by part, a stalled or cut part is fetched again on a new
/// connection, a changed source restarts, a server without ranges gets one connection, and one writer holds.
@Suite("Model pulls in parts", .tags(.unit), .serialized)
struct ModelPullPartsTests {
    typealias Fixture = ModelDownloadTests

    static let modelExists = Fixture.modelExists
    static var total: Int64 { Fixture.modelBytes }

    /// The parts of a fresh pull of the model on the tests' 4 connections: a first round of 1, 2, 3 and 4 MiB, parts of
    /// 4 MiB (a 64th of the file, at least 4 MiB), and a last round of three parts shrinking in steps.
    static var layout: [(start: Int64, length: Int64)] { PullPartsLayout.parts(total: total, connections: 4) }

    /// The Range header of each part of a fresh pull of the model.
    static var partRanges: [String] { PullPartsLayout.ranges(total: total, connections: 4) }

    /// The first byte of part `index` (from 0).
    static func partStart(_ index: Int) -> Int64 { layout[index].start }

    /// The first and last byte of each `bytes=A-B` range among `requests`, sorted.
    static func closedRanges(_ requests: some Sequence<LoopbackRequest>) -> [ClosedRange<Int64>] {
        requests.compactMap { request -> ClosedRange<Int64>? in
            guard let header = request.header("range"), header.hasPrefix("bytes=") else { return nil }
            let bounds = header.dropFirst(6).split(separator: "-")
            guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]) else { return nil }
            return first...last
        }.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// Whether `ranges` (sorted) cover `0..<total` exactly: no gap, no overlap.
    static func tile(_ ranges: [ClosedRange<Int64>]) -> Bool {
        var next: Int64 = 0
        for range in ranges {
            guard range.lowerBound == next else { return false }
            next = range.upperBound + 1
        }
        return next == total
    }

    /// Options for tests: quick backoff, a short stall, a record written often, and every part asked for on a
    /// request of its own: no path counts as fast, so every connection opens after the first 5 ms window and none
    /// asks for a run of parts (the tests of the ramp and of runs set their own rate).
    static func options(
        connections: Int = 4, stall: Duration = .seconds(30), retries: Int = 6
    ) -> DownloadOptions {
        DownloadOptions(
            recordInterval: .milliseconds(100), connections: connections, partStallTimeout: stall, partRetries: retries,
            partBackoff: .milliseconds(50), fastConnectionBytesPerSecond: .infinity)
    }

    /// Runs `body` with a loopback host serving the model with `behaviour` and the target of a pull in a new scratch
    /// folder; both are gone afterwards.
    static func withHost(
        _ behaviour: RangeFileServer.Behaviour = RangeFileServer.Behaviour(),
        _ body: (RangeFileServer, _ target: String) async throws -> Void
    ) async throws {
        let server = try RangeFileServer(file: Fixture.modelPath, name: "model.gguf", behaviour: behaviour)
        defer { server.stop() }
        let directory = try Fixture.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await body(server, directory + "/model.gguf")
    }

    /// The events a pull reports, in order.
    final class EventLog: Sendable {
        private let events = Mutex<[DownloadEvent]>([])
        func hear(_ event: DownloadEvent) { events.withLock { $0.append(event) } }
        var all: [DownloadEvent] { events.withLock { $0 } }
    }

    @Test(
        "A pull on four connections asks once for each part's range (the ranges tile the file), never has more than four at once, writes each part at its offset, and ends byte-identical with the right digest",
        .enabled(if: modelExists))
    func parallelPullIsByteIdentical() async throws {
        var behaviour = RangeFileServer.Behaviour()
        behaviour.throttleBytesPerSecond = 32 * 1024 * 1024
        try await Self.withHost(behaviour) { server, target in
            let log = EventLog()
            let result = try await ModelDownloader(options: Self.options()).pull(
                Fixture.source(server), to: target, events: { log.hear($0) })
            #expect(result.verified)
            #expect(result.sha256 == Fixture.modelDigest)
            #expect(result.fetchedBytes == Self.total)
            #expect(try FileDigest.sha256(path: target).digest == Fixture.modelDigest)
            #expect(Fixture.listing((target as NSString).deletingLastPathComponent) == ["model.gguf"])
            // A question for the first byte (its 206 gives the size and says ranges are taken), then one per part.
            #expect(server.rangeRequests.first == "bytes=0-0")
            #expect(server.requests.count == 1 + Self.partRanges.count)
            for range in Self.partRanges { #expect(server.count(range: range) == 1, "\(range)") }
            #expect(Self.tile(Self.closedRanges(server.requests.dropFirst())))
            // Four parts at once (each takes about 125 ms at this rate), and the question's connection closing.
            #expect(server.server.peakConcurrentRequests >= 4)
            #expect(server.server.peakConcurrentRequests <= 5)
            #expect(!log.all.contains(.oneConnection))
        }
    }

    /// Options whose path always counts as fast: two connections, asking for runs of parts once the first 5 ms
    /// window has passed (whatever the machine's load, this never opens more).
    static func fastPathOptions() -> DownloadOptions {
        var options = Self.options(connections: 8)
        options.fastConnectionBytesPerSecond = 0
        return options
    }

    /// The first byte of every part on 8 connections, and the byte after the last.
    static var boundaries: Set<Int64> {
        Set(PullPartsLayout.parts(total: total, connections: 8).map(\.start) + [total])
    }

    @Test(
        "On a path shown to be fast a pull keeps to its first two connections and asks for runs of parts: fewer requests than parts, each from a part's start to a part's end and at most 16 MiB unless one part, together asking for every byte once; the file byte-identical",
        .enabled(if: modelExists))
    func fastPathAsksForRunsOfParts() async throws {
        try await Self.withHost { server, target in
            let result = try await ModelDownloader(options: Self.fastPathOptions()).pull(
                Fixture.source(server), to: target)
            #expect(result.verified)
            #expect(try FileDigest.sha256(path: target).digest == Fixture.modelDigest)
            let asked = RequestedRanges.parse(server.rangeRequests.dropFirst())
            #expect(asked.allSatisfy { $0 != nil })
            let ranges = asked.compactMap { $0 }
            let layout = PullPartsLayout.parts(total: Self.total, connections: 8)
            #expect(RequestedRanges.ask(ranges, forExactly: layout.map { $0.start...($0.start + $0.length - 1) }))
            #expect(ranges.count < layout.count)
            for range in ranges {
                #expect(
                    Self.boundaries.contains(range.lowerBound) && Self.boundaries.contains(range.upperBound + 1),
                    "\(range)")
                let onePart = layout.contains { $0.start == range.lowerBound && $0.length == Int64(range.count) }
                #expect(onePart || range.count <= 16 << 20, "\(range)")
            }
            // Two requests at once, and the question's connection closing.
            #expect(server.server.peakConcurrentRequests <= 3)
        }
    }

    @Test(
        "A run of parts whose connection is cut fetches the part it was writing again from its first missing byte, and the parts after it on other requests; the file byte-identical",
        .enabled(if: modelExists))
    func cutRunIsResumedPartByPart() async throws {
        let cut = Self.total * 3 / 4 + 12345
        var behaviour = RangeFileServer.Behaviour()
        behaviour.cutAtByte = cut
        try await Self.withHost(behaviour) { server, target in
            let result = try await ModelDownloader(options: Self.fastPathOptions()).pull(
                Fixture.source(server), to: target)
            #expect(result.verified)
            #expect(result.fetchedBytes == Self.total)
            #expect(try FileDigest.sha256(path: target).digest == Fixture.modelDigest)
            let ranges = RequestedRanges.parse(server.rangeRequests.dropFirst()).compactMap { $0 }
            // The request that was cut, then one from the cut byte on.
            #expect(ranges.contains { $0.lowerBound < cut && $0.upperBound >= cut })
            #expect(ranges.contains { $0.lowerBound == cut })
            #expect(RequestedRanges.covered(ranges) == [0...(Self.total - 1)])
        }
    }

    @Test(
        "An interrupted pull keeps each part's progress in the record; the next pull asks only for the missing range of each unfinished part, and never again for a finished one",
        .enabled(if: modelExists))
    func resumesPartByPart() async throws {
        // The eleventh part's connection is cut 1 MiB into it; without retries the pull stops there.
        let cut = Self.partStart(10) + (1 << 20)
        var behaviour = RangeFileServer.Behaviour()
        behaviour.cutAtByte = cut
        behaviour.entityTag = "\"v1\""
        try await Self.withHost(behaviour) { server, target in
            await #expect(throws: ModelDownloadError.self) {
                _ = try await ModelDownloader(options: Self.options(retries: 0)).pull(
                    Fixture.source(server), to: target)
            }
            let record = try #require(DownloadRecord.read(target: target))
            let parts = try #require(record.parts)
            #expect(parts.count == Self.partRanges.count)
            #expect(parts[10].done == 1 << 20)
            var contiguous: Int64 = 0
            for part in parts {
                contiguous = part.start + part.done
                if part.done < part.length { break }
            }
            #expect(contiguous <= cut)
            #expect(record.bytes == parts.reduce(0) { $0 + $1.done })
            #expect(record.entityTag == "\"v1\"")
            // Other readers see the parts' sum, not the size of a file with gaps.
            #expect(
                ModelFileInspector(path: target, declaredBytes: Self.total).inspect()
                    == .stalePartial(record, bytes: record.bytes))

            let before = server.requests.count
            let result = try await ModelDownloader(options: Self.options()).pull(Fixture.source(server), to: target)
            #expect(result.verified)
            #expect(result.fetchedBytes == Self.total - record.bytes)
            #expect(!result.restartedFromZero)
            #expect(try FileDigest.sha256(path: target).digest == Fixture.modelDigest)
            let resumed = Array(server.requests.dropFirst(before))
            // The question asks for the first missing byte, with If-Range; then each unfinished part is asked for from
            // its first missing byte, once; finished parts are not asked for again.
            #expect(resumed.first?.header("range") == "bytes=\(contiguous)-\(contiguous)")
            #expect(resumed.allSatisfy { $0.header("if-range") == "\"v1\"" })
            let missing = parts.filter { $0.done < $0.length }.map {
                "bytes=\($0.start + $0.done)-\($0.start + $0.length - 1)"
            }
            #expect(resumed.dropFirst().compactMap { $0.header("range") }.sorted() == missing.sorted())
            for (index, part) in parts.enumerated() where part.done == part.length {
                #expect(server.count(range: Self.partRanges[index]) == 1, "part \(index + 1) was asked for again")
            }
        }
    }

    @Test(
        "A part whose connection stalls is given up after the stall timeout and fetched again from its first missing byte on a new connection; the pull completes",
        .enabled(if: modelExists))
    func stalledPartIsRetried() async throws {
        let stall = Self.partStart(5) + (1 << 20)
        var behaviour = RangeFileServer.Behaviour()
        behaviour.stallAtByte = stall
        try await Self.withHost(behaviour) { server, target in
            let started = ContinuousClock.now
            let result = try await ModelDownloader(options: Self.options(stall: .seconds(2))).pull(
                Fixture.source(server), to: target)
            #expect(ContinuousClock.now - started >= .seconds(2))
            #expect(result.verified)
            #expect(try FileDigest.sha256(path: target).digest == Fixture.modelDigest)
            #expect(server.count(range: "bytes=\(stall)-\(Self.partStart(6) - 1)") == 1)
            #expect(server.requests.count == 1 + Self.partRanges.count + 1)
        }
    }

    @Test(
        "A part whose connection is cut is fetched again from its first missing byte while the other parts go on",
        .enabled(if: modelExists))
    func cutPartIsRetried() async throws {
        let cut = Self.partStart(20) + 12345
        var behaviour = RangeFileServer.Behaviour()
        behaviour.cutAtByte = cut
        try await Self.withHost(behaviour) { server, target in
            let result = try await ModelDownloader(options: Self.options()).pull(Fixture.source(server), to: target)
            #expect(result.verified)
            #expect(try FileDigest.sha256(path: target).digest == Fixture.modelDigest)
            #expect(server.count(range: "bytes=\(cut)-\(Self.partStart(21) - 1)") == 1)
            #expect(server.requests.count == 1 + Self.partRanges.count + 1)
        }
    }

    @Test(
        "A source changed between two pulls (another ETag) discards the parts, restarts from zero saying so, and installs the new file",
        .enabled(if: modelExists))
    func changedSourceRestarts() async throws {
        let directory = try Fixture.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The new version: the model with one byte changed in its middle.
        let changed = directory + "/changed.gguf"
        try FileManager.default.copyItem(atPath: Fixture.modelPath, toPath: changed)
        let handle = try #require(FileHandle(forUpdatingAtPath: changed))
        try handle.seek(toOffset: UInt64(Self.total / 2))
        try handle.write(contentsOf: Data([0x5A]))
        try handle.close()
        let changedDigest = try FileDigest.sha256(path: changed).digest
        #expect(changedDigest != Fixture.modelDigest)

        var behaviour = RangeFileServer.Behaviour()
        behaviour.cutAtByte = Self.total / 8
        behaviour.entityTag = "\"v1\""
        let server = try RangeFileServer(file: Fixture.modelPath, name: "model.gguf", behaviour: behaviour)
        defer { server.stop() }
        let target = directory + "/model.gguf"
        await #expect(throws: ModelDownloadError.self) {
            _ = try await ModelDownloader(options: Self.options(retries: 0)).pull(Fixture.source(server), to: target)
        }
        let held = try #require(DownloadRecord.read(target: target)).bytes
        #expect(held > 0)

        server.update {
            $0.servedFile = changed
            $0.entityTag = "\"v2\""
        }
        let before = server.requests.count
        let log = EventLog()
        let result = try await ModelDownloader(options: Self.options()).pull(
            Fixture.source(server, sha256: changedDigest), to: target, events: { log.hear($0) })
        #expect(result.restartedFromZero)
        #expect(result.fetchedBytes == Self.total)
        #expect(log.all.contains(.sourceChanged(discardedBytes: held, reason: .fileChanged)))
        #expect(try FileDigest.sha256(path: target).digest == changedDigest)
        // The question carried the old version's If-Range; every part of the new file was then asked for with the new
        // one.
        let after = server.requests.dropFirst(before)
        #expect(after.first?.header("if-range") == "\"v1\"")
        #expect(after.dropFirst().allSatisfy { $0.header("if-range") == "\"v2\"" })
        #expect(after.dropFirst().compactMap { $0.header("range") }.sorted() == Self.partRanges.sorted())
    }

    @Test(
        "Behind a redirect to another origin, every part is asked for at the redirect's target, and none carries the token",
        .enabled(if: modelExists))
    func partsFollowTheRedirectWithoutTheToken() async throws {
        let cdn = try RangeFileServer(file: Fixture.modelPath)
        defer { cdn.stop() }
        var behaviour = RangeFileServer.Behaviour()
        behaviour.redirectTo = cdn.url
        let host = try RangeFileServer(file: Fixture.modelPath, behaviour: behaviour)
        defer { host.stop() }
        let directory = try Fixture.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/model.gguf"
        let result = try await ModelDownloader(options: Self.options()).pull(
            Fixture.source(host, token: "gated-token-123"), to: target)
        #expect(result.sha256 == Fixture.modelDigest)
        #expect(host.requests.count == 1)
        #expect(host.requests.first?.header("authorization") == "Bearer gated-token-123")
        #expect(cdn.requests.count == 1 + Self.partRanges.count)
        #expect(cdn.requests.allSatisfy { $0.header("authorization") == nil })
        #expect(Self.tile(Self.closedRanges(cdn.requests.dropFirst())))
    }

    @Test(
        "A server without Range support is pulled on one connection, and the pull says so",
        .enabled(if: modelExists))
    func serverWithoutRangesGetsOneConnection() async throws {
        var behaviour = RangeFileServer.Behaviour()
        behaviour.honoursRange = false
        try await Self.withHost(behaviour) { server, target in
            let log = EventLog()
            let result = try await ModelDownloader(options: Self.options(connections: 8)).pull(
                Fixture.source(server), to: target, events: { log.hear($0) })
            #expect(result.verified)
            #expect(try FileDigest.sha256(path: target).digest == Fixture.modelDigest)
            #expect(server.requests.count == 1)
            #expect(log.all.contains(.oneConnection))
        }
    }

    @Test(
        "While a pull in parts runs, other readers see one figure (the parts' sum) and a second pull is refused naming the one writer; with --wait it finds the model installed",
        .enabled(if: modelExists))
    func concurrentPullsHaveOneWriter() async throws {
        var behaviour = RangeFileServer.Behaviour()
        behaviour.throttleBytesPerSecond = 6 * 1024 * 1024
        try await Self.withHost(behaviour) { server, target in
            let first = Task {
                try await ModelDownloader(options: Self.options()).pull(Fixture.source(server), to: target)
            }
            defer { first.cancel() }
            #expect(
                await eventually(within: .seconds(60)) {
                    (DownloadRecord.read(target: target)?.bytes ?? 0) > 8 * 1024 * 1024
                })

            let record = try #require(DownloadRecord.read(target: target))
            let parts = try #require(record.parts)
            #expect(record.bytes == parts.reduce(0) { $0 + $1.done })
            let probe = OnDeviceAvailabilityProbe(
                configuration: OnDeviceConfiguration(modelPath: target, declaredModelBytes: Self.total),
                locator: LlamaServerLocator(configuredPath: "/bin/sh"), resources: .current)
            guard case .unavailable(.modelNotReady(let progress?, let detail?)) = probe.check() else {
                Issue.record("expected modelNotReady with progress, got \(probe.check())")
                return
            }
            #expect(progress > 0 && progress < 1)
            let numbers = try #require(ModelDownloadProgress(detail: detail), "\(detail)")
            #expect(numbers.bytes < Self.total)

            do {
                _ = try await ModelDownloader(options: Self.options()).pull(Fixture.source(server), to: target)
                Issue.record("a second writer was allowed")
            } catch ModelDownloadError.busy(let pid, let record) {
                #expect(pid == getpid())
                #expect(record?.parts?.count == Self.partRanges.count)
            }
            var waiting = Self.options()
            waiting.waitForOtherWriter = true
            let second = try await ModelDownloader(options: waiting).pull(Fixture.source(server), to: target)
            #expect(second.alreadyInstalled)
            #expect(second.sha256 == Fixture.modelDigest)
            let installed = try await first.value
            #expect(installed.sha256 == Fixture.modelDigest)
            // Only the first pull's question and its parts reached the server.
            #expect(server.requests.count == 1 + Self.partRanges.count)
        }
    }
}

extension ModelPullPartsTests {
    @Test(
        "A record whose parts do not tile the file (overlapping parts, or more claimed than the partial holds) is not trusted: the pull starts from zero and installs the exact file",
        .enabled(if: modelExists), arguments: [false, true])
    func untrustedPartsRestart(overlapping: Bool) async throws {
        try await Self.withHost { server, target in
            // A partial of wrong bytes, and a record claiming parts of it.
            let half = Self.total / 2
            let garbage = Data(repeating: 0xAB, count: 1 << 20)
            #expect(
                FileManager.default.createFile(atPath: DownloadRecord.partialPath(forTarget: target), contents: garbage)
            )
            let parts =
                overlapping
                ? [
                    DownloadRecord.Part(start: 0, length: half + 10, done: 1 << 20),
                    DownloadRecord.Part(start: half, length: Self.total - half),
                ]
                : [
                    DownloadRecord.Part(start: 0, length: half, done: half),
                    DownloadRecord.Part(start: half, length: Self.total - half),
                ]
            let record = DownloadRecord(
                name: "smollm2", source: DownloadRecord.displaySource(server.url), expectedBytes: Self.total,
                bytes: 1 << 20,
                bytesPerSecond: nil, pid: 1, startedAt: 0, updatedAt: 0, parts: parts)
            try Data(record.encoded()).write(to: URL(fileURLWithPath: DownloadRecord.recordPath(forTarget: target)))

            let result = try await ModelDownloader(options: Self.options()).pull(Fixture.source(server), to: target)
            #expect(result.fetchedBytes == Self.total)
            #expect(try FileDigest.sha256(path: target).digest == Fixture.modelDigest)
            #expect(server.rangeRequests.first == "bytes=0-0")
        }
    }
}
