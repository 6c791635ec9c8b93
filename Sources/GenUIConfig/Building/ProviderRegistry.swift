import GenUI

/// Builds providers from their settings, by provider type, and knows the provider types `providers.yml` may name.
///
/// Each built-in provider module contributes one builder; ``standard`` registers every built-in one (see
/// `ProviderAdapters.swift`). A new provider type is one ``ProviderDefinition`` registered with ``register(_:)``: its
/// keys, how they are read and how the provider is built; give the registry to ``ConfigurationLoader`` and to
/// `makeChain(registry:)` (docs/providers.md, "Adding a provider"). A built-in type's builder can be replaced with
/// ``register(_:builder:)`` (for tests).
public struct ProviderRegistry: Sendable {
    /// Builds a provider from validated settings. Throwing reports the provider as not configured, with the
    /// error's description; it never stops the other providers from loading.
    public typealias Builder = @Sendable (ProviderSettings, ProviderBuildContext) throws -> any RoutableModel

    private var builders: [ProviderType: Builder] = [:]
    private var definitions: [ProviderType: ProviderDefinition] = [:]

    /// An empty registry.
    public init() {}

    /// The registry with every built-in provider type.
    public static var standard: ProviderRegistry {
        var registry = ProviderRegistry()
        registry.registerBuiltInAdapters()
        return registry
    }

    /// Registers (or replaces) the builder for `type`.
    public mutating func register(_ type: ProviderType, builder: @escaping Builder) {
        builders[type] = builder
    }

    /// Registers (or replaces) a provider type: `providers.yml` may then name `definition.type`, whose keys
    /// `definition` reads and whose provider it builds.
    public mutating func register(_ definition: ProviderDefinition) {
        definitions[definition.type] = definition
        builders[definition.type] = definition.build
    }

    /// The definition registered for `type`, if any.
    public func definition(for type: ProviderType) -> ProviderDefinition? { definitions[type] }

    /// The types `providers.yml` may name: the built-in ones, then the registered ones by name.
    public var knownTypes: [ProviderType] {
        ProviderType.allCases + definitions.keys.filter { !$0.isBuiltIn }.sorted { $0.rawValue < $1.rawValue }
    }

    /// Whether a builder is registered for `type`.
    public func isRegistered(_ type: ProviderType) -> Bool { builders[type] != nil }

    /// Builds the provider for `settings`, wrapped so that `enabled`, `${VAR}` problems, `GENUI_DISABLE` and
    /// capability overrides apply. Never fails: a provider that cannot be built reports why through its
    /// availability.
    public func makeModel(for settings: ProviderSettings, context: ProviderBuildContext) -> ConfiguredModel {
        let base: any RoutableModel
        if let builder = builders[settings.type] {
            do {
                base = try builder(settings, context)
            } catch {
                base = PendingProviderModel(
                    settings: settings, context: context, missing: "a working \(settings.type.rawValue) setup: \(error)")
            }
        } else {
            base = PendingProviderModel(
                settings: settings, context: context, missing: "a provider module for \(settings.type.rawValue)")
        }
        return ConfiguredModel(base: base, settings: settings, environment: context.environment)
    }
}
