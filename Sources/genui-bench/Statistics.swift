/// Order statistics over a set of samples.
struct Samples: Sendable {
    private(set) var values: [Double]

    init(_ values: [Double] = []) { self.values = values }

    mutating func append(_ value: Double) { values.append(value) }

    var count: Int { values.count }

    /// The value below which `fraction` of the samples lie (nearest rank).
    func percentile(_ fraction: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count - 1)).rounded())
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    var median: Double { percentile(0.5) }
    var minimum: Double { values.min() ?? .nan }
    var maximum: Double { values.max() ?? .nan }
    var sum: Double { values.reduce(0, +) }
}

/// Wall-clock timing with the continuous clock, in seconds.
enum Stopwatch {
    static func time<T>(_ body: () async throws -> T) async rethrows -> (T, Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let value = try await body()
        return (value, (clock.now - start).secondsValue)
    }
}

extension Duration {
    var secondsValue: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// Interleaves two variants run for run (A, B, A, B, …) so drift on a shared machine hits both alike, and reports
/// the median of the per-pair ratios B/A.
struct InterleavedComparison {
    var a = Samples()
    var b = Samples()
    var ratios = Samples()

    mutating func record(a timeA: Double, b timeB: Double) {
        a.append(timeA)
        b.append(timeB)
        if timeA > 0 { ratios.append(timeB / timeA) }
    }
}
