import GenUI
import GenUIRouter

extension Configuration {
    /// Builds every provider of the configuration, in file order.
    public func makeProviders(
        registry: ProviderRegistry = .standard, context: ProviderBuildContext = ProviderBuildContext()
    ) -> [ConfiguredModel] {
        providers.map { registry.makeModel(for: $0, context: context) }
    }

    /// Builds the chain named `name` (the default chain when `nil`) from `models` (built with
    /// ``makeProviders(registry:context:)``), with each member's context window, timeout, required capabilities and
    /// location (``ProviderSettings/providerLocation``) from its settings.
    /// `observability` says where the chain's logs, spans and metrics go (by default: nowhere but the global systems).
    public func makeChain(
        named name: String? = nil, models: [any RoutableModel], options override: ChainOptions? = nil,
        observability: ChainObservability = ChainObservability()
    ) -> ProviderChain? {
        guard let chain = chain(named: name ?? defaultChain) else { return nil }
        let byName = Dictionary(models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let members: [ChainMember] = chain.providers.compactMap { providerName in
            guard let model = byName[providerName], let settings = provider(named: providerName) else { return nil }
            return ChainMember(
                model, contextWindow: settings.contextWindow, attemptTimeout: settings.timeout,
                requiredCapabilities: settings.requires, location: settings.providerLocation,
                options: chain.memberOptions[providerName] ?? MemberOptions())
        }
        return ProviderChain(
            name: chain.name, members: members, options: override ?? chain.options, observability: observability)
    }

    /// Builds the chain named `name` (the default chain when `nil`) with freshly built providers.
    public func makeChain(
        named name: String? = nil, registry: ProviderRegistry = .standard,
        context: ProviderBuildContext = ProviderBuildContext()
    ) -> ProviderChain? {
        makeChain(named: name, models: makeProviders(registry: registry, context: context))
    }
}
