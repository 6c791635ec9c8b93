import GenUIOnDevice

/// What the parts of one transfer have written, kept as they write (on the transfer's thread): the bytes in all, and
/// the prefix of the file written without a gap, handed on each time a write moves it (the hash follows that prefix,
/// so it learns of new bytes as soon as they are in the file, not when libcurl next hands control back).
final class WriteTally {
    /// Bytes written by all parts, those held before the transfer included.
    private(set) var bytes: Int64
    /// The bytes from the file's start written without a gap.
    private(set) var contiguous: Int64
    /// The next byte to write of each part, and where each part ends.
    private var reached: [Int64]
    private let ends: [Int64]
    /// The first part not complete.
    private var front = 0
    private let moved: (_ contiguous: Int64, _ bytes: Int64) -> Void

    /// Starts from `parts` as planned (their bytes done count as written); `moved` hears the prefix and the bytes
    /// written after every write.
    init(parts: [DownloadRecord.Part], moved: @escaping (_ contiguous: Int64, _ bytes: Int64) -> Void) {
        bytes = PartPlan.heldBytes(parts)
        reached = parts.map { $0.start + $0.done }
        ends = parts.map { $0.start + $0.length }
        contiguous = 0
        self.moved = moved
        advanceFront()
    }

    /// Part `index` wrote `count` bytes and will next write at `offset`.
    func wrote(_ count: Int, part index: Int, reaching offset: Int64) {
        bytes += Int64(count)
        reached[index] = offset
        if index == front { advanceFront() }
        moved(contiguous, bytes)
    }

    private func advanceFront() {
        while front < ends.count && reached[front] >= ends[front] { front += 1 }
        contiguous = front < ends.count ? reached[front] : ends.last ?? 0
    }
}
