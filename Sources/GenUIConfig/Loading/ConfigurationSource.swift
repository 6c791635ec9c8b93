/// Where a configuration came from, and where genui looked for it.
public struct ConfigurationSource: Sendable, Hashable, CustomStringConvertible {
    /// How the file was chosen.
    public enum Origin: String, Sendable, Hashable, Codable {
        /// `--config FILE`.
        case commandLine = "command-line"
        /// The `GENUI_CONFIG` environment variable.
        case environment
        /// `./providers.yml`, once the user has trusted it (see ``TrustStore``).
        case workingDirectory = "working-directory"
        /// `~/.config/genui/providers.yml`.
        case userDirectory = "user-directory"
        /// No file: the built-in default (the on-device model alone).
        case builtIn = "built-in"
        /// Text handed to the parser directly.
        case text
    }

    /// How the file was chosen.
    public var origin: Origin
    /// The file's path; `nil` for the built-in default.
    public var path: String?
    /// Every place looked at, in order, with whether a file was there.
    public var searched: [(path: String, found: Bool)]
    /// A `providers.yml` in the current directory that was passed over because the user has not trusted it (see
    /// ``TrustStore``); this configuration was loaded in its place.
    public var untrusted: SkippedConfiguration?

    /// Creates a source.
    public init(
        origin: Origin, path: String?, searched: [(path: String, found: Bool)] = [],
        untrusted: SkippedConfiguration? = nil
    ) {
        self.origin = origin
        self.path = path
        self.searched = searched
        self.untrusted = untrusted
    }

    public var description: String { path ?? "<built-in default>" }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.origin == rhs.origin && lhs.path == rhs.path && lhs.searched.map(\.path) == rhs.searched.map(\.path)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(origin)
        hasher.combine(path)
    }
}
