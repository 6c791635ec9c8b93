import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tells whether another process writes a file under genui's one-writer rule: the writer holds an exclusive `flock`
/// on a lock file for as long as it writes (a model download, an Ollama pull), and the kernel drops the lock when the
/// writer dies, so a lock that is held means a live writer.
package enum FileLockProbe {
    /// Whether some process holds an exclusive `flock` on the file at `path`. Takes a shared lock for an instant to
    /// find out, and releases it at once; a missing file is no lock.
    package static func isHeld(at path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return false
        }
        return errno == EWOULDBLOCK || errno == EAGAIN
    }
}
