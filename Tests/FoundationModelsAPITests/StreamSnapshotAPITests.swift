import Foundation
import GenUIFoundationModels
import GenUITestSupport
import GenUITesting
import Testing

/// `ResponseStream.Snapshot`'s Foundation Models 27 fields: partial snapshots carry no usage and no entries yet; the
/// final one carries the response's usage and the entries the exchange added to the transcript.
@Suite("Foundation Models API: stream snapshots with usage and transcript entries", .tags(.unit))
struct StreamSnapshotAPITests {
    @Test("the final snapshot has the exchange's entries and usage; the partial ones have neither yet")
    func finalSnapshotCarriesEntriesAndUsage() async throws {
        let session = LanguageModelSession(model: ScriptedLanguageModel(), instructions: "Answer briefly.")
        var snapshots: [LanguageModelSession.ResponseStream<String>.Snapshot] = []
        for try await snapshot in session.streamResponse(to: "Name three fruits.") { snapshots.append(snapshot) }
        let final = try #require(snapshots.last)
        #expect(snapshots.dropLast().allSatisfy { $0.transcriptEntries.isEmpty && $0.usage.totalTokenCount == 0 })
        #expect(final.transcriptEntries == Array(session.transcript.dropFirst()))
        #expect(final.usage.output.totalTokenCount > 0)
        #expect(final.usage == session.usage)
    }
}
