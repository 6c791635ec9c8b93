#if os(Linux)
    import Foundation
    import Glibc

    /// Linux probes: `statvfs`, `/proc/meminfo`, `/proc/cpuinfo`.
    enum PlatformProbe {
        static func freeSpace(at path: String) -> (bytes: Int64, volume: String)? {
            let folder = nearestExistingFolder(of: path)
            var stats = statvfs()
            guard statvfs(folder, &stats) == 0 else { return nil }
            return (freeBytes(blocks: UInt64(stats.f_bavail), blockSize: UInt64(stats.f_frsize)), folder)
        }

        static func totalMemoryBytes() -> Int64? {
            guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8) else { return nil }
            for line in text.split(separator: "\n") where line.hasPrefix("MemTotal:") {
                let fields = line.split(separator: " ")
                if fields.count >= 2, let kilobytes = Int64(fields[1]) { return kilobytes * 1024 }
            }
            return nil
        }

        static func cpuFeatures() -> Set<String>? {
            guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
            // x86 lists "flags", ARM lists "Features"; every core repeats them, the first is enough.
            for line in text.split(separator: "\n") where line.hasPrefix("flags") || line.hasPrefix("Features") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                return Set(line[line.index(after: colon)...].split(separator: " ").map { $0.lowercased() })
            }
            return nil
        }
    }
#endif
