import Foundation
import GenUIOnDevice

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one-writer lock of a model download: an exclusive `flock` on `MODEL.lock`.
///
/// The kernel releases it when the writer dies, however it dies, so a stale lock cannot outlive its process. Readers
/// (``DownloadRecord/writerIsAlive(target:)``) test it with a shared lock for an instant, which is why acquiring
/// retries briefly before deciding another writer holds it. The lock file is removed by its holder when done; a
/// process that locked a file already removed (or replaced) notices by comparing inodes and tries again, so two
/// writers can never hold locks on two different files of the same name.
final class WriterLock {
    let path: String
    private var fd: Int32

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit { release(removing: false) }

    enum Attempt {
        case acquired(WriterLock)
        case heldByAnother
    }

    /// Tries to take the lock, retrying for `patience` while readers probe it.
    static func acquire(path: String, patience: Duration = .seconds(2)) async throws(ModelDownloadError) -> Attempt {
        let deadline = ContinuousClock.now + patience
        while true {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard fd >= 0 else { throw .file(path: path, operation: "open", errno: errno) }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                // The file locked must still be the one at `path` (its holder may have removed it meanwhile).
                var locked = stat()
                var current = stat()
                if fstat(fd, &locked) == 0, lstat(path, &current) == 0, locked.st_ino == current.st_ino,
                    locked.st_dev == current.st_dev
                {
                    return .acquired(WriterLock(path: path, fd: fd))
                }
                close(fd)
                continue
            }
            let code = errno
            close(fd)
            guard code == EWOULDBLOCK || code == EAGAIN else {
                throw .file(path: path, operation: "lock", errno: code)
            }
            if ContinuousClock.now >= deadline { return .heldByAnother }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Releases the lock; with `removing`, removes the lock file first (while still holding it).
    func release(removing: Bool) {
        guard fd >= 0 else { return }
        if removing { unlink(path) }
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }
}
