import GenUI

/// Builds providers from their settings, by provider type.
///
/// Each provider module contributes one builder; ``standard`` registers every built-in one (see
/// `ProviderAdapters.swift`). Apps can register their own types, or replace a built-in one (for tests).
public struct ProviderRegistry: Sendable {
    /// Builds a provider from validated settings. Throwing reports the provider as not configured, with the
    /// error's description; it never stops the other providers from loading.
    public typealias Builder = @Sendable (ProviderSettings, ProviderBuildContext) throws -> any LanguageModel

    private var builders: [ProviderType: Builder] = [:]

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

    /// Whether a builder is registered for `type`.
    public func isRegistered(_ type: ProviderType) -> Bool { builders[type] != nil }

    /// Builds the provider for `settings`, wrapped so that `enabled`, `${VAR}` problems, `GENUI_DISABLE` and
    /// capability overrides apply. Never fails: a provider that cannot be built reports why through its
    /// availability.
    public func makeModel(for settings: ProviderSettings, context: ProviderBuildContext) -> ConfiguredModel {
        let base: any LanguageModel
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
