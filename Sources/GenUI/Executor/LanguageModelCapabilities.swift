/// What a model declares it can do (Foundation Models 27's `LanguageModelCapabilities`).
public struct LanguageModelCapabilities: Sendable, Hashable {
    /// One capability: ``LanguageModelCapability``, whose `guidedGeneration`, `toolCalling`, `vision` and `reasoning`
    /// are Foundation Models 27's.
    public typealias Capability = LanguageModelCapability

    /// The declared capabilities.
    public let all: Set<Capability>

    /// Declares `capabilities`.
    public init(_ capabilities: [Capability]) {
        all = Set(capabilities)
    }

    /// Declares `capabilities` (the spelling of the Foundation Models 27 betas).
    @available(*, deprecated, renamed: "init(_:)")
    public init(capabilities: [Capability]) {
        self.init(capabilities)
    }

    /// `true` when `capability` is declared.
    public func contains(_ capability: Capability) -> Bool {
        all.contains(capability)
    }
}
