#if canImport(Darwin)
    import Darwin
    import Foundation

    /// Darwin probes: `statfs`, `sysctl hw.memsize`, `sysctl machdep.cpu.*features` / `hw.optional.*`.
    enum PlatformProbe {
        static func freeSpace(at path: String) -> (bytes: Int64, volume: String)? {
            let folder = nearestExistingFolder(of: path)
            var stats = statfs()
            guard statfs(folder, &stats) == 0 else { return nil }
            let volume = withUnsafeBytes(of: stats.f_mntonname) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            return (
                freeBytes(blocks: UInt64(stats.f_bavail), blockSize: UInt64(stats.f_bsize)),
                volume.isEmpty ? folder : volume
            )
        }

        static func totalMemoryBytes() -> Int64? {
            var size: UInt64 = 0
            var length = MemoryLayout<UInt64>.size
            guard sysctlbyname("hw.memsize", &size, &length, nil, 0) == 0 else { return nil }
            return Int64(size)
        }

        static func cpuFeatures() -> Set<String>? {
            var features = Set<String>()
            for name in ["machdep.cpu.features", "machdep.cpu.leaf7_features"] {
                if let text = sysctlString(name) {
                    features.formUnion(text.split(separator: " ").map { $0.lowercased() })
                }
            }
            #if arch(arm64)
                features.insert("neon")
                for (flag, name) in [
                    ("dotprod", "hw.optional.arm.FEAT_DotProd"), ("i8mm", "hw.optional.arm.FEAT_I8MM"),
                ] {
                    var value: Int32 = 0
                    var length = MemoryLayout<Int32>.size
                    if sysctlbyname(name, &value, &length, nil, 0) == 0, value != 0 { features.insert(flag) }
                }
            #endif
            return features.isEmpty ? nil : features
        }

        private static func sysctlString(_ name: String) -> String? {
            var length = 0
            guard sysctlbyname(name, nil, &length, nil, 0) == 0, length > 0 else { return nil }
            var buffer = [CChar](repeating: 0, count: length)
            guard sysctlbyname(name, &buffer, &length, nil, 0) == 0 else { return nil }
            return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
#endif
