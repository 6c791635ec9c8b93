import GenUITestSupport
import Testing

@testable import GenUIModels
@testable import GenUIOnDevice

/// How many connections a pull in parts keeps open: the first few, until a window of 10 ms shows them slow.
@Suite("The connection ramp of a pull in parts", .tags(.unit))
struct ConnectionRampTests {
    /// 8 connections at most, 2 at first, 100 MB/s per connection counting as fast, windows of 10 ms.
    static func ramp(maximum: Int = 8, initial: Int = 2, fast: Double = 100_000_000) -> ConnectionRamp {
        ConnectionRamp(maximum: maximum, initial: initial, fastBytesPerSecond: fast, window: .milliseconds(10))
    }

    /// A ramp as ``ramp(maximum:initial:fast:)`` whose first window starts at `start`.
    static func ramp(startedAt start: ContinuousClock.Instant, fast: Double = 100_000_000) -> ConnectionRamp {
        var ramp = Self.ramp(fast: fast)
        _ = ramp.connections(at: start, received: 0)
        return ramp
    }

    /// The bytes `connections` connections bring in `milliseconds` at `megabytesPerSecond` each.
    static func bytes(_ connections: Int, at megabytesPerSecond: Int64, for milliseconds: Int64) -> Int64 {
        Int64(connections) * megabytesPerSecond * 1_000_000 * milliseconds / 1000
    }

    @Test("A pull starts with the first connections only, and decides nothing before a whole window has passed")
    func startsWithTheFirstConnections() {
        var ramp = Self.ramp()
        let start = ContinuousClock.now
        #expect(ramp.connections(at: start, received: 0) == 2)
        // Half a window without a byte: too early to call the path slow.
        #expect(ramp.connections(at: start + .milliseconds(5), received: 0) == 2)
        #expect(!ramp.isOpen)
    }

    @Test("Connections that each bring 100 MB/s or more stay alone, window after window")
    func fastConnectionsStayAlone() {
        let start = ContinuousClock.now
        var ramp = Self.ramp(startedAt: start)
        var received: Int64 = 0
        for window in 1...5 {
            received += Self.bytes(2, at: 400, for: 10)
            #expect(ramp.connections(at: start + .milliseconds(10 * window), received: received) == 2)
        }
        #expect(!ramp.isOpen)
    }

    @Test(
        "A first window slower than 100 MB/s per connection (a host pacing each one at 20 MB/s) opens every connection")
    func pacedConnectionsOpenTheRest() {
        let start = ContinuousClock.now
        var ramp = Self.ramp(startedAt: start)
        #expect(ramp.connections(at: start + .milliseconds(10), received: Self.bytes(2, at: 20, for: 10)) == 8)
        #expect(ramp.isOpen)
    }

    @Test("A path that slows down after fast windows opens every connection at its first slow window")
    func laterSlowdownOpensTheRest() {
        let start = ContinuousClock.now
        var ramp = Self.ramp(startedAt: start)
        let fast = Self.bytes(2, at: 400, for: 10)
        #expect(ramp.connections(at: start + .milliseconds(10), received: fast) == 2)
        // 99 MB/s per connection in the second window: just short.
        #expect(ramp.connections(at: start + .milliseconds(20), received: fast + Self.bytes(2, at: 99, for: 10)) == 8)
    }

    @Test("Once open, every connection stays open, however fast the later windows")
    func openStaysOpen() {
        let start = ContinuousClock.now
        var ramp = Self.ramp(startedAt: start)
        #expect(ramp.connections(at: start + .milliseconds(10), received: 0) == 8)
        #expect(ramp.connections(at: start + .milliseconds(20), received: Self.bytes(8, at: 1000, for: 10)) == 8)
    }

    @Test("A rate of 0 counts every connection as fast: the first connections stay alone even without a byte")
    func zeroRateKeepsTheFirstConnections() {
        let start = ContinuousClock.now
        var ramp = Self.ramp(startedAt: start, fast: 0)
        #expect(ramp.connections(at: start + .milliseconds(50), received: 0) == 2)
    }

    @Test(
        "The first connections are never more than the most allowed, and a pull allowed one connection is open from the start"
    )
    func firstConnectionsAreClampedToTheMost() {
        var one = Self.ramp(maximum: 1)
        #expect(one.connections(at: .now, received: 0) == 1)
        #expect(one.isOpen)
        var all = Self.ramp(maximum: 4, initial: 4)
        #expect(all.connections(at: .now, received: 0) == 4)
        #expect(all.isOpen)
    }

    @Test(
        "The transfer's wait while the ramp measures ends with the window: 10 ms, and never 0 for a window shorter than a millisecond"
    )
    func waitEndsWithTheWindow() {
        #expect(Self.ramp().windowMilliseconds == 10)
        let short = ConnectionRamp(maximum: 8, window: .microseconds(200))
        #expect(short.windowMilliseconds == 1)
    }
}

/// Which parts one connection asks for at once on a fast path.
@Suite("The runs of parts of a pull in parts", .tags(.unit))
struct PartRunTests {
    /// Parts of 4 MiB; `done` gives the bytes written of each by index.
    static func parts(_ count: Int, done: [Int: Int64] = [:]) -> [CurlPart] {
        (0..<count).map { index in
            CurlPart(
                index: index,
                part: DownloadRecord.Part(start: Int64(index) << 22, length: 4 << 20, done: done[index] ?? 0))
        }
    }

    @Test("A run takes the parts after the first while they fit the limit, and the first part whatever its size")
    func runFitsTheLimit() {
        let parts = Self.parts(8)
        #expect(PartsTransfer.run(from: 2, in: parts, limit: 16 << 20).map(\.index) == [2, 3, 4, 5])
        #expect(PartsTransfer.run(from: 2, in: parts, limit: (16 << 20) - 1).map(\.index) == [2, 3, 4])
        #expect(PartsTransfer.run(from: 6, in: parts, limit: 16 << 20).map(\.index) == [6, 7])
        #expect(PartsTransfer.run(from: 0, in: parts, limit: 1).map(\.index) == [0])
    }

    @Test("A run counts only the first part's missing bytes, and stops before a part begun or retried")
    func runStopsAtAPartBegun() {
        let parts = Self.parts(8, done: [1: 3 << 20, 4: 1])
        // Part 1 has 1 MiB missing: with parts 2 and 3 the run asks for 9 MiB; part 4 is begun.
        #expect(PartsTransfer.run(from: 1, in: parts, limit: 16 << 20).map(\.index) == [1, 2, 3])
        parts[6].retries = 1
        #expect(PartsTransfer.run(from: 5, in: parts, limit: 16 << 20).map(\.index) == [5])
    }
}
