import Foundation
import GenUIModels
import GenUITesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// Sections: `genui models pull` (in parallel ranged parts) against `curl` fetching the same file from the same
/// loopback server, uncapped and with each connection capped at 20 MB/s (a limit like a CDN's), and the puller's peak
/// resident memory.
enum PullBenchmark {
    static let section = "Model pull: `genui models pull` vs `curl` over loopback (the on-device GGUF)"
    static let cappedSection =
        "Model pull with each connection capped at 20 MB/s: `genui models pull` vs `curl` (the on-device GGUF)"
    /// The per-connection cap of the capped section, bytes per second.
    static let cap = 20_000_000

    static func run(into report: inout Report, quick: Bool, genui: URL, modelPath: String) async throws {
        try await run(into: &report, quick: quick, genui: genui, modelPath: modelPath, cap: nil)
        try await run(into: &report, quick: quick, genui: genui, modelPath: modelPath, cap: cap)
    }

    static func run(into report: inout Report, quick: Bool, genui: URL, modelPath: String, cap: Int?) async throws {
        guard
            let curl = ["/usr/bin/curl", "/bin/curl", "/usr/local/bin/curl"].first(
                where: FileManager.default.isExecutableFile(atPath:))
        else {
            throw BenchmarkError("curl is not installed")
        }
        let section = cap == nil ? section : cappedSection
        let (digest, size) = try FileDigest.sha256(path: modelPath)
        var behaviour = RangeFileServer.Behaviour()
        behaviour.throttleBytesPerSecond = cap
        let server = try RangeFileServer(file: modelPath, name: "model.gguf", behaviour: behaviour)
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "genui-bench-pull-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = server.url.absoluteString

        func curlRun(_ index: Int) throws -> Double {
            let target = directory.appendingPathComponent("curl-\(index).gguf").path
            defer { try? FileManager.default.removeItem(atPath: target) }
            let result = try Child.runMeasured(
                curl, ["-s", "-o", target, url], environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path])
            guard result.status == 0, fileSize(target) == size else {
                throw BenchmarkError("curl failed (status \(result.status))")
            }
            return result.seconds
        }
        func pullRun(_ index: Int) throws -> (seconds: Double, peakKilobytes: Int) {
            let home = directory.appendingPathComponent("home-\(index)")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: home) }
            let target = home.appendingPathComponent("models/model.gguf").path
            let result = try Child.runMeasured(
                genui.path,
                ["models", "pull", url, "--sha256", digest, "--size", "\(size)", "--file", target, "--quiet"],
                environment: ["PATH": "/usr/bin:/bin", "HOME": home.path, "LANG": "C.UTF-8"])
            guard result.status == 0, fileSize(target) == size else {
                throw BenchmarkError("genui models pull failed (status \(result.status))")
            }
            return (result.seconds, result.peakKilobytes)
        }

        // One untimed fetch each, so the file is in the page cache for both.
        _ = try curlRun(-1)
        _ = try pullRun(-1)
        let rounds = quick || cap != nil ? 4 : 10
        var comparison = InterleavedComparison()
        var peak = Samples()
        for round in 0..<rounds {
            // ABBA order: every other round runs the puller first.
            let a: Double
            let b: (seconds: Double, peakKilobytes: Int)
            if round.isMultiple(of: 2) {
                a = try curlRun(round)
                b = try pullRun(round)
            } else {
                b = try pullRun(round)
                a = try curlRun(round)
            }
            // Throughput ratio genui / curl = curl's time / genui's time.
            comparison.record(a: b.seconds, b: a)
            peak.append(Double(b.peakKilobytes) / 1024)
        }
        let megabytes = Double(size) / 1_000_000
        let ratio = comparison.ratios.median
        let goal = cap == nil ? 0.9 : 3.5
        report.add(
            Figure(
                section: section, name: "median throughput ratio genui / curl", value: ratio, unit: "×",
                goal: "≥ \(Report.format(goal))×", metGoal: ratio >= goal))
        report.add(
            Figure(
                section: section, name: "median throughput, curl", value: megabytes / comparison.b.median, unit: "MB/s")
        )
        report.add(
            Figure(
                section: section, name: "median throughput, genui models pull", value: megabytes / comparison.a.median,
                unit: "MB/s"))
        report.add(
            Figure(
                section: section, name: "per-pair ratio, 25th–75th percentile spread",
                value: (comparison.ratios.percentile(0.75) - comparison.ratios.percentile(0.25)) * 100, unit: "points"))
        report.add(
            Figure(
                section: section, name: "peak RSS of the puller, highest of \(rounds) pulls", value: peak.maximum,
                unit: "MB",
                goal: "≤ 50 MB", metGoal: peak.maximum <= 50))
        report.add(Figure(section: section, name: "peak RSS of the puller, median", value: peak.median, unit: "MB"))
        report.add(
            Figure(section: section, name: "median wall time, curl", value: comparison.b.median * 1000, unit: "ms"))
        report.add(
            Figure(
                section: section, name: "median wall time, genui models pull", value: comparison.a.median * 1000,
                unit: "ms"))
        let how =
            "\(rounds) rounds in ABBA order, each a fresh download to a new file: A = `curl -s -o FILE URL`; B = `genui models pull URL --sha256 … --size … --file FILE --quiet` as a subprocess, the `genui` of `make release` (`--static-swift-stdlib`), with a fresh `HOME` (its defaults: up to \(DownloadOptions.defaultConnections) connections, \(DownloadOptions.defaultInitialConnections) at first and the rest when those bring less than \(Int(DownloadOptions.defaultFastConnectionBytesPerSecond / 1_000_000)) MB/s each, runs of parts on a fast path; a question, then parts written at their offsets into a partial file with a state record beside the target, SHA-256 verification of the whole file, atomic rename). Times are process wall times, start to exit; the ratio is the median of the per-round ratios curl time / genui time. One untimed fetch of each comes first, so the file is in the page cache for both. Each child is started and waited for (`wait4`) by a small `python3` parent of its own, which times it (spawn to exit) and reports its `ru_maxrss`, the kernel's high-water mark of the whole process: a child started straight from the benchmark inherits the benchmark's own high-water mark when it calls `exec` (the kernel carries the old address space's peak into `ru_maxrss`), so the puller's figure would be at least the benchmark's size."
        if let cap {
            report.note(
                section,
                "The file is the on-device model (\(Report.format(megabytes)) MB), served by the project's loopback range server (`RangeFileServer`, 256 KiB writes) on 127.0.0.1 with every connection paced to \(cap / 1_000_000) MB/s (each request is a connection of its own). \(how)"
            )
            return
        }
        // Reference figures for reading the ratio: what two parts of a pull cost on their own on this machine.
        var hashing = Samples()
        var startUp = Samples()
        var bareSession = Samples()
        for _ in 0..<3 {
            hashing.append(try await Stopwatch.time { try FileDigest.sha256(path: modelPath) }.1)
            startUp.append(
                try Child.run(genui.path, ["--help"], environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path])
                    .seconds)
            let (bytes, seconds) = try await Stopwatch.time { try await DroppingDownload.run(server.url) }
            guard bytes == size else {
                throw BenchmarkError("the bare URLSession download received \(bytes) of \(size) bytes")
            }
            bareSession.append(seconds)
        }
        report.add(
            Figure(
                section: section, name: "(reference) SHA-256 of the whole file in one process, median of 3",
                value: hashing.median * 1000, unit: "ms"))
        report.add(
            Figure(
                section: section, name: "(reference) genui start-up alone (`genui --help`), median of 3",
                value: startUp.median * 1000, unit: "ms"))
        report.add(
            Figure(
                section: section,
                name:
                    "(reference) FoundationNetworking alone: a URLSession data task whose delegate drops the bytes, in this process, median of 3",
                value: bareSession.median * 1000, unit: "ms"))
        report.note(
            section,
            "The file is the on-device model (\(Report.format(megabytes)) MB), served by the project's loopback range server (`RangeFileServer`, 256 KiB writes) on 127.0.0.1. \(how)"
        )
    }

    static func fileSize(_ path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.int64Value ?? -1
    }
}

