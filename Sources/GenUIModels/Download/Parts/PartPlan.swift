import Foundation
import GenUIOnDevice

/// How a file is cut into parts for a pull on several connections, and what a recorded set of parts still needs.
///
/// The size of a part comes from the file's: `total / maximumParts`, at least ``minimumPartBytes`` (so the record
/// stays small). The connections take the parts in file order, the next one free whenever one ends, and the first
/// round, one part per connection, grows in steps: with `c` connections its parts are 1/c, 2/c, … c/c of the size.
/// Parts that start together at the same rate would also end together, and the bytes written without a gap from the
/// file's start (the ones the hash can read, since it must read in order) would wait for the slowest of each round
/// and then jump by a round at once, leaving the hash a round behind when the last byte arrives. Staggered, the
/// parts end one after the other from the start and every connection that frees up takes a whole part, so the gap-free
/// bytes grow at about the rate of all connections together and the hash keeps up during the transfer instead of
/// finishing after it. A part that fails or stalls is fetched again from its first missing byte, so a part never
/// needs splitting for a resume.
enum PartPlan {
    /// The smallest part (a connection's setup is worth no less).
    static let minimumPartBytes: Int64 = 4 << 20
    /// The most parts of a file.
    static let maximumParts: Int64 = 64

    /// The most parts of a record genui wrote: a plan's parts, the steps of its first round, and a first part of
    /// bytes held before the pull went to parts (``resuming(contiguous:total:connections:)``).
    static let maximumRecordedParts = Int(maximumParts) + DownloadOptions.maximumConnections + 1

    /// The parts of a fresh pull of `total` bytes on `connections` connections: a first round of `connections` parts
    /// growing in steps up to the part size, then parts of that size (the last one shorter).
    static func split(total: Int64, connections: Int) -> [DownloadRecord.Part] {
        guard total > 0 else { return [] }
        let size = max(minimumPartBytes, (total + maximumParts - 1) / maximumParts)
        let round = Int64(min(max(1, connections), DownloadOptions.maximumConnections))
        var parts: [DownloadRecord.Part] = []
        var start: Int64 = 0
        while start < total {
            let step = Int64(parts.count) + 1
            let length = step < round ? size * step / round : size
            parts.append(DownloadRecord.Part(start: start, length: min(length, total - start)))
            start += length
        }
        return parts
    }

    /// Whether a recorded set of parts can be resumed against a file of `total` bytes: the parts tile `0..<total` in
    /// order without gaps or overlaps, each with `0...length` bytes done, and the partial file (`fileSize` bytes) can
    /// hold what they claim. Anything else is not a record genui wrote for this file.
    static func isValid(_ parts: [DownloadRecord.Part], total: Int64, fileSize: Int64) -> Bool {
        guard !parts.isEmpty, parts.count <= maximumRecordedParts else { return false }
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
    static func resuming(contiguous: Int64, total: Int64, connections: Int) -> [DownloadRecord.Part] {
        guard contiguous > 0 else { return split(total: total, connections: connections) }
        guard contiguous < total else { return [DownloadRecord.Part(start: 0, length: total, done: total)] }
        let rest = split(total: total - contiguous, connections: connections).map {
            DownloadRecord.Part(start: $0.start + contiguous, length: $0.length)
        }
        return [DownloadRecord.Part(start: 0, length: contiguous, done: contiguous)] + rest
    }
}
