// `@Observable` next to the one import Foundation Models code has: no `import Observation`.
import GenUIFoundationModels
import GenUITestSupport
import Synchronization
import Testing

@Observable
final class DraftModel {
    var draft = ""
    var isAvailable: Bool { true }
}

/// How many changes were reported.
private final class ChangeCount: Sendable {
    let value = Atomic<Int>(0)
}

@Suite("Observation comes with the Foundation Models import", .tags(.unit))
struct ObservationReexportTests {
    @Test("an @Observable class in a file that imports only GenUIFoundationModels is observable and reports changes")
    func observableCompilesAndTracks() {
        let model = DraftModel()
        let changes = ChangeCount()
        withObservationTracking {
            _ = model.draft
        } onChange: {
            changes.value.add(1, ordering: .relaxed)
        }
        model.draft = "Hello"
        #expect(changes.value.load(ordering: .relaxed) == 1)
        #expect((model as Any) is any Observable)
    }
}
