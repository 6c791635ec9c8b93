/// The byte ranges a loopback host was asked for (`Range: bytes=A-B` headers), for checking which bytes a pull
/// requested whether it asked part by part or for runs of parts at once.
public enum RequestedRanges {
    /// The first and last byte of each `bytes=A-B` header; `nil` for a header that is not one closed range.
    public static func parse(_ headers: some Sequence<String?>) -> [ClosedRange<Int64>?] {
        headers.map { header in
            guard let header, header.hasPrefix("bytes=") else { return nil }
            let bounds = header.dropFirst(6).split(separator: "-")
            guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first <= last else {
                return nil
            }
            return first...last
        }
    }

    /// `ranges` sorted and joined where they touch or overlap: the bytes they cover, as few ranges as possible.
    public static func covered(_ ranges: [ClosedRange<Int64>]) -> [ClosedRange<Int64>] {
        var joined: [ClosedRange<Int64>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = joined.last, range.lowerBound <= last.upperBound + 1 {
                joined[joined.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                joined.append(range)
            }
        }
        return joined
    }

    /// Whether no byte is in two of `ranges`.
    public static func areDisjoint(_ ranges: [ClosedRange<Int64>]) -> Bool {
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        return zip(sorted, sorted.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound }
    }

    /// Whether the requests `asked` ask for exactly the bytes of `missing` (each part's missing bytes): none twice,
    /// none outside them, all of them, and every request starting where a part's missing bytes start, so a part
    /// begun is asked for from its first missing byte (parts not begun may share one request).
    public static func ask(_ asked: [ClosedRange<Int64>], forExactly missing: [ClosedRange<Int64>]) -> Bool {
        areDisjoint(asked) && covered(asked) == covered(missing)
            && asked.allSatisfy { request in missing.contains { $0.lowerBound == request.lowerBound } }
    }
}
