import GenUI

/// Everything `providers.yml` needs to know about a provider type besides the built-in ones: its `type:` name, the
/// keys it accepts, how they are read and checked, and how the provider is built. Register it with
/// ``ProviderRegistry/register(_:)``; the loader given that registry then accepts the type, and building a chain
/// from it builds the provider.
///
/// `genui doctor -v` shows what the built provider reports as a ``ProviderFactsReporting``. See docs/providers.md,
/// "Adding a provider", for a worked example.
public struct ProviderDefinition: Sendable {
    /// The `type:` name.
    public let type: ProviderType
    /// The type-specific keys (the common ones — `type`, `enabled`, `timeout`, `requires`, `capabilities` — are
    /// always accepted).
    public let keys: [String]
    let parse: @Sendable (inout ProviderFields) -> CustomProviderSettings?
    let build: ProviderRegistry.Builder

    /// A definition whose settings are `Options`.
    ///
    /// - Parameters:
    ///   - type: the `type:` name.
    ///   - keys: the type-specific keys; any other key is an error with a did-you-mean.
    ///   - parse: reads the keys through ``ProviderFields``, which reports each problem where it is. Returning
    ///     `nil` leaves the provider out (report why with ``ProviderFields/reject(_:_:suggestion:)`` first).
    ///   - build: makes the provider from the options and the common settings (`settings.name`,
    ///     `settings.timeout`…): a genui provider, or any Foundation Models 27 model, which serves under the
    ///     provider's name through ``ExecutorModel``. Throwing reports the provider as not configured, with the
    ///     error's description.
    public init<Options: ProviderOptions>(
        type: String, keys: [String],
        parse: @escaping @Sendable (inout ProviderFields) -> Options?,
        build: @escaping @Sendable (Options, ProviderSettings, ProviderBuildContext) throws -> any LanguageModel
    ) {
        self.type = ProviderType(type)
        self.keys = keys
        self.parse = { fields in parse(&fields).map(CustomProviderSettings.init) }
        self.build = { settings, context in
            guard case .custom(let custom) = settings.kind, let options = custom.options(as: Options.self) else {
                throw AdapterMismatch(settings: settings)
            }
            return try build(options, settings, context).routable(named: settings.name)
        }
    }

    /// Every key a provider of this type accepts.
    var allowedKeys: [String] { ProviderType.commonKeys + keys }
}
