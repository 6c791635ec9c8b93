import Foundation
import GenUIOnDevice

/// How a file is cut into parts for a pull on several connections, and what a recorded set of parts still needs.
///
/// The size of a part comes from the file's: `total / maximumParts`, at least ``minimumPartBytes`` (so the record
/// stays small). The connections take the parts in file order, the next one free whenever one ends. With `c`
/// connections the plan has three stretches:
///
/// - **A first round that grows in steps**: its `c` parts are 1/c, 2/c, … c/c of the part size.
/// - **Parts of the part size.**
/// - **A last round that shrinks in steps**: `c - 1` parts in the proportions c-1, c-2, … 1, which share what the
///   parts of full size leave (at least the first round's first part per unit of proportion, and less than one part
///   of full size more in all). A small file with less left after its first round gets fewer steps, none smaller
///   than the first round's first part.
///
/// Why the steps: parts that start together at the same rate also end together. The bytes written without a gap
/// from the file's start (the ones the hash can read, since it must read in order) would then wait for the slowest
/// part of each round and jump by a whole round at once, and the hash would still have a round to read when the
/// last byte arrives. With a first round in steps the parts end one after the other, every connection that frees up
/// takes a whole part, and the gap-free bytes grow at about the rate of all connections together. The last round
/// shrinks so that the connections, freed one after the other, all end at about the same time: a host that caps
/// each connection then has every connection busy until the end, instead of the last parts running alone.
///
/// A part that fails or stalls is fetched again from its first missing byte, so a part never needs splitting for a
/// resume.
enum PartPlan {
    /// The smallest part of full size (a connection's setup is worth no less).
    static let minimumPartBytes: Int64 = 4 << 20
    /// The most parts of full size of a file.
    static let maximumParts: Int64 = 64

    /// The most parts of a record genui wrote: a plan's parts of full size, the steps of its first and last rounds,
    /// and a first part of bytes held before the pull went to parts (``resuming(contiguous:total:connections:)``).
    static let maximumRecordedParts = Int(maximumParts) + 2 * DownloadOptions.maximumConnections + 1

    /// The parts of a fresh pull of `total` bytes on `connections` connections (see ``PartPlan``).
    static func split(total: Int64, connections: Int) -> [DownloadRecord.Part] {
        guard total > 0 else { return [] }
        let size = max(minimumPartBytes, (total + maximumParts - 1) / maximumParts)
        let round = Int64(min(max(1, connections), DownloadOptions.maximumConnections))
        var lengths: [Int64] = []
        var planned: Int64 = 0
        // The first round, growing.
        for multiple in 1...round where planned < total {
            let length = min(size * multiple / round, total - planned)
            lengths.append(length)
            planned += length
        }
        // Parts of full size, leaving the last round its share.
        let firstPart = max(1, size / round)
        let lastRound = firstPart * round * (round - 1) / 2
        if total - planned > lastRound {
            let full = (total - planned - lastRound) / size
            lengths += Array(repeating: size, count: Int(full))
            planned += full * size
        }
        // The last round, shrinking: `steps` parts in the proportions steps, steps - 1, … 1 holding exactly what is
        // left; fewer than `round - 1` when less is left than that many steps of the first round's first part need.
        let left = total - planned
        var steps = round - 1
        while steps > 1 && firstPart * steps * (steps + 1) / 2 > left { steps -= 1 }
        if steps <= 1 {
            if left > 0 { lengths.append(left) }
        } else {
            let weights = steps * (steps + 1) / 2
            var shared: Int64 = 0
            for weight in stride(from: steps, through: 1, by: -1) {
                let length = weight == 1 ? left - shared : left * weight / weights
                lengths.append(length)
                shared += length
            }
        }
        var start: Int64 = 0
        return lengths.map { length in
            defer { start += length }
            return DownloadRecord.Part(start: start, length: length)
        }
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
