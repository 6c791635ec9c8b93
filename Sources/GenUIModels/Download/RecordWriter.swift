import Foundation
import GenUIConfig
import GenUIOnDevice

/// Keeps a download's ``DownloadRecord`` current: rewritten atomically (``AtomicFile``, flushed to disk once it claims
/// bytes) at most every `interval`, with a transfer rate smoothed over the recent past. A record that cannot be written
/// (a full disk) is skipped: it only informs other processes, and the download itself goes on.
final class RecordWriter: @unchecked Sendable {
    let target: String
    let name: String
    let source: String
    let pid: Int32
    let interval: Duration
    var expectedBytes: Int64?
    /// The source's validators for the bytes in the partial file (kept so that a resume can check them).
    var validator = SourceValidator()
    /// The parts of a pull in parts and how far each has come (`nil` for one connection); the record keeps them so
    /// that the next pull fetches only what is missing.
    var parts: [DownloadRecord.Part]?
    /// Makes the next ``write(bytes:force:)`` happen whatever the interval (the record's facts changed).
    var due = false
    private let startedAt = Date().timeIntervalSince1970
    private var lastWrite: ContinuousClock.Instant?
    private var lastBytes: Int64 = 0
    private(set) var bytesPerSecond: Double?

    init(target: String, name: String, source: String, pid: Int32, interval: Duration) {
        self.target = target
        self.name = name
        self.source = source
        self.pid = pid
        self.interval = interval
    }

    /// The bytes the partial file holds when `contiguous` of them are written from its start without a gap: the
    /// parts' sum for a pull in parts.
    func heldBytes(contiguous: Int64) -> Int64 {
        parts.map(PartPlan.heldBytes) ?? contiguous
    }

    /// Writes the record when `interval` has passed since the last write (or when `force`d); `true` when written.
    /// `bytes` is the bytes held (for a pull in parts, the sum of its parts).
    @discardableResult
    func write(bytes: Int64, force: Bool) -> Bool {
        let now = ContinuousClock.now
        if let lastWrite {
            let elapsed = now - lastWrite
            guard force || due || elapsed >= interval else { return false }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            if seconds > 0.05 {
                let rate = Double(max(0, bytes - lastBytes)) / seconds
                bytesPerSecond = bytesPerSecond.map { 0.7 * $0 + 0.3 * rate } ?? rate
            }
        }
        lastWrite = now
        lastBytes = bytes
        due = false
        let record = DownloadRecord(
            name: name, source: source, expectedBytes: expectedBytes, bytes: bytes, bytesPerSecond: bytesPerSecond,
            pid: pid, startedAt: startedAt, updatedAt: Date().timeIntervalSince1970,
            entityTag: validator.entityTag, lastModified: validator.lastModified, parts: parts)
        // A record that claims no bytes is worth nothing after a power loss (the next pull starts from zero either
        // way), so it is not flushed to disk: the two before a pull's first byte would delay it by two `fsync`s.
        try? AtomicFile.write(record.encoded(), to: DownloadRecord.recordPath(forTarget: target), durable: bytes > 0)
        return true
    }

    /// Removes the record (the download finished, or its partial file was deleted).
    func remove() {
        unlink(DownloadRecord.recordPath(forTarget: target))
    }
}
