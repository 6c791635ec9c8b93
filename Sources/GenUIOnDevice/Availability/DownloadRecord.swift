import Foundation
import GenUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The small state record a model download keeps beside its partial file (`MODEL.part.json`), so that every genui
/// process can tell how far the download has come and whether its writer still runs.
///
/// The writer (`genui models pull`) replaces it atomically at most about twice a second; readers (the on-device
/// provider's availability, `genui models list`) read at most ``maximumBytes`` of it and never trust its numbers
/// beyond clamping them. It never holds credentials: the source is stored without user info, query or fragment.
public struct DownloadRecord: Codable, Sendable, Hashable {
    /// What `genui models pull` was given: a catalog name, or the source when pulled by URL. The command that
    /// resumes the download is `genui models pull <name>`.
    public var name: String
    /// Where the bytes come from, without user info, query or fragment (see ``DownloadRecord/displaySource(_:)``).
    public var source: String
    /// The full size of the file, when known.
    public var expectedBytes: Int64?
    /// Bytes in the partial file at the last update.
    public var bytes: Int64
    /// The recent transfer rate, when measured.
    public var bytesPerSecond: Double?
    /// The writer's process id.
    public var pid: Int32
    /// When the download started, in seconds since 1970.
    public var startedAt: Double
    /// When the record was last written, in seconds since 1970.
    public var updatedAt: Double
    /// The source's `ETag` when the bytes in the partial file were fetched; a resumed pull sends it in `If-Range`.
    public var entityTag: String?
    /// The source's `Last-Modified` when the bytes in the partial file were fetched (`If-Range` without an ETag).
    public var lastModified: String?
    /// The ranges of a pull in parallel parts, in file order, each with how many of its bytes are written; `nil` for
    /// a pull on one connection (whose partial file holds its bytes from the start, without gaps).
    public var parts: [Part]?

    /// One range of a pull in parallel parts: `length` bytes from `start`, the first `done` of them written.
    public struct Part: Codable, Sendable, Hashable {
        /// The part's first byte in the file.
        public var start: Int64
        /// The part's size in bytes.
        public var length: Int64
        /// How many of its bytes, from its start, are in the partial file.
        public var done: Int64

        /// Creates a part.
        public init(start: Int64, length: Int64, done: Int64 = 0) {
            self.start = start
            self.length = length
            self.done = done
        }

        /// Whether every byte of the part is written.
        public var isComplete: Bool { done >= length }
    }

    /// The largest record read; a larger file is not a record genui wrote.
    public static let maximumBytes = 16 * 1024

    /// Creates a record.
    public init(
        name: String, source: String, expectedBytes: Int64?, bytes: Int64, bytesPerSecond: Double?, pid: Int32,
        startedAt: Double, updatedAt: Double, entityTag: String? = nil, lastModified: String? = nil,
        parts: [Part]? = nil
    ) {
        self.name = name
        self.source = source
        self.expectedBytes = expectedBytes
        self.bytes = bytes
        self.bytesPerSecond = bytesPerSecond
        self.pid = pid
        self.startedAt = startedAt
        self.updatedAt = updatedAt
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.parts = parts
    }

    /// The bytes a download holds when its partial file is `fileSize` bytes long: the sum of the parts' written bytes
    /// for a pull in parts (its file has gaps until the end, so its size says nothing), else the file's size. The sum
    /// saturates, so even a record that was never checked (``isConsistent``) cannot trap here.
    public func heldBytes(fileSize: Int64) -> Int64 {
        guard let parts else { return fileSize }
        return min(fileSize, parts.reduce(0) { $0.addingSaturated(max(0, min($1.done, $1.length))) })
    }

    /// The most parts a record genui writes can hold (a 16 KiB record holds far fewer).
    public static let maximumParts = 1024

    /// Whether the record's numbers are ones genui writes: without parts, always (its counts are clamped when read);
    /// with parts, when there are 1 to ``maximumParts`` of them, they tile `0..<expectedBytes` in order without gaps
    /// or overlaps (so their ends add up without overflow), and each has `0...length` bytes done.
    ///
    /// A record that is not consistent was not written by genui (hand-edited, corrupt): ``read(target:)`` treats it as
    /// absent, as the puller treats parts that do not fit its file.
    public var isConsistent: Bool {
        guard let parts else { return true }
        guard let expected = expectedBytes, !parts.isEmpty, parts.count <= Self.maximumParts else { return false }
        var next: Int64 = 0
        for part in parts {
            guard part.start == next, part.length > 0, part.done >= 0, part.done <= part.length else { return false }
            let (end, overflow) = part.start.addingReportingOverflow(part.length)
            guard !overflow else { return false }
            next = end
        }
        return next == expected
    }

