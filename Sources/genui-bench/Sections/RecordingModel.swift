import GenUI
import Synchronization

/// A scripted model that notes the instant each request reaches it: the "second provider" of the fallback
/// measurements.
final class RecordingModel: RoutableModel {
    let name: String
    private let scripted: ScriptedLanguageModel
    private let arrivals = Mutex<[ContinuousClock.Instant]>([])

    init(name: String = "second") {
        self.name = name
        self.scripted = ScriptedLanguageModel(name: name)
    }

    var availability: Availability { .available }
    var supportedCapabilities: Set<LanguageModelCapability> { [.guidedGeneration, .streaming, .seededSampling] }

    /// When the latest request arrived.
    var lastArrival: ContinuousClock.Instant? { arrivals.withLock { $0.last } }

    func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        arrivals.withLock { $0.append(ContinuousClock.now) }
        return try await scripted.respond(to: request)
    }
}
