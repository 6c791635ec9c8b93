import GenUIDiagnostics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file could not be read by ``BoundedFileReader``: what the path is, and why.
public struct FileReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of file a path names.
    public enum Kind: String, Sendable, Hashable {
        /// A regular file: the only kind that is read.
        case regular
        /// A directory.
        case directory
        /// A named pipe: reading it waits for a writer and may never end.
        case fifo
        /// A character device (`/dev/zero`, a terminal): reading it may never end.
        case characterDevice = "character device"
        /// A block device (a disk).
        case blockDevice = "block device"
        /// A socket.
        case socket
        /// Anything else.
        case other

        /// The kind of the file whose `st_mode` is `mode`.
        init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .regular
            case S_IFDIR: self = .directory
            case S_IFIFO: self = .fifo
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            case S_IFSOCK: self = .socket
            default: self = .other
            }
        }
    }

    /// Why the file was not read.
    public enum Reason: Sendable, Hashable {
        /// Nothing is at the path.
        case missing
        /// The file exists but may not be read.
        case permissionDenied
        /// The path names something other than a regular file.
        case notRegular(Kind)
        /// The file is larger than the limit; `size` is `nil` when the excess was found while reading.
        case tooLarge(size: Int64?, limit: Int)
        /// The content is not UTF-8 text.
        case notUTF8
        /// The system refused for another reason (its explanation).
        case unreadable(String)
        /// The file at the path was replaced between finding its canonical path and reading it (a link flipped, a
        /// file renamed over it), again on every try: what was read is not the file the path named.
        case replacedWhileRead
    }

    /// The path as given.
    public var path: String
    /// Why it was not read.
    public var reason: Reason

    /// Creates an error.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(localizedReason(Diagnostics(language: .english)))" }

    /// The reason as a phrase in the language of `diagnostics` ("it is a named pipe (FIFO), not a regular file").
    public func localizedReason(_ diagnostics: Diagnostics) -> String {
        switch reason {
        case .missing: diagnostics.text("file.reason.missing")
        case .permissionDenied: diagnostics.text("file.reason.permission")
        case .notRegular(.directory): diagnostics.text("file.reason.directory")
        case .notRegular(.fifo): diagnostics.text("file.reason.fifo")
        case .notRegular(.characterDevice), .notRegular(.blockDevice): diagnostics.text("file.reason.device")
        case .notRegular(.socket): diagnostics.text("file.reason.socket")
        case .notRegular: diagnostics.text("file.reason.special")
        case .tooLarge(let size?, let limit):
            diagnostics.text("file.reason.tooLarge", ["size": "\(size)", "limit": "\(limit)"])
        case .tooLarge(nil, let limit): diagnostics.text("file.reason.tooLong", ["limit": "\(limit)"])
        case .notUTF8: diagnostics.text("file.reason.notUTF8")
        case .unreadable(let explanation): explanation
        case .replacedWhileRead: diagnostics.text("file.reason.replaced")
        }
    }
}