    // MARK: - Where

    /// The partial file a download of `target` writes: `target.part`.
    public static func partialPath(forTarget target: String) -> String { target + ".part" }
    /// The record of a download of `target`: `target.part.json`.
    public static func recordPath(forTarget target: String) -> String { target + ".part.json" }
    /// The lock file the one writer of `target` holds (`flock`): `target.lock`.
    public static func lockPath(forTarget target: String) -> String { target + ".lock" }

    // MARK: - Reading and writing

    /// The record's bytes, as written to ``recordPath(forTarget:)``.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? [UInt8](encoder.encode(self))) ?? []
    }

    /// The record of a download of `target`, or `nil` when there is none or it is not one genui wrote: unreadable,
    /// larger than ``maximumBytes``, not a record, or with numbers genui never writes (``isConsistent``; e.g. two
    /// parts of 9e18 bytes). Every reader (`genui models list`, `doctor`, `generate`, an app's availability check)
    /// then sees the partial file alone, as if no record were there.
    public static func read(target: String) -> DownloadRecord? {
        guard let record = decoded(target: target), record.isConsistent else { return nil }
        return record
    }

    /// The record of a download of `target` as decoded, its counts clamped but its parts not checked: for the
    /// puller, which checks the parts against the partial file it resumes and discards a file whose parts do not
    /// fit (``read(target:)`` is for everyone else).
    package static func decoded(target: String) -> DownloadRecord? {
        let path = recordPath(forTarget: target)
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumBytes + 1), data.count <= maximumBytes,
            var record = try? JSONDecoder().decode(DownloadRecord.self, from: data)
        else { return nil }
        record.bytes = max(0, record.bytes)
        if let expected = record.expectedBytes, expected <= 0 { record.expectedBytes = nil }
        if let rate = record.bytesPerSecond, !(rate.isFinite && rate > 0) { record.bytesPerSecond = nil }
        return record
    }

    // MARK: - The writer

    /// Whether the download's writer is still running: its process exists and it still holds the lock on
    /// ``lockPath(forTarget:)``. A writer killed (even by SIGKILL) loses its lock at once, and a recycled process id
    /// does not hold the lock, so either test alone could be fooled but not both.
    public func writerIsAlive(target: String) -> Bool {
        guard pid > 0 else { return false }
        if kill(pid, 0) != 0 && errno != EPERM { return false }
        return Self.lockIsHeld(at: Self.lockPath(forTarget: target))
    }

    /// Whether some process holds an exclusive `flock` on the file at `path` (`FileLockProbe`).
    public static func lockIsHeld(at path: String) -> Bool {
        FileLockProbe.isHeld(at: path)
    }

    // MARK: - Showing it

    /// How far the download has come, 0...1, when the full size is known.
    public func progress(bytes current: Int64? = nil) -> Double? {
        guard let expected = expectedBytes, expected > 0 else { return nil }
        return min(1, max(0, Double(current ?? bytes) / Double(expected)))
    }

    /// Seconds until the download ends at the recorded rate, when both are known.
    public func secondsLeft(bytes current: Int64? = nil) -> Double? {
        guard let expected = expectedBytes, let rate = bytesPerSecond, rate > 0 else { return nil }
        let left = Double(max(0, expected - (current ?? bytes))) / rate
        return left.isFinite ? left : nil
    }

    /// The download's numbers at `current` bytes (the partial file's size; the recorded bytes by default): what
    /// `GenUI.UnavailableReason.downloading(_:)` carries and the diagnostics layer writes in the user's language.
    public func downloadProgress(bytes current: Int64? = nil) -> ModelDownloadProgress {
        let done = current ?? bytes
        return ModelDownloadProgress(bytes: done, expectedBytes: expectedBytes, secondsLeft: secondsLeft(bytes: done))
    }

    /// The detail of `GenUI.UnavailableReason.modelNotReady(progress:detail:)` for this download: the well-known text
    /// of `GenUI.ModelDownloadProgress.detail` (`downloading 112197632 of 262144000 bytes, about 123 s left`).
    public func progressDetail(bytes current: Int64? = nil) -> String { downloadProgress(bytes: current).detail }

    /// The source as stored and shown: scheme, host, port and path only — user info, query (signed URLs carry
    /// tokens there) and fragment removed.
    public static func displaySource(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "?" }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.string ?? "?"
    }

    static func megabytes(_ bytes: Int64) -> Int64 { (max(0, bytes) + 512 * 1024) / (1024 * 1024) }
}
