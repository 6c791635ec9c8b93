import GenUITestSupport
import Testing

@testable import GenUIModels
@testable import GenUIOnDevice

/// The tally of a pull in parts: the bytes written and the gap-free prefix the hash follows, as parts write in any
/// order.
@Suite("The write tally of a pull in parts", .tags(.unit))
struct WriteTallyTests {
    @Test(
        "The gap-free prefix grows only with the first unfinished part, jumps over parts finished before it, and every write is reported at once"
    )
    func prefixFollowsTheFirstUnfinishedPart() {
        let parts = [
            DownloadRecord.Part(start: 0, length: 100),
            DownloadRecord.Part(start: 100, length: 100, done: 40),
            DownloadRecord.Part(start: 200, length: 50),
        ]
        var heard: [(Int64, Int64)] = []
        let tally = WriteTally(parts: parts) { heard.append(($0, $1)) }
        #expect(tally.contiguous == 0)
        #expect(tally.bytes == 40)

        tally.wrote(50, part: 2, reaching: 250) // the last part, complete, behind a gap
        #expect(tally.contiguous == 0)
        tally.wrote(60, part: 0, reaching: 60)
        #expect(tally.contiguous == 60)
        tally.wrote(40, part: 0, reaching: 100) // the first part complete: the prefix reaches into the second
        #expect(tally.contiguous == 140)
        tally.wrote(60, part: 1, reaching: 200) // the second complete: the third was already
        #expect(tally.contiguous == 250)
        #expect(tally.bytes == 250)
        #expect(heard.map(\.0) == [0, 60, 140, 250])
        #expect(heard.map(\.1) == [90, 150, 190, 250])
    }

    @Test("Parts held complete before the transfer count in the prefix from the start")
    func heldPartsStartThePrefix() {
        let parts = [
            DownloadRecord.Part(start: 0, length: 10, done: 10),
            DownloadRecord.Part(start: 10, length: 10, done: 4),
        ]
        let tally = WriteTally(parts: parts) { _, _ in }
        #expect(tally.contiguous == 14)
        #expect(tally.bytes == 14)
    }
}
