@_spi(Reading) import GenUI

/// Generation settings one chain member applies when it serves, whatever the others do: a cheaper fallback with a
/// lower temperature, fewer tokens or no deep reasoning, or a field only its API takes (a chain member listed in
/// `providers.yml` as a mapping: `provider:` with `temperature:`, `max_tokens:`, `reasoning:`, `extra_body:`).
///
/// Each setting given replaces the request's own for that member's attempts only; settings not given keep the
/// request's. The other members, and the request as the session recorded it, are unchanged.
public struct MemberOptions: Sendable, Hashable {
    /// The sampling temperature this member uses.
    public var temperature: Double?
    /// The most tokens this member may answer with.
    public var maximumResponseTokens: Int?
    /// How much this member reasons (its backend's own setting: docs/providers.md, "Reasoning").
    public var reasoningLevel: ContextOptions.ReasoningLevel?
    /// Fields set at the top level of this member's HTTP request body, replacing its own (`extra_body`): a
    /// provider-specific setting genui has no name for. The on-device provider takes none.
    public var extraBody: [String: GeneratedContent]

    /// Creates options; every setting defaults to the request's own.
    public init(
        temperature: Double? = nil, maximumResponseTokens: Int? = nil,
        reasoningLevel: ContextOptions.ReasoningLevel? = nil, extraBody: [String: GeneratedContent] = [:]
    ) {
        self.temperature = temperature
        self.maximumResponseTokens = maximumResponseTokens
        self.reasoningLevel = reasoningLevel
        self.extraBody = extraBody
    }

    /// Whether no setting is given.
    public var isEmpty: Bool { self == MemberOptions() }

    /// `request` as this member sends it.
    func applied(to request: GenerationRequest) -> GenerationRequest {
        guard !isEmpty else { return request }
        var request = request
        var options = request.options
        if let temperature { options.temperature = temperature }
        if let maximumResponseTokens { options.maximumResponseTokens = maximumResponseTokens }
        request.options = options
        if let reasoningLevel { request.setReasoningLevel(reasoningLevel) }
        request.extraBody.merge(extraBody) { _, member in member }
        return request
    }
}
