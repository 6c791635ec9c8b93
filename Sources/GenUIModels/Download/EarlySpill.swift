import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Body bytes that arrived before a download's sink was attached, beyond what is held in memory: kept in an unnamed
/// file (created and unlinked at once) in the download's folder, and handed to the sink in order when it comes.
///
/// Why: the caller attaches its sink from the cooperative thread pool, which a busy process (a test run, an app)
/// may keep busy for seconds, while a loopback or LAN host sends hundreds of megabytes a second. Holding that in
/// memory is unbounded, waiting for the caller on the session's queue stalls every transfer of the process, and
/// failing loses a healthy download; a file costs only disk the download is about to use anyway.
final class EarlySpill {
    private let fd: Int32
    private let folder: String
    private(set) var bytes: Int64 = 0

    /// Creates the unnamed file in `folder`.
    init(folder: String) throws(ModelDownloadError) {
        var template = Array((folder + "/.genui-early-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else {
            throw .file(path: folder, operation: "create a file for the body received early in", errno: errno)
        }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        unlink(path)
        self.fd = fd
        self.folder = folder
    }

    deinit { closeDescriptor(fd) }

    /// Appends `data`.
    func append(_ data: Data) throws(ModelDownloadError) {
        let failure = DescriptorWriter.writeAll(data, to: fd) { bytes += Int64($0) }
        if let failure { throw .file(path: folder, operation: "write the body received early in", errno: failure) }
    }

    /// Hands every byte to `sink`, in order, 1 MiB at a time.
    func drain(into sink: (Data) throws -> Void) throws {
        var offset: Int64 = 0
        let piece = 1 << 20
        var buffer = Data(count: piece)
        while offset < bytes {
            let wanted = Int(min(Int64(piece), bytes - offset))
            let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, wanted, off_t(offset)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ModelDownloadError.file(
                    path: folder, operation: "read the body received early from", errno: errno)
            }
            if count == 0 {
                throw ModelDownloadError.file(path: folder, operation: "read the body received early from", errno: EIO)
            }
            try sink(Data(buffer.prefix(count)))
            offset += Int64(count)
        }
    }
}
