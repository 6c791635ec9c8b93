/// The parts a fresh pull cuts a file into, as docs/models.md describes them, worked out here on their own so that
/// tests check the downloader against the documented layout rather than against its own arithmetic: parts of a 64th
/// of the file, at least 4 MiB, and a first round of one part per connection growing in steps of 1/c of that size.
public enum PullPartsLayout {
    /// The size of the parts after the first round, for a file of `total` bytes.
    public static func partBytes(total: Int64) -> Int64 {
        max(4 << 20, (total + 63) / 64)
    }

    /// Each part's first byte and length, in file order.
    public static func parts(total: Int64, connections: Int) -> [(start: Int64, length: Int64)] {
        let size = partBytes(total: total)
        var parts: [(start: Int64, length: Int64)] = []
        var start: Int64 = 0
        while start < total {
            let step = Int64(parts.count + 1)
            let planned = step < Int64(connections) ? size * step / Int64(connections) : size
            parts.append((start, min(planned, total - start)))
            start += planned
        }
        return parts
    }

    /// The `Range` header of each part, in file order.
    public static func ranges(total: Int64, connections: Int) -> [String] {
        parts(total: total, connections: connections).map { "bytes=\($0.start)-\($0.start + $0.length - 1)" }
    }
}
