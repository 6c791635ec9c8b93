import GenUI

/// Everything `providers.yml` needs to know about a provider type: its `type:` name, the keys it accepts, how they
/// are read and checked, how the provider is built, what can be told about it when it cannot be built, and which
/// remedies fit it. Register it with ``ProviderRegistry/register(_:)``; the loader given that registry then accepts
/// the type, and building a chain from it builds the provider.
///
/// The built-in types are definitions like any other (``llamaCpp``, ``ollama``, ``openai``, ``anthropic``,
/// ``gemini``, ``scripted``), each in a file of its own, registered by ``ProviderRegistry/standard``. `genui doctor
/// -v` shows what the built provider reports as a ``ProviderFactsReporting``. See docs/providers.md, "Adding a
/// provider", for a worked example.
public struct ProviderDefinition: Sendable {
    /// What can be told about a provider that could not be built: the facts found by cheap local checks, and the
    /// reason it cannot serve when a check finds one.
    public struct Preflight: Sendable {
        /// What the checks found, for `genui doctor -v`.
        public var facts: [ProviderFact]
        /// Why the provider cannot serve, when a check says; `nil` when every check passed.
        public var reason: UnavailableReason?

        /// Creates a preflight result.
        public init(facts: [ProviderFact] = [], reason: UnavailableReason? = nil) {
            self.facts = facts
            self.reason = reason
        }
    }

    /// The `type:` name.
    public let type: ProviderType
    /// The type-specific keys (the common ones — `type`, `enabled`, `timeout`, `requires`, `capabilities` — are
    /// always accepted).
    public let keys: [String]
    /// The kind of provider whose remedies fit this type's: a doctor that finds the provider unavailable looks up
    /// `reason.<code>.remedy.<remedies>` in the message catalog (`cloud`, `ollama`, `llama.cpp`) and falls back to the
    /// reason's general remedy. `nil` uses the general remedies only.
    public let remedies: String?
    /// Other spellings users write for this type (`llamacpp` for `llama.cpp`): an unknown `type:` close to one of them
    /// suggests this type.
    public let aliases: [String]
    let parse: @Sendable (inout ProviderFields) -> AnyProviderOptions?
    let build: ProviderRegistry.Builder
    let preflight: @Sendable (ProviderSettings, ProviderBuildContext) -> Preflight

    /// A definition whose settings are `Options`.
    ///
    /// - Parameters:
    ///   - type: the `type:` name.
    ///   - keys: the type-specific keys; any other key is an error with a did-you-mean.
    ///   - remedies: the kind of provider whose catalog remedies fit (see ``remedies``).
    ///   - aliases: other spellings that suggest this type when a `type:` is unknown.
    ///   - parse: reads the keys through ``ProviderFields``, which reports each problem where it is. Returning
    ///     `nil` leaves the provider out (report why with ``ProviderFields/reject(_:_:suggestion:)`` first).
    ///   - build: makes the provider from the options and the common settings (`settings.name`,
    ///     `settings.timeout`…): a genui provider, or any Foundation Models 27 model, which serves under the
    ///     provider's name through `ExecutorModel`. Throwing reports the provider as not configured, with the
    ///     error's description.
    ///   - preflight: cheap local checks (a program on `PATH`, a file on disk) that say why a provider that could
    ///     not be built cannot serve. By default nothing is checked beyond the API key's variable, which every
    ///     provider whose options name one gets.
    public init<Options: ProviderOptions>(
        type: String, keys: [String], remedies: String? = nil, aliases: [String] = [],
        parse: @escaping @Sendable (inout ProviderFields) -> Options?,
        build: @escaping @Sendable (Options, ProviderSettings, ProviderBuildContext) throws -> any LanguageModel,
        preflight: @escaping @Sendable (Options, ProviderBuildContext) -> Preflight = { _, _ in Preflight() }
    ) {
        self.type = ProviderType(type)
        self.keys = keys
        self.remedies = remedies
        self.aliases = aliases
        self.parse = { fields in parse(&fields).map(AnyProviderOptions.init) }
        self.build = { settings, context in
            guard let options = settings.options(as: Options.self) else { throw AdapterMismatch(settings: settings) }
            return try build(options, settings, context).routable(named: settings.name)
        }
        self.preflight = { settings, context in
            guard let options = settings.options(as: Options.self) else { return Preflight() }
            return preflight(options, context)
        }
    }

    /// Every key a provider of this type accepts.
    var allowedKeys: [String] { ProviderType.commonKeys + keys }
}

/// A builder was handed settings of another type (a registration mistake).
struct AdapterMismatch: Error, CustomStringConvertible {
    let settings: ProviderSettings
    var description: String { "settings of \(settings.name) are not \(settings.type.rawValue) settings" }
}
