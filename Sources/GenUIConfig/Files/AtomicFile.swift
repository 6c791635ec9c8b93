import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files atomically: the bytes go to a temporary file in the destination's directory, are flushed to disk, and
/// the temporary file is renamed over the destination. A reader sees the old file or the new one, never half of either;
/// a write that fails or is interrupted leaves the destination as it was.
public enum AtomicFile {
    /// Writes `text` to `path`. An existing file keeps its permissions; a new one is created readable by everyone and
    /// writable by its owner. Missing parent directories are created when `createDirectories` is set; otherwise a
    /// missing directory is an error.
    ///
    /// A symbolic link stays a link: its target is replaced. A device or a pipe (`/dev/stdout`, a FIFO) cannot be
    /// replaced, so it is written to directly. A directory is refused.
    public static func write(_ text: String, to path: String, createDirectories: Bool = false) throws(AtomicWriteError) {
        try write(Array(text.utf8), to: path, createDirectories: createDirectories)
    }

    /// Writes `bytes` to `path` (see ``write(_:to:createDirectories:)-(String,_,_)``).
    public static func write(_ bytes: [UInt8], to path: String, createDirectories: Bool = false)
        throws(AtomicWriteError)
    {
        let target = resolvedTarget(of: path)
        var status = stat()
        let exists = stat(target, &status) == 0
        let kind = status.st_mode & S_IFMT
        if exists, kind == S_IFDIR {
            throw AtomicWriteError(path: path, step: .create, errno: EISDIR)
        }
        if exists, kind != S_IFREG {
            try writeInPlace(bytes, to: target, reportedAs: path)
            return
        }
        let destination = URL(fileURLWithPath: target)
        let directory = destination.deletingLastPathComponent()
        if createDirectories {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw AtomicWriteError(path: path, step: .createDirectory, reason: error.localizedDescription)
            }
        }
        let temporary = directory.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).tmp").path
        let mode = exists ? status.st_mode & 0o7777 : 0o644
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode))
        guard descriptor >= 0 else { throw AtomicWriteError(path: path, step: .create, errno: errno) }
        var closed = false
        defer {
            if !closed { close(descriptor) }
        }
        do throws(AtomicWriteError) {
            if let failure = writeAll(bytes, to: descriptor) {
                throw AtomicWriteError(path: path, step: .write, errno: failure)
            }
            guard fsync(descriptor) == 0 else { throw AtomicWriteError(path: path, step: .flush, errno: errno) }
            closed = true
            guard close(descriptor) == 0 else { throw AtomicWriteError(path: path, step: .flush, errno: errno) }
            guard rename(temporary, target) == 0 else { throw AtomicWriteError(path: path, step: .rename, errno: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
        // Make the rename itself durable; a failure here cannot undo it, so it is not reported.
        let directoryDescriptor = open(directory.path, O_RDONLY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// The file `path` names once symbolic links are followed (the path itself when it is not a link, or its link
    /// points nowhere yet).
    static func resolvedTarget(of path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return path }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// Writes to a device or a pipe, which has no content of its own to lose.
    private static func writeInPlace(_ bytes: [UInt8], to target: String, reportedAs path: String) throws(AtomicWriteError) {
        let descriptor = open(target, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw AtomicWriteError(path: path, step: .create, errno: errno) }
        defer { close(descriptor) }
        if let failure = writeAll(bytes, to: descriptor) {
            throw AtomicWriteError(path: path, step: .write, errno: failure)
        }
    }

    /// Writes every byte, resuming after short writes and interrupted calls; the `errno` of a failure, else `nil`.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }
}

/// The system's `write(2)`, named apart from ``AtomicFile``'s own `write` methods, which shadow it inside the type.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.write(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.write(descriptor, buffer, count)
    #else
    Glibc.write(descriptor, buffer, count)
    #endif
}

/// A file could not be written; the destination was left as it was.
public struct AtomicWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the writer was doing.
    public enum Step: String, Sendable, Hashable {
        /// Creating the destination's directory.
        case createDirectory
        /// Creating the temporary file beside the destination.
        case create
        /// Writing the bytes.
        case write
        /// Flushing them to disk.
        case flush
        /// Renaming the temporary file over the destination.
        case rename
    }

    /// The destination.
    public var path: String
    /// The step that failed.
    public var step: Step
    /// The system's explanation ("No space left on device", "File too large").
    public var reason: String

    /// Creates an error.
    public init(path: String, step: Step, reason: String) {
        self.path = path
        self.step = step
        self.reason = reason
    }

    /// Creates an error from a failed system call's `errno`.
    public init(path: String, step: Step, errno code: Int32) {
        self.init(path: path, step: step, reason: String(cString: strerror(code)))
    }

    public var description: String { "\(path): \(reason) (\(step.rawValue) step)" }
}
