import Foundation
import GenUIOnDevice

/// One part of a pull in parts: its range, how far it has come, its retries, and the connection fetching it now
/// (``PartConnection``, alone or with the parts after it).
///
/// Touched only by the thread that runs the transfer (``PartsTransfer``).
final class CurlPart {
    let index: Int
    let start: Int64
    let end: Int64
    /// The next byte to write (absolute).
    private(set) var offset: Int64
    /// Connections given up so far (failed or stalled) while this part was the one they were writing.
    var retries = 0
    /// When a retry may start (after its backoff).
    var retryAt: ContinuousClock.Instant?
    /// The connection fetching this part now; `nil` while it waits or once it is complete.
    var connection: PartConnection?

    init(index: Int, part: DownloadRecord.Part) {
        self.index = index
        self.start = part.start
        self.end = part.start + part.length
        self.offset = part.start + part.done
    }

    var length: Int64 { end - start }
    var done: Int64 { offset - start }
    var isComplete: Bool { offset >= end }
    var isRunning: Bool { connection != nil }
    /// Whether nothing of the part has been written or tried: it can join a run behind another part.
    var isUntouched: Bool { offset == start && retries == 0 && retryAt == nil }
    var record: DownloadRecord.Part { DownloadRecord.Part(start: start, length: length, done: done) }

    /// `count` more bytes were written at ``offset``.
    func advance(by count: Int) {
        offset += Int64(count)
    }
}
