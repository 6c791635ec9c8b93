import Foundation

/// The configuration files the user trusts, each by path and content hash.
///
/// A `providers.yml` found in the current directory came with whatever directory the user is in (a cloned repository,
/// a downloaded archive): it could name any server and any environment variable, and so send a secret anywhere. It is
/// used only once the user has trusted it with `genui config trust`, which records its absolute path and the SHA-256 of
/// its content here. A file whose content changed must be trusted again.
///
/// The list lives in the user's configuration directory, `~/.config/genui/trusted.sha256`, one `HASH  PATH` line per
/// file: the format `sha256sum` prints, so `sha256sum -c ~/.config/genui/trusted.sha256` checks it by hand. It is
/// written atomically.
public struct TrustStore: Sendable {
    /// How a file stands.
    public enum Verdict: Sendable, Hashable {
        /// The file's path and content are in the list.
        case trusted
        /// The path is not in the list.
        case unknown
        /// The path is in the list with other content: the file changed since it was trusted.
        case changed
    }

    /// The list's file name in the user's configuration directory.
    public static let fileName = "trusted.sha256"

    /// The list's path.
    public let path: String

    /// The list in `directory` (the user's configuration directory).
    public init(directory: String) {
        path = (directory as NSString).appendingPathComponent(Self.fileName)
    }

    /// The list of the user whose home directory is `homeDirectory`: `~/.config/genui/trusted.sha256`, beside the
    /// user's own `providers.yml`.
    public init(homeDirectory: String) {
        self.init(directory: Self.configurationDirectory(homeDirectory: homeDirectory))
    }

    /// `~/.config/genui`, the user's configuration directory.
    public static func configurationDirectory(homeDirectory: String) -> String {
        (homeDirectory as NSString).appendingPathComponent(".config/genui")
    }

    /// The absolute path a file is recorded under: symbolic links resolved, `.` and `..` removed.
    public static func canonicalPath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// How the file at `path` with content `bytes` stands.
    public func verdict(path: String, bytes: [UInt8]) -> Verdict {
        verdict(path: path, sha256: SHA256.hexDigest(of: bytes))
    }

    /// How the file at `path` whose content hashes to `sha256` stands.
    public func verdict(path: String, sha256: String) -> Verdict {
        verdict(canonicalPath: Self.canonicalPath(path), sha256: sha256)
    }

    /// How the file read as `file` stands: its canonical path and the hash of the bytes read, never a second look
    /// at the path (``CanonicalFile``).
    public func verdict(of file: CanonicalFile) -> Verdict {
        verdict(canonicalPath: file.canonicalPath, sha256: file.sha256)
    }

    /// How the file recorded under `canonicalPath` (already resolved, used as it is) with content hash `sha256`
    /// stands.
    public func verdict(canonicalPath: String, sha256: String) -> Verdict {
        let hashes = entries().filter { $0.path == canonicalPath }.map(\.sha256)
        if hashes.contains(sha256.lowercased()) { return .trusted }
        return hashes.isEmpty ? .unknown : .changed
    }

    /// Records the file at `path` with content hash `sha256` as trusted, replacing an earlier hash of the same path.
    public func trust(path: String, sha256: String) throws(AtomicWriteError) {
        try trust(canonicalPath: Self.canonicalPath(path), sha256: sha256)
    }

    /// Records the file read as `file` as trusted: the hash of the bytes read, under the path they were read at
    /// (``CanonicalFile``), so a link flipped while `genui config trust` runs cannot pair one file's hash with
    /// another's path.
    public func trust(_ file: CanonicalFile) throws(AtomicWriteError) {
        try trust(canonicalPath: file.canonicalPath, sha256: file.sha256)
    }

    private func trust(canonicalPath canonical: String, sha256: String) throws(AtomicWriteError) {
        guard !canonical.contains("\n") else {
            throw AtomicWriteError(path: self.path, step: .write, refusal: .lineBreakInPath(path: canonical))
        }
        var list = entries().filter { $0.path != canonical }
        list.append(Entry(sha256: sha256.lowercased(), path: canonical))
        try save(list)
    }

    /// Removes the file at `path` from the list; `false` when it was not in it.
    @discardableResult
    public func revoke(path: String) throws(AtomicWriteError) -> Bool {
        let canonical = Self.canonicalPath(path)
        let list = entries()
        let kept = list.filter { $0.path != canonical }
        guard kept.count != list.count else { return false }
        try save(kept)
        return true
    }

    /// One line of the list.
    public struct Entry: Sendable, Hashable {
        /// The content's SHA-256, lowercase hexadecimal.
        public var sha256: String
        /// The file's canonical absolute path.
        public var path: String
    }

    /// The list's entries; a missing or unreadable list is empty, and malformed lines are skipped.
    public func entries() -> [Entry] {
        guard let text = try? BoundedFileReader.readText(path, limit: BoundedFileReader.configurationLimit) else {
            return []
        }
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let space = line.firstIndex(of: " ") else { return nil }
            let hash = line[..<space].lowercased()
            // sha256sum separates with two spaces (text mode) or " *" (binary mode).
            var rest = line[space...].dropFirst()
            if rest.first == " " || rest.first == "*" { rest = rest.dropFirst() }
            guard hash.count == 64, hash.allSatisfy({ $0.isHexDigit }), rest.hasPrefix("/") else { return nil }
            return Entry(sha256: hash, path: String(rest))
        }
    }

    private func save(_ list: [Entry]) throws(AtomicWriteError) {
        var text = ""
        for entry in list where !entry.path.contains("\n") { text += "\(entry.sha256)  \(entry.path)\n" }
        try AtomicFile.write(text, to: path, createDirectories: true)
    }
}
