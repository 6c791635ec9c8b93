import GenUI

/// The provider types `providers.yml` may name, each a ``ProviderDefinition``: its keys, how they are read, how the
/// provider is built.
///
/// ``standard`` registers every built-in type, one line each. A new provider type is one more
/// ``register(_:)``; give the registry to ``ConfigurationLoader`` and to `makeChain(registry:)` (docs/providers.md,
/// "Adding a provider"). A type's builder can be replaced with ``register(_:builder:)`` (for tests).
public struct ProviderRegistry: Sendable {
    /// Builds a provider from validated settings. Throwing reports the provider as not configured, with the
    /// error's description; it never stops the other providers from loading.
    public typealias Builder = @Sendable (ProviderSettings, ProviderBuildContext) throws -> any RoutableModel

    private var definitions: [ProviderType: ProviderDefinition] = [:]
    private var builders: [ProviderType: Builder] = [:]
    private var order: [ProviderType] = []

    /// An empty registry.
    public init() {}

    /// The registry with every built-in provider type, in the order they are listed to users.
    public static var standard: ProviderRegistry {
        var registry = ProviderRegistry()
        registry.register(.llamaCpp)
        registry.register(.ollama)
        registry.register(.openai)
        registry.register(.anthropic)
        registry.register(.gemini)
        registry.register(.scripted)
        return registry
    }

    /// Registers (or replaces) a provider type: `providers.yml` may then name `definition.type`, whose keys
    /// `definition` reads and whose provider it builds.
    public mutating func register(_ definition: ProviderDefinition) {
        if definitions[definition.type] == nil { order.append(definition.type) }
        definitions[definition.type] = definition
        builders[definition.type] = definition.build
    }

    /// Replaces how providers of the registered `type` are built; the type's keys and how they are read stay.
    public mutating func register(_ type: ProviderType, builder: @escaping Builder) {
        builders[type] = builder
    }

    /// The definition registered for `type`, if any.
    public func definition(for type: ProviderType) -> ProviderDefinition? { definitions[type] }

    /// The types `providers.yml` may name, in the order they were registered.
    public var knownTypes: [ProviderType] { order }

    /// The registered type closest to `name`, by its name or one of its ``ProviderDefinition/aliases``, for a
    /// did-you-mean; `nil` when none is close.
    func suggestedType(for name: String) -> ProviderType? {
        // The names first: on a tie, a type's own name wins over another type's alias.
        let spellings =
            order.map { ($0.rawValue, $0) }
            + order.flatMap { type in (definitions[type]?.aliases ?? []).map { ($0, type) } }
        let closest = Suggestion.closest(to: name, in: spellings.map(\.0))
        return closest.flatMap { match in spellings.first { $0.0 == match }?.1 }
    }

    /// Whether `type` is registered.
    public func isRegistered(_ type: ProviderType) -> Bool { definitions[type] != nil }

    /// Builds the provider for `settings`, wrapped so that `enabled`, `${VAR}` problems, `GENUI_DISABLE` and
    /// capability overrides apply. Never fails: a provider that cannot be built reports why through its
    /// availability.
    public func makeModel(for settings: ProviderSettings, context: ProviderBuildContext) -> ConfiguredModel {
        let base: any RoutableModel
        let definition = definitions[settings.type]
        if let builder = builders[settings.type] {
            do {
                base = try builder(settings, context)
            } catch {
                base = PendingProviderModel(
                    settings: settings, context: context, definition: definition,
                    missing: "a working \(settings.type.rawValue) setup: \(error)")
            }
        } else {
            base = PendingProviderModel(
                settings: settings, context: context, definition: nil,
                missing: "a provider module for \(settings.type.rawValue)")
        }
        return ConfiguredModel(base: base, settings: settings, environment: context.environment)
    }
}
