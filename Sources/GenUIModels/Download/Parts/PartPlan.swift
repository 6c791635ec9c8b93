import Foundation
import GenUIOnDevice

/// How a file is cut into parts for a pull on several connections, and what a recorded set of parts still needs.
///
/// The size of a part comes from the file's: `total / maximumParts`, at least ``minimumPartBytes`` (so at most
/// ``maximumParts`` parts, and the record stays small), all of one size but the last. The connections take the parts
/// in file order, the next one free whenever one ends: the bytes written without a gap from the start grow at about
/// the rate of all connections together, and the hash (which must read the file in order) keeps up during the
/// transfer instead of starting at its end. A part that fails or stalls is fetched again from its first missing
/// byte, so a part never needs splitting for a resume.
enum PartPlan {
    /// The smallest part (a connection's setup is worth no less).
    static let minimumPartBytes: Int64 = 4 << 20
    /// The most parts of a file.
    static let maximumParts: Int64 = 64

    /// The parts of a fresh pull of `total` bytes.
    static func split(total: Int64) -> [DownloadRecord.Part] {
        guard total > 0 else { return [] }
        let size = max(minimumPartBytes, (total + maximumParts - 1) / maximumParts)
        return stride(from: Int64(0), to: total, by: Int(size)).map { start in
            DownloadRecord.Part(start: start, length: min(size, total - start))
        }
    }

    /// Whether a recorded set of parts can be resumed against a file of `total` bytes: the parts tile `0..<total` in
    /// order without gaps or overlaps, each with `0...length` bytes done, and the partial file (`fileSize` bytes) can
    /// hold what they claim. Anything else is not a record genui wrote for this file.
    static func isValid(_ parts: [DownloadRecord.Part], total: Int64, fileSize: Int64) -> Bool {
        guard !parts.isEmpty, parts.count <= maximumParts + 1 else { return false }
        var next: Int64 = 0
        for part in parts {
            guard part.start == next, part.length > 0, part.done >= 0, part.done <= part.length else { return false }
            let (end, overflow) = part.start.addingReportingOverflow(part.length)
            guard !overflow else { return false }
            if part.done > 0 && part.start + part.done > fileSize { return false }
            next = end
        }
        return next == total
    }

    /// The bytes from the start of the file that are written without a gap.
    static func contiguousBytes(_ parts: [DownloadRecord.Part]) -> Int64 {
        var through: Int64 = 0
        for part in parts {
            guard part.start == through else { break }
            through = part.start + part.done
            guard part.isComplete else { break }
        }
        return through
    }

    /// The bytes written in all parts.
    static func heldBytes(_ parts: [DownloadRecord.Part]) -> Int64 {
        parts.reduce(0) { $0 + $1.done }
    }

    /// The parts of a file whose first `contiguous` bytes are already written (a partial file of a pull on one
    /// connection, resumed in parts): the bytes held are a first part, complete; the rest is split as a fresh pull.
    static func resuming(contiguous: Int64, total: Int64) -> [DownloadRecord.Part] {
        guard contiguous > 0 else { return split(total: total) }
        guard contiguous < total else { return [DownloadRecord.Part(start: 0, length: total, done: total)] }
        let rest = split(total: total - contiguous).map {
            DownloadRecord.Part(start: $0.start + contiguous, length: $0.length)
        }
        return [DownloadRecord.Part(start: 0, length: contiguous, done: contiguous)] + rest
    }
}
