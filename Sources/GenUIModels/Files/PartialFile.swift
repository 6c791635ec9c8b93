import Foundation
import GenUIConfig
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The partial file of a download, open for appending (one connection) or for writing at offsets (parts), with the
/// SHA-256 of everything in it.
///
/// It is opened without following links (a link planted at `MODEL.part` cannot redirect the write) and written with
/// every short write and interruption resumed. A write that fails reports its `errno`: ENOSPC and EDQUOT (a full disk
/// or quota) and EFBIG (a file-size limit) become low storage for the caller; the bytes already written stay.
///
/// The hash is kept by a ``DigestFollower``, which reads the file just behind the writer on a thread of its own,
/// starting with the bytes already there when resuming (each byte is hashed once); ``digest()`` waits for it to
/// reach the end. Every 8 MiB written, the kernel is asked to start writing them to disk, so the `fsync` before the
/// rename is short.
///
/// A pull in parts writes with ``write(_:at:)`` from its transfer's thread and reports how far the file is written
/// without a gap (``partsAdvanced(contiguous:written:)``): the hash follows that prefix. There ``bytes`` is that
/// prefix, not the file's size (the file has gaps until every part is complete).
final class PartialFile {
    let path: String
    /// The bytes written from the start of the file without a gap.
    private(set) var bytes: Int64 = 0
    private var fd: Int32
    private var follower: DigestFollower?

