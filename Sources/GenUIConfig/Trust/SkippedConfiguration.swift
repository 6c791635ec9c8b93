/// A `providers.yml` in the current directory that was not used: the user has not trusted it, or it cannot be read as
/// a configuration at all (a link to a device or a FIFO, a file over the size limit).
///
/// It was not parsed: no `${VAR}` in it was expanded, no server it names was contacted and no program it names was
/// run. The configuration that was loaded instead (the user's file or the built-in default) carries it, so that every
/// command can say why the file was ignored and what to do about it (`genui config trust`, or `--config`).
public struct SkippedConfiguration: Sendable, Hashable, Codable {
    /// The file's absolute path.
    public var path: String
    /// The SHA-256 of its content, lowercase hexadecimal; empty when the file could not be read (see ``unreadable``).
    public var sha256: String
    /// `true` when an earlier version of the file was trusted and its content has changed since.
    public var changedSinceTrusted: Bool
    /// Why the file could not be read, in the user's language; `nil` when it was read and only lacks trust.
    public var unreadable: String?

    /// Creates a record of a skipped file.
    public init(path: String, sha256: String, changedSinceTrusted: Bool, unreadable: String? = nil) {
        self.path = path
        self.sha256 = sha256
        self.changedSinceTrusted = changedSinceTrusted
        self.unreadable = unreadable
    }
}
