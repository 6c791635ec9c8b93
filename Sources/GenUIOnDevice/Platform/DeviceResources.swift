import Foundation

/// What the device offers: free disk, memory and CPU instruction sets. Injectable so tests can fake a full disk.
public struct DeviceResources: Sendable {
    /// Free bytes available to this user on the volume holding `path` (the nearest existing folder), and the volume's
    /// mount point or name; `nil` when it cannot be told.
    public var freeSpace: @Sendable (_ path: String) -> (bytes: Int64, volume: String)?
    /// Physical memory in bytes, `nil` when unknown.
    public var totalMemoryBytes: @Sendable () -> Int64?
    /// The CPU's instruction-set flags in lower case (`avx2`, `fma`, `neon`, …), `nil` when unknown.
    public var cpuFeatures: @Sendable () -> Set<String>?

    /// Creates resources from probes.
    public init(
        freeSpace: @escaping @Sendable (_ path: String) -> (bytes: Int64, volume: String)?,
        totalMemoryBytes: @escaping @Sendable () -> Int64?,
        cpuFeatures: @escaping @Sendable () -> Set<String>?
    ) {
        self.freeSpace = freeSpace
        self.totalMemoryBytes = totalMemoryBytes
        self.cpuFeatures = cpuFeatures
    }

    /// The real device, probed through the operating system.
    public static var current: DeviceResources {
        DeviceResources(
            freeSpace: { PlatformProbe.freeSpace(at: $0) },
            totalMemoryBytes: { PlatformProbe.totalMemoryBytes() },
            cpuFeatures: { PlatformProbe.cpuFeatures() })
    }

    /// The same resources with a different free-space probe.
    public func withFreeSpace(_ probe: @escaping @Sendable (_ path: String) -> (bytes: Int64, volume: String)?) -> Self
    {
        var copy = self
        copy.freeSpace = probe
        return copy
    }
}

/// The bytes in `blocks` blocks of `blockSize` bytes, as the volume reports them, clamped to `Int64.max`: a
/// file system (a network or FUSE mount) may report counts whose product does not fit, and the probe must not trap.
func freeBytes(blocks: UInt64, blockSize: UInt64) -> Int64 {
    let (product, overflow) = blocks.multipliedReportingOverflow(by: blockSize)
    guard !overflow, product <= UInt64(Int64.max) else { return Int64.max }
    return Int64(product)
}

/// Walks up from `path` to the nearest folder that exists (free space is measured where the file would go).
func nearestExistingFolder(of path: String) -> String {
    var url = URL(fileURLWithPath: path)
    for _ in 0..<64 {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return url.path
        }
        let parent = url.deletingLastPathComponent()
        if parent.path == url.path { break }
        url = parent
    }
    return "/"
}
