import Foundation
import GenUIConfig

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The partial file of a download, open for appending, with the SHA-256 of everything in it.
///
/// It is opened without following links (a link planted at `MODEL.part` cannot redirect the write), read once
/// from the start when resuming so the hash covers the bytes already there, and written with every short write and
/// interruption resumed. A write that fails reports its `errno`: ENOSPC and EDQUOT (a full disk or quota) and EFBIG
/// (a file-size limit) become low storage for the caller; the bytes already written stay.
final class PartialFile {
    let path: String
    private(set) var bytes: Int64 = 0
    private(set) var hasher = SHA256()
    private var fd: Int32

    /// Opens (creating) the partial file at `path` and hashes what it holds.
    init(path: String) throws(ModelDownloadError) {
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
        try hashExisting()
    }

    deinit { close() }

    /// Reads the file from its start into the hash, leaving the offset at its end.
    private func hashExisting() throws(ModelDownloadError) {
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw .file(path: path, operation: "seek", errno: errno) }
        bytes += try FileDigest.update(&hasher, reading: fd, path: path)
    }

    /// Empties the file (a server without range support sends everything again).
    func truncate() throws(ModelDownloadError) {
        guard ftruncate(fd, 0) == 0 else { throw .file(path: path, operation: "truncate", errno: errno) }
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw .file(path: path, operation: "seek", errno: errno) }
        bytes = 0
        hasher = SHA256()
    }

    /// Appends `data` and hashes it. Throws `.file(…, errno)` when the system refuses; what was written stays.
    func append(_ data: Data) throws(ModelDownloadError) {
        let failure: Int32? = data.withUnsafeBytes { raw -> Int32? in
            guard var pointer = raw.baseAddress else { return nil }
            var remaining = raw.count
            while remaining > 0 {
                let written = write(fd, pointer, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if written == 0 { return EIO }
                hasher.update(UnsafeRawBufferPointer(start: pointer, count: written))
                bytes += Int64(written)
                pointer += written
                remaining -= written
            }
            return nil
        }
        if let failure { throw .file(path: path, operation: "write", errno: failure) }
    }

    /// Flushes the file to disk.
    func sync() throws(ModelDownloadError) {
        guard fd >= 0 else { return }
        guard fsync(fd) == 0 else { throw .file(path: path, operation: "fsync", errno: errno) }
    }

    /// Closes the file.
    func close() {
        guard fd >= 0 else { return }
        closeDescriptor(fd)
        fd = -1
    }
}

/// The system's `close(2)`, named apart from ``PartialFile/close()``, which shadows it inside the type.
func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}
