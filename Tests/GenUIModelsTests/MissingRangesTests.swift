import GenUITestSupport
import Testing

@testable import GenUIModels
@testable import GenUIOnDevice

/// The byte ranges a pull still has to write, which it reserves on the volume before the body.
@Suite("The missing ranges of a pull", .tags(.unit))
struct MissingRangesTests {
    @Test("A fresh pull in parts is missing its whole file as one range, so its room is reserved in one call")
    func freshPartsAreOneRange() {
        let parts = PartPlan.split(total: 98_362_432, connections: 8)
        #expect(parts.count > 1)
        #expect(ModelDownloader.missingRanges(parts: parts, contiguous: 0, total: 98_362_432) == [0..<98_362_432])
    }

    @Test(
        "A resumed pull in parts is missing each part's end, joined with the next part when that has no byte yet, and nothing of a finished part"
    )
    func resumedPartsJoinOnlyWhereTheyTouch() {
        let parts = [
            DownloadRecord.Part(start: 0, length: 100, done: 100),
            DownloadRecord.Part(start: 100, length: 100, done: 30),
            DownloadRecord.Part(start: 200, length: 100),
            DownloadRecord.Part(start: 300, length: 100, done: 10),
            DownloadRecord.Part(start: 400, length: 50, done: 50),
            DownloadRecord.Part(start: 450, length: 50, done: 5),
        ]
        #expect(
            ModelDownloader.missingRanges(parts: parts, contiguous: 100, total: 500) == [
                130..<300, 310..<400, 455..<500,
            ])
    }

    @Test(
        "A pull on one connection is missing everything after the bytes it holds, and nothing once it holds the whole file"
    )
    func oneConnectionIsMissingItsTail() {
        #expect(ModelDownloader.missingRanges(parts: nil, contiguous: 40, total: 100) == [40..<100])
        #expect(ModelDownloader.missingRanges(parts: nil, contiguous: 100, total: 100).isEmpty)
    }
}
