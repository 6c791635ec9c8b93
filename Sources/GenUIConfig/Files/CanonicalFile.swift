import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file read once, with the one canonical path it was read at: what every decision genui makes about a file it
/// trusts by path is made on.
///
/// A path can name different files from one moment to the next (a link flipped, a file renamed over another), so
/// resolving it three times (to read, to judge, to find the folder of relative paths) can meet three files. Here the
/// path is resolved once (``TrustStore/canonicalPath(_:)``), that path is opened without following a last-component
/// link (`O_NOFOLLOW`), and the open descriptor's device and inode must be those of the file the canonical path names
/// (`lstat`), so the bytes read are the bytes of the file at that path. They are hashed as read. A file replaced
/// between the two is read again, at most ``attempts`` times in all, then refused as
/// ``FileReadError/Reason/replacedWhileRead``.
///
/// The verdict (``TrustStore/verdict(canonicalPath:sha256:)``), the user-file shortcut (``isSameFile(as:)``) and
/// the folder relative paths resolve against (``folder``) then all use this one read.
public struct CanonicalFile: Sendable {
    /// The path it was read at: absolute, links resolved, `.` and `..` removed.
    public let canonicalPath: String
    /// Its content, as read from the descriptor.
    public let bytes: [UInt8]
    /// The SHA-256 of ``bytes``, lowercase hexadecimal.
    public let sha256: String
    /// The device and inode of the file read.
    private let device: UInt64
    private let inode: UInt64

    /// How many times a file replaced while it was read is read again, in all.
    public static let attempts = 3

    /// The folder that holds it: where its relative paths resolve.
    public var folder: String { (canonicalPath as NSString).deletingLastPathComponent }

    /// Reads the file `path` names, at most `limit` bytes, as described above. Throws ``FileReadError`` as
    /// ``BoundedFileReader`` does (a missing file, a FIFO, a file over the limit), naming `path` as given.
    public static func read(_ path: String, limit: Int) throws(FileReadError) -> CanonicalFile {
        var attempt = 0
        while true {
            attempt += 1
            let canonical = TrustStore.canonicalPath(path)
            do throws(FileReadError) {
                let (bytes, status) = try BoundedFileReader.read(canonical, limit: limit, followingLastLink: false)
                var named = stat()
                guard lstat(canonical, &named) == 0, named.st_dev == status.st_dev, named.st_ino == status.st_ino else {
                    throw FileReadError(path: path, reason: .replacedWhileRead)
                }
                return CanonicalFile(
                    canonicalPath: canonical, bytes: bytes, sha256: SHA256.hexDigest(of: bytes),
                    device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
            } catch {
                var reason = error.reason
                // A link left unresolved at the end of the canonical path points nowhere: the file is missing.
                if reason == .replacedWhileRead, isDangling(canonical) { reason = .missing }
                guard reason == .replacedWhileRead, attempt < attempts else {
                    throw FileReadError(path: path, reason: reason)
                }
            }
        }
    }

    /// Whether the file read is the file `path` names now (links followed): same device, same inode.
    public func isSameFile(as path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }

    /// Whether `path` is a link whose target does not exist.
    private static func isDangling(_ path: String) -> Bool {
        var linked = stat()
        var followed = stat()
        return lstat(path, &linked) == 0 && (linked.st_mode & S_IFMT) == S_IFLNK && stat(path, &followed) != 0
            && errno == ENOENT
    }
}
