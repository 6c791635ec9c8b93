import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole file into memory, refusing anything that could make the read endless or huge.
///
/// Only a regular file is read: a FIFO, a device (`/dev/zero`), a socket or a directory is refused. The file is opened
/// with `O_NONBLOCK`, so opening a FIFO never waits for a writer, and the opened descriptor is examined (`fstat`), not
/// the path, so the file cannot be swapped between the check and the read. A file larger than `limit` bytes is refused
/// before anything is read, and the read stops after `limit` bytes even if the file grows meanwhile.
public enum BoundedFileReader {
    /// The largest configuration file read (`providers.yml`, the trust list): 1 MiB.
    public static let configurationLimit = 1 << 20

    /// Reads the file at `path`, at most `limit` bytes.
    public static func read(_ path: String, limit: Int) throws(FileReadError) -> [UInt8] {
        try read(path, limit: limit, followingLastLink: true).bytes
    }

    /// Reads the file at `path`, at most `limit` bytes, and returns what `fstat` said of the descriptor it read
    /// (its device and inode name the file actually read). Without `followingLastLink` the path's last component is
    /// opened as it is (`O_NOFOLLOW`): a link there is ``FileReadError/Reason/replacedWhileRead``, since the caller
    /// resolved every link before.
    static func read(_ path: String, limit: Int, followingLastLink: Bool) throws(FileReadError)
        -> (bytes: [UInt8], status: stat)
    {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | (followingLastLink ? 0 : O_NOFOLLOW)
        let descriptor = open(path, flags)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw FileReadError(path: path, reason: .missing)
            case EACCES, EPERM: throw FileReadError(path: path, reason: .permissionDenied)
            case ELOOP where !followingLastLink: throw FileReadError(path: path, reason: .replacedWhileRead)
            default: throw FileReadError(path: path, reason: .unreadable(String(cString: strerror(code))))
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw FileReadError(path: path, reason: .unreadable(String(cString: strerror(errno))))
        }
        let kind = FileReadError.Kind(mode: status.st_mode)
        guard kind == .regular else { throw FileReadError(path: path, reason: .notRegular(kind)) }
        let size = Int64(status.st_size)
        guard size <= Int64(limit) else { throw FileReadError(path: path, reason: .tooLarge(size: size, limit: limit)) }
        return (try readAll(descriptor, limit: limit, path: path), status)
    }

    /// Reads the file at `path` as UTF-8 text, at most `limit` bytes.
    public static func readText(_ path: String, limit: Int) throws(FileReadError) -> String {
        try text(from: read(path, limit: limit), path: path)
    }

    /// Reads standard input to its end, at most `limit` bytes (a longer input is refused once `limit` is passed,
    /// without reading the rest). `name` is how errors refer to it.
    public static func readStandardInput(limit: Int, name: String = "stdin") throws(FileReadError) -> [UInt8] {
        try readAll(STDIN_FILENO, limit: limit, path: name)
    }

    /// Decodes `bytes` as UTF-8, refusing invalid sequences.
    public static func text(from bytes: [UInt8], path: String) throws(FileReadError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FileReadError(path: path, reason: .notUTF8)
        }
        return text
    }

    /// Reads until end of file; more than `limit` bytes is an error.
    private static func readAll(_ descriptor: Int32, limit: Int, path: String) throws(FileReadError) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in
                systemRead(descriptor, raw.baseAddress, raw.count)
            }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    // Only a pipe or terminal (standard input) can say "not yet": wait for it to become readable.
                    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    _ = poll(&poller, 1, -1)
                    continue
                }
                throw FileReadError(path: path, reason: .unreadable(String(cString: strerror(code))))
            }
            if count == 0 { return result }
            guard result.count + count <= limit else {
                throw FileReadError(path: path, reason: .tooLarge(size: nil, limit: limit))
            }
            result.append(contentsOf: buffer[0..<count])
        }
    }
}

/// The system's `read(2)`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
        Darwin.read(descriptor, buffer, count)
    #elseif canImport(Musl)
        Musl.read(descriptor, buffer, count)
    #else
        Glibc.read(descriptor, buffer, count)
    #endif
}
