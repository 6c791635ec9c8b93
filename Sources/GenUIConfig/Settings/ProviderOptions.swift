/// The type-specific settings of a provider, as its type's ``ProviderDefinition`` reads them from `providers.yml`:
/// the built-in types' (``LlamaCppSettings``, ``OllamaSettings``…) and any registered type's alike.
///
/// Only ``modelName`` is usually worth giving; the rest default to `nil` (or the model alone, for ``displayPairs``) and
/// are what `genui doctor` and `genui config` show for any provider.
public protocol ProviderOptions: Sendable, Hashable {
    /// The model the provider uses, as written (a path, a tag, a name), for display.
    var modelName: String? { get }
    /// The endpoint the provider talks to. It is shown as ``displayPairs`` shows the same value: with credentials and
    /// the values of `${VAR}` references masked.
    var endpoint: String? { get }
    /// The environment variable holding the provider's secret, if any: shown as set or not set, and a provider
    /// whose variable is unset is reported as not configured.
    var apiKeyVariable: String? { get }
    /// The context window in tokens, when the file states it: the chain checks requests against it.
    var contextWindow: Int? { get }
    /// The settings as `key: value` pairs for display, in order; never a secret. A pair keyed `api_key_env` is
    /// shown as the variable's name and whether it is set; when there is none, ``apiKeyVariable`` is shown last.
    var displayPairs: [(String, String)] { get }
}

extension ProviderOptions {
    public var modelName: String? { nil }
    public var endpoint: String? { nil }
    public var apiKeyVariable: String? { nil }
    public var contextWindow: Int? { nil }
    public var displayPairs: [(String, String)] { modelName.map { [("model", $0)] } ?? [] }
}

/// The type-specific settings of a provider, whatever their type: the ``ProviderOptions`` its definition read.
public struct AnyProviderOptions: Sendable, Hashable {
    /// The options, of the type the definition's parser returns.
    public let options: any ProviderOptions
    private let equals: @Sendable (any ProviderOptions) -> Bool
    private let hash: @Sendable (inout Hasher) -> Void

    /// Wraps `options`.
    public init<Options: ProviderOptions>(_ options: Options) {
        self.options = options
        equals = { other in (other as? Options) == options }
        hash = { hasher in hasher.combine(options) }
    }

    /// The options as `type`, or `nil` when they are of another type.
    public func options<Options: ProviderOptions>(as type: Options.Type) -> Options? { options as? Options }

    /// Options of different types are never equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.equals(rhs.options) }

    public func hash(into hasher: inout Hasher) { hash(&hasher) }
}
