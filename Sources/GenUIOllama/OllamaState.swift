@_spi(Reading) import GenUI
import Synchronization

/// What `/api/show` says about a model.
struct OllamaModelDetails: Sendable {
    var capabilities: Set<LanguageModelCapability>
    var contextLength: Int?

    /// What the provider implements for any model: guided generation (`format`), streaming, seeds.
    static let base: Set<LanguageModelCapability> = [.guidedGeneration, .streaming, .seededSampling]

    static let fallback = OllamaModelDetails(capabilities: base, contextLength: nil)

    init(capabilities: Set<LanguageModelCapability>, contextLength: Int?) {
        self.capabilities = capabilities
        self.contextLength = contextLength
    }

    init(show: ShowResponse) {
        var capabilities = Self.base
        for name in show.capabilities?.compactMap(\.content.stringValue) ?? [] {
            switch name {
            case "tools": capabilities.insert(.toolCalling)
            case "vision": capabilities.insert(.vision)
            case "thinking": capabilities.insert(.reasoning)
            default: break
            }
        }
        self.capabilities = capabilities
        contextLength =
            show.modelInfo?.content.orderedProperties?.first { $0.key.hasSuffix(".context_length") }?.value.intValue
    }
}

/// The mutable parts of a provider: the pull it started and the cached model details.
final class OllamaState: Sendable {
    private struct Values {
        var pull: OllamaPullProgress?
        var details: (OllamaModelDetails, ContinuousClock.Instant)?
    }

    private let values = Mutex(Values())

    var pullProgress: OllamaPullProgress? {
        get { values.withLock { $0.pull } }
        set { values.withLock { $0.pull = newValue } }
    }

    func details(maxAge: Duration) -> OllamaModelDetails? {
        values.withLock { values in
            guard let (details, at) = values.details, ContinuousClock.now - at < maxAge else { return nil }
            return details
        }
    }

    func store(_ details: OllamaModelDetails) {
        values.withLock { $0.details = (details, ContinuousClock.now) }
    }

    func invalidateDetails() {
        values.withLock { $0.details = nil }
    }
}
