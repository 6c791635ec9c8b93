import Foundation
import GenUI
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What a process uses, read from the kernel: CPU time, resident memory and threads.
enum ProcessGauges {
    /// User plus system CPU seconds this process has used.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// The most resident memory this process has held, in bytes.
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
    }

    /// Resident memory and thread count now, from `/proc/<pid>/status` (`self` by default).
    static func status(of process: String = "self") -> (residentBytes: Int, threads: Int) {
        guard let text = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return (0, 0) }
        var resident = 0
        var threads = 0
        for line in text.split(separator: "\n") {
            if line.hasPrefix("VmRSS:") {
                resident = (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
            } else if line.hasPrefix("Threads:") {
                threads =
                    Int(line.split(separator: "\t").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "")
                    ?? 0
            }
        }
        return (resident, threads)
    }

    /// User plus system CPU seconds another process has used, from `/proc/<pid>/stat`.
    static func cpuSeconds(ofProcess pid: Int32) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return 0 }
        // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

/// Samples the process's resident memory and thread count on a thread of its own (the cooperative pool may be busy),
/// keeping the highest thread count seen.
final class GaugeSampler: Sendable {
    private let state = Mutex((stopped: false, peakThreads: 0, peakResident: 0))

    /// Starts sampling every `interval`.
    init(every interval: Duration = .milliseconds(20)) {
        Thread.start(named: "bench.gauges") { [self] in
            while !state.withLock({ $0.stopped }) {
                let now = ProcessGauges.status()
                state.withLock {
                    $0.peakThreads = max($0.peakThreads, now.threads)
                    $0.peakResident = max($0.peakResident, now.residentBytes)
                }
                Thread.sleep(forTimeInterval: interval.secondsValue)
            }
        }
    }

    /// Stops sampling; the highest thread count and resident memory seen.
    func stop() -> (threads: Int, residentBytes: Int) {
        state.withLock {
            $0.stopped = true
            return ($0.peakThreads, $0.peakResident)
        }
    }
}
