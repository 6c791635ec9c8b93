import Foundation
import GenUIOnDevice

/// What a download reports while it runs, for a progress bar, JSON lines or nothing.
public enum DownloadEvent: Sendable, Hashable {
    /// Another process is writing this model; the pull waits for it (``DownloadOptions/waitForOtherWriter``).
    case waitingForWriter(pid: Int32, record: DownloadRecord?)
    /// The transfer started: `resumedFrom` bytes were already in the partial file and are not fetched again.
    case started(resumedFrom: Int64, expectedBytes: Int64?)
    /// The server does not honour ranges: the partial file was discarded and the download starts from zero.
    case restartedFromZero(discardedBytes: Int64)
    /// The partial file cannot be resumed from this source (another URL, a file changed at the source, or nothing to
    /// check it by): it was discarded and the download starts from zero, so bytes of two files are never joined.
    case sourceChanged(discardedBytes: Int64, reason: DownloadSourceChange)
    /// The server does not take ranged requests (or did not say how large the file is): the file comes on one
    /// connection, however many ``DownloadOptions/connections`` allow.
    case oneConnection
    /// Bytes so far (for a pull in parts, the sum of its parts), the size when known, and the recent rate.
    case progress(DownloadProgress)
    /// Every byte is on disk; the file is being checked against its SHA-256.
    case verifying
}

/// Why a partial file was not resumed (``DownloadEvent/sourceChanged(discardedBytes:reason:)``).
public enum DownloadSourceChange: Sendable, Hashable {
    /// The partial file was downloaded from another URL (`previous`, shown without user info or query).
    case differentURL(previous: String)
    /// The file changed at the source: its ETag or Last-Modified differs from the one recorded, or the server
    /// answered the whole file to `If-Range`.
    case fileChanged
    /// Neither a validator (ETag, Last-Modified) nor an expected SHA-256 can show that the partial file's bytes are
    /// the source's.
    case unverifiable
}

/// How far a download has come.
public struct DownloadProgress: Sendable, Hashable {
    /// Bytes in the partial file.
    public var bytes: Int64
    /// The full size, when known.
    public var expectedBytes: Int64?
    /// The recent transfer rate in bytes per second, when measured.
    public var bytesPerSecond: Double?

    /// Creates a progress report.
    public init(bytes: Int64, expectedBytes: Int64?, bytesPerSecond: Double?) {
        self.bytes = bytes
        self.expectedBytes = expectedBytes
        self.bytesPerSecond = bytesPerSecond
    }

    /// The fraction done, 0...1, when the size is known.
    public var fraction: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return nil }
        return min(1, max(0, Double(bytes) / Double(expectedBytes)))
    }

    /// Seconds left at the current rate, when known.
    public var secondsLeft: Double? {
        guard let expectedBytes, let bytesPerSecond, bytesPerSecond > 0 else { return nil }
        let left = Double(max(0, expectedBytes - bytes)) / bytesPerSecond
        return left.isFinite ? left : nil
    }
}

/// How a pull ended.
public struct DownloadResult: Sendable, Hashable {
    /// Where the model now is.
    public var path: String
    /// Its size.
    public var bytes: Int64
    /// Its SHA-256.
    public var sha256: String
    /// Whether it matched an expected SHA-256 (`false`: none was given).
    public var verified: Bool
    /// Bytes fetched over the network by this pull (a resumed pull fetches only the rest).
    public var fetchedBytes: Int64
    /// Whether the model was already installed, and nothing was fetched.
    public var alreadyInstalled: Bool
    /// Whether a server without range support made the pull start over.
    public var restartedFromZero: Bool

    /// Creates a result.
    public init(
        path: String, bytes: Int64, sha256: String, verified: Bool, fetchedBytes: Int64, alreadyInstalled: Bool,
        restartedFromZero: Bool
    ) {
        self.path = path
        self.bytes = bytes
        self.sha256 = sha256
        self.verified = verified
        self.fetchedBytes = fetchedBytes
        self.alreadyInstalled = alreadyInstalled
        self.restartedFromZero = restartedFromZero
    }
}
