import Foundation
import GenUIDiagnostics

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
    /// Writes `text` to `path`. An existing file keeps its permission bits (never setuid, setgid or sticky); a new one
    /// is created readable by everyone and writable by its owner. Missing parent directories are created when
    /// `createDirectories` is set; otherwise a missing directory is an error.
    ///
    /// With `durable` (the default) the new file and the rename are flushed to disk before the call returns, so they
    /// survive a power loss. Without it the write is just as atomic for every reader, but a power loss may leave the
    /// old file, or an empty or missing one: for files that are worth nothing after a crash, where two `fsync`s
    /// would cost more than the file is worth.
    ///
    /// Without `replacing`, the write fails with ``AtomicWriteError/Step/exists`` when anything is at `path` (a file,
    /// a link, even a link to nothing), and that is decided atomically with putting the new file in place: of two
    /// writers racing for the same new path one wins and the other fails, and nothing is ever replaced.
    ///
    /// A symbolic link at `path` is followed only to a regular file the user owns in the same directory as the link
    /// (`providers.yml -> providers.work.yml`); it stays a link and its target gets the new content. A link that points
    /// elsewhere, or to nothing, is refused (``AtomicWriteError/Step/followLink``): a link planted in a directory (a
    /// cloned repository) must not redirect a write to another file the user can write (`~/.bashrc`). Write to the
    /// link's target directly instead. A device or a pipe (`/dev/stdout`, a FIFO), named directly or through a link,
    /// cannot be replaced, so it is written to directly. A directory is refused.
    public static func write(
        _ text: String, to path: String, createDirectories: Bool = false, replacing: Bool = true, durable: Bool = true
    ) throws(AtomicWriteError) {
        try write(
            Array(text.utf8), to: path, createDirectories: createDirectories, replacing: replacing, durable: durable)
    }

    /// Writes `bytes` to `path` (see ``write(_:to:createDirectories:replacing:durable:)-(String,_,_,_,_)``).
    public static func write(
        _ bytes: [UInt8], to path: String, createDirectories: Bool = false, replacing: Bool = true,
        durable: Bool = true
    ) throws(AtomicWriteError) {
        var entry = stat()
        let present = lstat(path, &entry) == 0
        if present, !replacing { throw AtomicWriteError(path: path, step: .exists, errno: EEXIST) }
        var target = path
        var status = entry
        if present, entry.st_mode & S_IFMT == S_IFLNK {
            guard stat(path, &status) == 0 else {
                throw AtomicWriteError(path: path, step: .followLink, refusal: .linkToNothing)
            }
            if status.st_mode & S_IFMT == S_IFREG { target = try followableTarget(of: path, status: status) }
        }
        let kind = status.st_mode & S_IFMT
        if present, kind == S_IFDIR {
            throw AtomicWriteError(path: path, step: .create, errno: EISDIR)
        }
        if present, kind != S_IFREG {
            try writeInPlace(bytes, to: path, reportedAs: path)
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
        let temporary = directory.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).tmp")
            .path
        // Only the permission bits carry over: a setuid, setgid or sticky bit never reaches the new file.
        let mode = present ? status.st_mode & 0o777 : 0o644
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
            if durable, fsync(descriptor) != 0 { throw AtomicWriteError(path: path, step: .flush, errno: errno) }
            closed = true
            guard close(descriptor) == 0 else { throw AtomicWriteError(path: path, step: .flush, errno: errno) }
            if replacing {
                guard rename(temporary, target) == 0 else {
                    throw AtomicWriteError(path: path, step: .rename, errno: errno)
                }
            } else {
                try placeWithoutReplacing(temporary, at: target, bytes: bytes, mode: mode_t(mode), reportedAs: path)
            }
        } catch {
            unlink(temporary)
            throw error
        }
        // Make the rename itself durable; a failure here cannot undo it, so it is not reported.
        guard durable else { return }
        let directoryDescriptor = open(directory.path, O_RDONLY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Gives the written temporary file the name `target` only if nothing has that name, in one step: a hard link
    /// fails with `EEXIST` instead of replacing (and never follows a link at `target`); then the temporary name goes.
    /// On a file system without hard links the file is created exclusively (`O_EXCL`) and written in place, which
    /// still never replaces anything (an interrupted write can leave that new file short).
    private static func placeWithoutReplacing(
        _ temporary: String, at target: String, bytes: [UInt8], mode: mode_t, reportedAs path: String
    ) throws(AtomicWriteError) {
        if link(temporary, target) == 0 {
            unlink(temporary)
            return
        }
        let failure = errno
        if failure == EEXIST { throw AtomicWriteError(path: path, step: .exists, errno: EEXIST) }
        guard failure == EPERM || failure == EOPNOTSUPP || failure == ENOTSUP || failure == ENOSYS else {
            throw AtomicWriteError(path: path, step: .rename, errno: failure)
        }
        let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            let code = errno
            throw AtomicWriteError(path: path, step: code == EEXIST ? .exists : .create, errno: code)
        }
        defer { close(descriptor) }
        if let failure = writeAll(bytes, to: descriptor) {
            throw AtomicWriteError(path: path, step: .write, errno: failure)
        }
        guard fsync(descriptor) == 0 else { throw AtomicWriteError(path: path, step: .flush, errno: errno) }
        unlink(temporary)
    }

    /// The regular file the link `path` leads to, if writing through the link is allowed: the file is in the link's
    /// own directory and owned by the user. Throws ``AtomicWriteError/Step/followLink`` otherwise.
    static func followableTarget(of path: String, status: stat) throws(AtomicWriteError) -> String {
        let linkDirectory = canonical(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        guard let resolvedPath = canonical(path) else {
            throw AtomicWriteError(path: path, step: .followLink, errno: errno)
        }
        let resolved = URL(fileURLWithPath: resolvedPath)
        guard resolved.deletingLastPathComponent().path == linkDirectory.map({ URL(fileURLWithPath: $0).path }) else {
            throw AtomicWriteError(
                path: path, step: .followLink, refusal: .linkOutsideItsDirectory(target: resolved.path))
        }
        guard status.st_uid == geteuid() else {
            throw AtomicWriteError(
                path: path, step: .followLink, refusal: .linkToAnotherUsersFile(target: resolved.path))
        }
        return resolved.path
    }

    /// `path` with every symbolic link resolved (`realpath(3)`), or `nil` when it cannot be.
    private static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Writes to a device or a pipe, which has no content of its own to lose.
    private static func writeInPlace(_ bytes: [UInt8], to target: String, reportedAs path: String)
        throws(AtomicWriteError)
    {
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
        /// The destination exists and replacing it was not asked for.
        case exists
        /// The destination is a symbolic link that may not be written through (it leads out of its directory, to
        /// another user's file, or nowhere).
        case followLink
    }

    /// The destination.
    public var path: String
    /// The step that failed.
    public var step: Step
    /// A write genui refused on purpose (as opposed to one the system failed).
    public enum Refusal: Sendable, Hashable {
        /// The destination is a symbolic link to nothing.
        case linkToNothing
        /// The destination is a symbolic link to `target`, outside the link's own directory.
        case linkOutsideItsDirectory(target: String)
        /// The destination is a symbolic link to `target`, a file another user owns.
        case linkToAnotherUsersFile(target: String)
        /// A line to record names `path`, which holds a line break.
        case lineBreakInPath(path: String)

        /// The catalog key of the refusal's localized reason (`file.refused.…`).
        public var catalogKey: String {
            switch self {
            case .linkToNothing: "file.refused.linkToNothing"
            case .linkOutsideItsDirectory: "file.refused.linkOutsideItsDirectory"
            case .linkToAnotherUsersFile: "file.refused.linkToAnotherUsersFile"
            case .lineBreakInPath: "file.refused.lineBreakInPath"
            }
        }

        /// The values of the catalog message's placeholders.
        public var arguments: [String: String] {
            switch self {
            case .linkToNothing: [:]
            case .linkOutsideItsDirectory(let target), .linkToAnotherUsersFile(let target): ["target": target]
            case .lineBreakInPath(let path): ["path": path]
            }
        }

        /// The reason in English, for ``AtomicWriteError/description``.
        var englishReason: String {
            switch self {
            case .linkToNothing:
                "it is a symbolic link to nothing; remove the link or write to a path of your choice"
            case .linkOutsideItsDirectory(let target):
                "it is a symbolic link to \(target), outside its own directory; write to that path directly if you mean it"
            case .linkToAnotherUsersFile(let target):
                "it is a symbolic link to \(target), which belongs to another user"
            case .lineBreakInPath(let path):
                "\(path) contains a line break and cannot be recorded"
            }
        }
    }

    /// The system's explanation ("No space left on device", "File too large"), or the refusal's, in English.
    public var reason: String
    /// Set when genui refused the write on purpose; diagnostics show its localized reason instead of ``reason``.
    public var refusal: Refusal?

    /// Creates an error.
    public init(path: String, step: Step, reason: String) {
        self.path = path
        self.step = step
        self.reason = reason
    }

    /// Creates an error for a write genui refuses on purpose.
    public init(path: String, step: Step, refusal: Refusal) {
        self.init(path: path, step: step, reason: refusal.englishReason)
        self.refusal = refusal
    }

    /// Creates an error from a failed system call's `errno`.
    public init(path: String, step: Step, errno code: Int32) {
        self.init(path: path, step: step, reason: String(cString: strerror(code)))
    }

    public var description: String { "\(path): \(reason) (\(step.rawValue) step)" }

    /// The reason as a phrase in the language of `diagnostics`: a refusal's from the catalog, the system's as it
    /// gave it.
    public func localizedReason(_ diagnostics: Diagnostics) -> String {
        refusal.map { diagnostics.text($0.catalogKey, $0.arguments) } ?? reason
    }
}
