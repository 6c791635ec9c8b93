/// A small, fast, reproducible random number generator (SplitMix64): the same seed gives the same sequence on
/// every platform and every run.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) { state = seed }

    /// Creates a generator from a seed mixed with a text (a prompt), using a stable hash.
    public init(seed: UInt64, text: String) {
        self.init(seed: seed ^ Self.stableHash(text))
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// FNV-1a over UTF-8: stable across processes, unlike `Hasher`.
    public static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0100_0000_01B3
        }
        return hash
    }
}
