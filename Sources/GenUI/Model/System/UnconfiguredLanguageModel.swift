/// The default model when nothing provides one: unavailable, and every request fails saying so.
///
/// ``SystemLanguageModel/default`` is this model when the app neither linked `GenUIFoundationModels` nor called
/// ``SystemLanguageModel/use(_:)``: no text is invented in place of a model that does not exist.
public struct UnconfiguredLanguageModel: RoutableModel {
    /// What is missing, as ``UnavailableReason/notConfigured(missing:)`` names it.
    public static let missing =
        "a model: link GenUIFoundationModels (import GenUIFoundationModels) or call SystemLanguageModel.use(_:)"

    /// Creates the model.
    public init() {}

    public var name: String { "system" }

    public var availability: Availability { .unavailable(.notConfigured(missing: Self.missing)) }

    public var supportedCapabilities: Set<LanguageModelCapability> { [] }

    public func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        throw GenUIError.unavailable(
            .notConfigured(missing: Self.missing),
            .init(provider: name, debugDescription: "no default model: \(Self.missing)"))
    }
}
