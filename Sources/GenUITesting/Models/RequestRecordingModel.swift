import GenUI
import Synchronization

/// A model that records every request it receives, then answers as the model it wraps does.
///
/// By default it wraps a `ScriptedLanguageModel` of its own name; wrap a ``FixedAnswerModel`` (or any model) to
/// choose the answers. Its name, availability and capabilities are the wrapped model's unless given; it streams the
/// wrapped model's whole answer as one delta, and counts tokens by the protocol's estimate.
public final class RequestRecordingModel: RoutableModel {
    /// The name given at creation, else the wrapped model's.
    public let name: String
    private let base: any RoutableModel
    private let capabilityOverride: Set<LanguageModelCapability>?
    private let availabilityOverride: Availability?
    private let recorded = Mutex<[GenerationRequest]>([])

    /// Creates a model that records each request and passes it to `base`, with `name`, `capabilities` and
    /// `availability` in place of the base's when given.
    public init(
        wrapping base: any RoutableModel, name: String? = nil, capabilities: Set<LanguageModelCapability>? = nil,
        availability: Availability? = nil
    ) {
        self.base = base
        self.name = name ?? base.name
        self.capabilityOverride = capabilities
        self.availabilityOverride = availability
    }

    /// Creates a model that records each request and answers as `ScriptedLanguageModel(name: name)`, claiming
    /// `capabilities` (by default the scripted model's).
    public convenience init(
        name: String = "recording",
        capabilities: Set<LanguageModelCapability> = [.guidedGeneration, .streaming, .seededSampling]
    ) {
        self.init(wrapping: ScriptedLanguageModel(name: name), capabilities: capabilities)
    }

    /// Every request received, in order.
    public var requests: [GenerationRequest] { recorded.withLock { $0 } }

    /// The last request received, if any.
    public var lastRequest: GenerationRequest? { recorded.withLock { $0.last } }

    /// How many requests the model received.
    public var requestCount: Int { recorded.withLock { $0.count } }

    /// The availability given at creation, else the wrapped model's.
    public var availability: Availability {
        get async {
            if let availabilityOverride { return availabilityOverride }
            return await base.availability
        }
    }

    /// The capabilities given at creation, else the wrapped model's.
    public var supportedCapabilities: Set<LanguageModelCapability> {
        get async {
            if let capabilityOverride { return capabilityOverride }
            return await base.supportedCapabilities
        }
    }

    /// Records `request`, then answers with the wrapped model's `respond(to:)`.
    public func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        recorded.withLock { $0.append(request) }
        return try await base.respond(to: request)
    }
}