/// The floor FoundationNetworking sets: one URLSession data task whose delegate only counts the bytes (no file, no
/// hash), in the benchmark's own process (no start-up).
final class DroppingDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: Int64 = 0
    private var continuation: CheckedContinuation<Int64, any Error>?

    static func run(_ url: URL) async throws -> Int64 {
        let delegate = DroppingDownload()
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return try await withCheckedThrowingContinuation { continuation in
            delegate.lock.withLock { delegate.continuation = continuation }
            session.dataTask(with: url).resume()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { bytes += Int64(data.count) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, bytes) = lock.withLock { (self.continuation, self.bytes) }
        if let error { continuation?.resume(throwing: error) } else { continuation?.resume(returning: bytes) }
    }
}

/// Runs a child with `posix_spawn` and waits for it with `wait4`, which gives its own resource usage.
enum Child {
    /// The parent ``runMeasured(_:_:environment:)`` starts each child from: a process of a few MB that spawns it,
    /// waits for it with `wait4` and writes its exit status, wall time (spawn to exit) and `ru_maxrss` to a file.
    static let measuringParent = """
        import os, sys, time
        out, argv = sys.argv[1], sys.argv[2:]
        start = time.monotonic()
        pid = os.posix_spawn(argv[0], argv, os.environ)
        _, status, usage = os.wait4(pid, 0)
        seconds = time.monotonic() - start
        with open(out, "w") as result:
            result.write("%d %.9f %d" % (os.waitstatus_to_exitcode(status), seconds, usage.ru_maxrss))
        """

    /// Runs `path` with `arguments` from a parent of its own (``measuringParent``, `python3`), so its peak resident
    /// set is its own: `ru_maxrss` of a child carries the high-water mark of the process that called `exec` —
    /// here that parent's few MB, not the benchmark's. The time is the parent's, from spawn to exit.
    static func runMeasured(_ path: String, _ arguments: [String], environment: [String: String]) throws -> Result {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent(
            "genui-bench-child-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let parent = try run(
            "/usr/bin/env", ["python3", "-c", measuringParent, report, path] + arguments, environment: environment)
        guard parent.status == 0, let text = try? String(contentsOfFile: report, encoding: .utf8) else {
            throw BenchmarkError("the measuring parent of \(path) failed (status \(parent.status))")
        }
        let fields = text.split(separator: " ")
        guard fields.count == 3, let status = Int32(fields[0]), let seconds = Double(fields[1]),
            let peak = Int(fields[2])
        else {
            throw BenchmarkError("the measuring parent of \(path) wrote \(text)")
        }
        return Result(status: status, seconds: seconds, peakKilobytes: peak)
    }

    struct Result {
        var status: Int32
        var seconds: Double
        /// `ru_maxrss`: the child's peak resident set, kilobytes.
        var peakKilobytes: Int
    }

    static func run(_ path: String, _ arguments: [String], environment: [String: String]) throws -> Result {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw BenchmarkError("could not start \(path): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else {
                throw BenchmarkError("wait4 failed for \(path): \(String(cString: strerror(errno)))")
            }
        }
        let seconds = (ContinuousClock.now - start).secondsValue
        let exit: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : -(status & 0x7f)
        return Result(status: exit, seconds: seconds, peakKilobytes: usage.ru_maxrss)
    }
}