    /// Opens (creating) the partial file at `path`; the bytes it holds are hashed in the background — only its first
    /// `contiguous` bytes when given (a pull in parts, whose later bytes have gaps).
    init(path: String, contiguous: Int64? = nil) throws(ModelDownloadError) {
        self.path = path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw .file(path: path, operation: "open", errno: errno) }
        self.fd = fd
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            closeDescriptor(fd)
            self.fd = -1
            throw .file(path: path, operation: "open (not a regular file)", errno: EINVAL)
        }
        let end = lseek(fd, 0, SEEK_END)
        guard end >= 0 else {
            closeDescriptor(fd)
            self.fd = -1
            throw .file(path: path, operation: "seek", errno: errno)
        }
        bytes = min(Int64(end), contiguous ?? Int64(end))
        writeBackStart = bytes
        do {
            follower = try DigestFollower(fd: fd, path: path, available: bytes)
        } catch {
            closeDescriptor(fd)
            self.fd = -1
            throw error
        }
    }

    deinit { close() }

    /// Empties the file (a server without range support sends everything again).
    func truncate() throws(ModelDownloadError) {
        follower?.stop()
        follower = nil
        guard ftruncate(fd, 0) == 0 else { throw .file(path: path, operation: "truncate", errno: errno) }
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw .file(path: path, operation: "seek", errno: errno) }
        bytes = 0
        writeBackStart = 0
        follower = try DigestFollower(fd: fd, path: path, available: 0)
    }

    /// Cuts the file after its first ``bytes`` (hashed already, or being hashed): the bytes of parts after a gap are
    /// dropped when the pull goes on with one connection.
    func dropAfterContiguous() throws(ModelDownloadError) {
        guard ftruncate(fd, off_t(bytes)) == 0 else { throw .file(path: path, operation: "truncate", errno: errno) }
        guard lseek(fd, off_t(bytes), SEEK_SET) == off_t(bytes) else {
            throw .file(path: path, operation: "seek", errno: errno)
        }
        writeBackStart = bytes
    }

    /// The descriptor a pull in parts writes to with `pwrite` (valid until ``close()``).
    var descriptor: Int32 { fd }

    /// A pull in parts has written the file without a gap up to `contiguous`, and `written` bytes in all: the hash
    /// follows the prefix, and every 8 MiB written the kernel is asked to start writing the file's dirty pages.
    func partsAdvanced(contiguous: Int64, written: Int64) {
        bytes = contiguous
        follower?.advance(to: contiguous)
        guard written - writeBackStart >= Self.writeBackBytes, let start = Self.syncFileRange else { return }
        writeBackStart = written
        let copy = dup(fd)
        guard copy >= 0 else { return }
        writeBackQueue.async {
            _ = start(copy, 0, 0, 2) // SYNC_FILE_RANGE_WRITE, the whole file
            closeDescriptor(copy)
        }
    }

    /// Appends `data`. Throws `.file(…, errno)` when the system refuses; what was written stays.
    func append(_ data: Data) throws(ModelDownloadError) {
        let failure = DescriptorWriter.writeAll(data, to: fd) { bytes += Int64($0) }
        follower?.advance(to: bytes)
        if let failure { throw .file(path: path, operation: "write", errno: failure) }
        startWriteBack()
    }

    /// The SHA-256 of the whole file as 64 lowercase hexadecimal digits (waits for the hash to reach the end).
    /// Throws ``ModelDownloadError``, or `CancellationError` when the calling task is cancelled while it waits.
    func digest() throws -> String {
        guard let follower else { throw ModelDownloadError.file(path: path, operation: "read", errno: EBADF) }
        return try follower.digest(of: bytes)
    }

    /// Where the last write-back request ended.
    private var writeBackStart: Int64 = 0
    /// How many written bytes make the next write-back request.
    static let writeBackBytes: Int64 = 8 << 20
    /// Runs the write-back requests, which can block while the disk's queue is full, away from the thread that
    /// receives the body.
    private let writeBackQueue = DispatchQueue(label: "genui.models.write-back")

    /// Asks the kernel to start writing the bytes written since the last request to disk, without waiting for it
    /// (Linux `sync_file_range`, on ``writeBackQueue``, through a duplicate of the descriptor so closing the file
    /// never races it): the disk works while the download goes on, and the `fsync` before the rename finds little
    /// left to write. Only a hint: a failure is ignored, and ``sync()`` still makes everything durable.
    private func startWriteBack() {
        guard bytes - writeBackStart >= Self.writeBackBytes else { return }
        guard let start = Self.syncFileRange else { return }
        let (offset, count) = (writeBackStart, bytes - writeBackStart)
        writeBackStart = bytes
        let copy = dup(fd)
        guard copy >= 0 else { return }
        writeBackQueue.async {
            _ = start(copy, offset, count, 2) // SYNC_FILE_RANGE_WRITE
            closeDescriptor(copy)
        }
    }

    /// Linux's `sync_file_range(2)`, which the Glibc module does not export (it needs `_GNU_SOURCE`); `nil`
    /// elsewhere.
    private static let syncFileRange = linuxFunction(
        "sync_file_range", as: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)

    /// Flushes the file to disk.
    func sync() throws(ModelDownloadError) {
        guard fd >= 0 else { return }
        writeBackQueue.sync {}
        guard fsync(fd) == 0 else { throw .file(path: path, operation: "fsync", errno: errno) }
    }

    /// Flushes the file to disk while the hash reaches its end, and returns the SHA-256 (``digest()``): the `fsync`
    /// runs on ``writeBackQueue`` (after the write-back requests before it), so the disk and the hash work at once.
    /// Throws the digest's error first, then the `fsync`'s.
    func syncAndDigest() throws -> String {
        let copy = dup(fd)
        guard copy >= 0 else { throw ModelDownloadError.file(path: path, operation: "dup", errno: errno) }
        let failure = Atomic<Int32>(0)
        writeBackQueue.async {
            if fsync(copy) != 0 { failure.store(errno, ordering: .relaxed) }
            closeDescriptor(copy)
        }
        let digest = Result { try self.digest() }
        writeBackQueue.sync {}
        let code = failure.load(ordering: .relaxed)
        let value = try digest.get()
        guard code == 0 else { throw ModelDownloadError.file(path: path, operation: "fsync", errno: code) }
        return value
    }

    /// Reserves the disk space of the byte ranges still to be written (Linux `fallocate` with `FALLOC_FL_KEEP_SIZE`:
    /// the file's size stays what has been written, so everything that reads the size — resuming, `genui doctor`,
    /// other processes — sees no change). Room held by the file cannot be taken by another writer while the pull
    /// runs, and the writes into it skip the file system's per-page space accounting (about half the CPU time of
    /// writing the file here).
    ///
    /// Only the ranges given are reserved, never the bytes already held (a sparse file made elsewhere is not filled).
    /// When the volume has no room for all of them (ENOSPC, EDQUOT, EFBIG), what was reserved is given back and
    /// `.file(…, "reserve", errno)` is thrown: the caller reports low storage before a byte of the body is written.
    /// A file system that cannot reserve space (`EOPNOTSUPP`) is written without a reservation; so is every system
    /// but Linux. Returns whether the space is reserved.
    @discardableResult
    func reserve(_ ranges: [Range<Int64>]) throws(ModelDownloadError) -> Bool {
        guard let allocate = Self.fallocate else { return false }
        for range in ranges where !range.isEmpty {
            let length = range.upperBound - range.lowerBound
            guard Self.retrying({ allocate(fd, Self.keepSize, range.lowerBound, length) }) != 0 else { continue }
            let code = errno
            guard ModelDownloader.isStorageFull(code) else { return false }
            // The ranges hold no byte of the file yet: giving their room back loses nothing.
            for range in ranges where !range.isEmpty {
                let length = range.upperBound - range.lowerBound
                _ = Self.retrying { allocate(fd, Self.keepSize | Self.punchHole, range.lowerBound, length) }
            }
            throw .file(path: path, operation: "reserve", errno: code)
        }
        return true
    }

    /// `call`'s result, called again while it fails with `EINTR`.
    private static func retrying(_ call: () -> Int32) -> Int32 {
        while true {
            let result = call()
            if result == 0 || errno != EINTR { return result }
        }
    }

    /// `FALLOC_FL_PUNCH_HOLE`.
    private static let punchHole: Int32 = 2

    /// `FALLOC_FL_KEEP_SIZE`.
    private static let keepSize: Int32 = 1

    /// Linux's `fallocate(2)`, which the Glibc module does not export (it needs `_GNU_SOURCE`); `nil` elsewhere.
    private static let fallocate = linuxFunction(
        "fallocate", as: (@convention(c) (Int32, Int32, Int64, Int64) -> Int32).self)

    /// The C library's function `name` as `type`, looked up at run time: for Linux functions the Glibc module does not
    /// export; `nil` elsewhere, or when the C library lacks it.
    private static func linuxFunction<Function>(_ name: String, as type: Function.Type) -> Function? {
        #if os(Linux)
            guard let symbol = dlsym(nil, name) else { return nil }
            return unsafeBitCast(symbol, to: type)
        #else
            return nil
        #endif
    }

    /// Closes the file (and stops the hash).
    func close() {
        follower?.stop()
        follower = nil
        guard fd >= 0 else { return }
        closeDescriptor(fd)
        fd = -1
    }
}

/// The system's `close(2)`, named apart from ``PartialFile/close()``, which shadows it inside the type.
func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}
