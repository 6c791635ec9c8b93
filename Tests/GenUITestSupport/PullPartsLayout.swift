/// The parts a fresh pull cuts a file into, as docs/models.md describes them, worked out here on their own so that
/// tests check the downloader against the documented layout rather than against its own arithmetic. With `c`
/// connections, a part size of a 64th of the file (at least 4 MiB) and a step of a c-th of that size: a first round
/// of `c` parts of 1, 2, … c steps, then parts of the full size while more than a last round of c-1, c-2, … 1 steps
/// would be left, then a last round in those proportions holding exactly the rest (fewer steps when the rest is less
/// than they need).
public enum PullPartsLayout {
    /// The size of the parts of full size, for a file of `total` bytes.
    public static func partBytes(total: Int64) -> Int64 {
        max(4 << 20, (total + 63) / 64)
    }

    /// Each part's first byte and length, in file order.
    public static func parts(total: Int64, connections: Int) -> [(start: Int64, length: Int64)] {
        let size = partBytes(total: total)
        let c = Int64(connections)
        let step = max(1, size / c)
        var lengths: [Int64] = []
        var remaining = total
        func take(_ length: Int64) {
            lengths.append(length)
            remaining -= length
        }
        for multiple in 1...c where remaining > 0 { take(min(size * multiple / c, remaining)) }
        func lastRound(steps: Int64) -> Int64 { step * steps * (steps + 1) / 2 }
        while remaining - size >= lastRound(steps: c - 1) && remaining > lastRound(steps: c - 1) { take(size) }
        var steps = c - 1
        while steps > 1 && lastRound(steps: steps) > remaining { steps -= 1 }
        if steps <= 1 {
            if remaining > 0 { take(remaining) }
        } else {
            let rest = remaining
            let proportions = Array((1...steps).reversed())
            for (index, proportion) in proportions.enumerated() {
                take(index == proportions.count - 1 ? remaining : rest * proportion / (steps * (steps + 1) / 2))
            }
        }
        var start: Int64 = 0
        return lengths.map { length in
            defer { start += length }
            return (start, length)
        }
    }

    /// The `Range` header of each part, in file order.
    public static func ranges(total: Int64, connections: Int) -> [String] {
        parts(total: total, connections: connections).map { "bytes=\($0.start)-\($0.start + $0.length - 1)" }
    }
}
