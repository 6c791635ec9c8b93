import GenUI

/// A model that answers every request with the same text or the same content, whatever it was asked.
///
/// It stands in for a provider whose answer a test chooses: plain text (unguided output, as a provider without
/// guided generation gives), or content it claims to have decoded under the schema — valid or not, for testing how a
/// session, a chain or a composer checks what it gets. Its name, capabilities and availability are the test's to
/// choose; it streams its answer as one delta. Wrap it in ``RequestRecordingModel`` to see the requests it is sent.
public struct FixedAnswerModel: RoutableModel {
    /// The name the model goes by, and the provider its answers name.
    public let name: String
    /// The text of every answer.
    public let text: String
    /// The content of every answer.
    public let content: GeneratedContent
    /// Whether the answers say they were guided (decoded under the request's schema).
    public let guided: Bool
    /// The finish reason every answer reports (`nil`: none, as a backend that does not say).
    public let finishReason: FinishReason?
    private let capabilitySet: Set<LanguageModelCapability>
    private let reportedAvailability: Availability

    /// Creates a model that answers `text` as plain, unguided string content.
    ///
    /// By default it claims no capabilities, so a chain routes it structured requests only when unguided output is
    /// allowed.
    public init(
        name: String = "fixed", text: String, capabilities: Set<LanguageModelCapability> = [],
        availability: Availability = .available, finishReason: FinishReason? = .stop
    ) {
        self.init(
            name: name, text: text, content: GeneratedContent(kind: .string(text)), guided: false,
            capabilities: capabilities, availability: availability, finishReason: finishReason)
    }

    /// Creates a model that answers `content` (with `text` as its text, by default the content's JSON), saying it
    /// was guided unless `guided` is `false`.
    ///
    /// By default it claims guided generation.
    public init(
        name: String = "fixed", content: GeneratedContent, text: String? = nil, guided: Bool = true,
        capabilities: Set<LanguageModelCapability> = [.guidedGeneration], availability: Availability = .available,
        finishReason: FinishReason? = .stop
    ) {
        self.init(
            name: name, text: text ?? content.jsonString, content: content, guided: guided,
            capabilities: capabilities, availability: availability, finishReason: finishReason)
    }

    /// Creates a model that answers `json` as its text, and as content: the parsed JSON when `guided` (the default),
    /// else the JSON as a plain string, as a provider without guided generation answers.
    ///
    /// By default it claims guided generation. Throws when `json` does not parse.
    public init(
        name: String = "fixed", json: String, guided: Bool = true,
        capabilities: Set<LanguageModelCapability> = [.guidedGeneration], availability: Availability = .available,
        finishReason: FinishReason? = .stop
    ) throws {
        let parsed = try GeneratedContent(json: json)
        self.init(
            name: name, text: json, content: guided ? parsed : GeneratedContent(kind: .string(json)), guided: guided,
            capabilities: capabilities, availability: availability, finishReason: finishReason)
    }

    private init(
        name: String, text: String, content: GeneratedContent, guided: Bool,
        capabilities: Set<LanguageModelCapability>, availability: Availability, finishReason: FinishReason?
    ) {
        self.name = name
        self.text = text
        self.content = content
        self.guided = guided
        self.capabilitySet = capabilities
        self.reportedAvailability = availability
        self.finishReason = finishReason
    }

    /// The availability given at creation; the model answers even when it reports itself unavailable.
    public var availability: Availability { reportedAvailability }

    /// The capabilities given at creation.
    public var supportedCapabilities: Set<LanguageModelCapability> { capabilitySet }

    /// The fixed answer, attributed to ``name``.
    public func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        GenerationResponse(
            content: content, text: text,
            metadata: ResponseMetadata(provider: name, guided: guided, finishReason: finishReason))
    }
}
