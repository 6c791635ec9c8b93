import Foundation

/// Section 6: peak resident memory of the `genui generate` process itself (llama-server is a separate process and
/// is not counted).
enum MemoryBenchmark {
    static let section = "Memory: peak RSS of `genui generate` (the genui process only)"

    static func run(into report: inout Report, genui: URL, configs: [(label: String, path: String)]) async throws {
        for (label, path) in configs {
            let peak = try await peakResidentKilobytes(
                genui,
                ["generate", "A login form with username and password fields", "--config", path, "--format", "json"])
            let megabytes = Double(peak) / 1024
            report.add(
                Figure(
                    section: section, name: label, value: megabytes, unit: "MB", goal: "≤ 40 MB",
                    metGoal: megabytes <= 40))
        }
        report.note(
            section,
            "Read from `VmHWM` in /proc/<pid>/status, polled every millisecond until the process exits (the high-water mark only grows, so the last reading is the peak up to a millisecond before exit)."
        )
    }

    /// Runs a command and returns the highest `VmHWM` seen in its /proc status, in kilobytes.
    static func peakResidentKilobytes(_ executable: URL, _ arguments: [String]) async throws -> Int {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let statusPath = "/proc/\(process.processIdentifier)/status"
        var peak = 0
        while process.isRunning {
            if let status = try? String(contentsOfFile: statusPath, encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kilobytes = Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
            {
                peak = max(peak, kilobytes)
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        return peak
    }
}
