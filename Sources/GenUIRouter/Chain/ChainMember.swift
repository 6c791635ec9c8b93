import GenUI

/// One provider of a chain, with what the chain needs to know about it beyond the `RoutableModel` itself.
public struct ChainMember: Sendable {
    /// The provider.
    public var model: any RoutableModel
    /// The model's context window in tokens, when known; used to route past a context overflow.
    public var contextWindow: Int?
    /// This provider's per-attempt time limit, overriding the chain's.
    public var attemptTimeout: Duration?
    /// Capabilities this provider must have for the chain to use it at all, whatever the request (`requires` in
    /// `providers.yml`): a provider whose backend lacks one is skipped as missing it.
    public var requiredCapabilities: Set<LanguageModelCapability>
    /// Where the provider runs (`runs:` in `providers.yml`, or a default by its type); `nil` when unknown, which a
    /// chain kept within a boundary treats as a cloud.
    public var location: ProviderLocation?
    /// Settings this member applies when it serves, replacing the request's (``MemberOptions``).
    public var options: MemberOptions

    /// Creates a member: a genui provider or chain, or any Foundation Models 27 model (through `ExecutorModel`).
    public init(
        _ model: some LanguageModel, contextWindow: Int? = nil, attemptTimeout: Duration? = nil,
        requiredCapabilities: Set<LanguageModelCapability> = [], location: ProviderLocation? = nil,
        options: MemberOptions = MemberOptions()
    ) {
        self.model = model.routable
        self.contextWindow = contextWindow
        self.attemptTimeout = attemptTimeout
        self.requiredCapabilities = requiredCapabilities
        self.location = location
        self.options = options
    }

    /// The provider's name.
    public var name: String { model.name }
}
