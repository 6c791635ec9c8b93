/// A `providers.yml` in the current directory that was not used because the user has not trusted it.
///
/// It was not parsed: no `${VAR}` in it was expanded, no server it names was contacted and no program it names was
/// run. The configuration that was loaded instead (the user's file or the built-in default) carries it, so that every
/// command can say why the file was ignored and how to trust it (`genui config trust`).
public struct SkippedConfiguration: Sendable, Hashable, Codable {
    /// The file's absolute path.
    public var path: String
    /// The SHA-256 of its content, lowercase hexadecimal.
    public var sha256: String
    /// `true` when an earlier version of the file was trusted and its content has changed since.
    public var changedSinceTrusted: Bool

    /// Creates a record of a skipped file.
    public init(path: String, sha256: String, changedSinceTrusted: Bool) {
        self.path = path
        self.sha256 = sha256
        self.changedSinceTrusted = changedSinceTrusted
    }
}
