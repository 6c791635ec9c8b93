import Foundation
import GenUIConfig

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The SHA-256 of a file, read in 1 MiB pieces (memory stays flat whatever the size).
public enum FileDigest {
    /// The SHA-256 of the file at `path` as 64 lowercase hexadecimal digits, and its size. Throws
    /// ``ModelDownloadError`` when the file cannot be read, or `CancellationError` when the calling task is cancelled
    /// (checked between pieces, so Ctrl-C stops the hash of a large file at once).
    public static func sha256(path: String) throws -> (digest: String, bytes: Int64) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ModelDownloadError.file(path: path, operation: "open", errno: errno) }
        defer { closeDescriptor(fd) }
        var hasher = SHA256()
        let total = try update(&hasher, reading: fd, path: path)
        return (hasher.hexDigest(), total)
    }

    /// Reads the open file `fd` from its current offset to its end into `hasher`, in 1 MiB pieces; returns how many
    /// bytes were read. `path` names the file in errors. Throws `CancellationError` between pieces once the calling
    /// task is cancelled.
    static func update(_ hasher: inout SHA256, reading fd: Int32, path: String) throws -> Int64 {
        var total: Int64 = 0
        let size = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            if Task.isCancelled { throw CancellationError() }
            let count = read(fd, buffer.baseAddress, size)
            if count < 0 {
                if errno == EINTR { continue }
                throw ModelDownloadError.file(path: path, operation: "read", errno: errno)
            }
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            total += Int64(count)
        }
        return total
    }
}
