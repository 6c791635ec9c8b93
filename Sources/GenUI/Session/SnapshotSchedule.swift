/// When a streamed response's text is read again for a snapshot.
///
/// Building a snapshot costs the whole text so far (a structured response is parsed again from the start; a text
/// snapshot is a copy). Doing it at every delta makes a stream of `n` one-byte deltas cost `n²`. The schedule
/// takes a snapshot at every delta while the text is short (``eagerBytes``), then only once the text has grown by a
/// fraction (1/``growthDivisor``) of its length at the last snapshot: the total cost stays linear in the length
/// of the text, and the number of snapshots grows with its logarithm. The final value is always read in full.
struct SnapshotSchedule: Sendable {
    /// Below this many bytes every delta is a snapshot.
    let eagerBytes: Int
    /// Past ``eagerBytes``, a snapshot waits for the text to grow by its length divided by this.
    let growthDivisor: Int
    /// The text's length at the last snapshot.
    private(set) var snapshotBytes = 0

    /// For structured responses, whose snapshots parse the whole text.
    static let parsing = SnapshotSchedule(eagerBytes: 2 << 10, growthDivisor: 8)
    /// For text responses, whose snapshots copy it.
    static let copying = SnapshotSchedule(eagerBytes: 16 << 10, growthDivisor: 64)

    /// Whether the text, now `byteCount` bytes long, is due for a snapshot; if so it is recorded as taken.
    mutating func isDue(at byteCount: Int) -> Bool {
        guard byteCount > snapshotBytes else { return false }
        guard byteCount <= eagerBytes || byteCount - snapshotBytes >= snapshotBytes / growthDivisor else {
            return false
        }
        snapshotBytes = byteCount
        return true
    }

    /// Starts again (the model restarted its answer).
    mutating func reset() { snapshotBytes = 0 }
}
