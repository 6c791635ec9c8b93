/// The settings of a provider type registered with a ``ProviderDefinition``, as its definition reads them from
/// `providers.yml`.
///
/// Only ``model`` is usually worth giving; the rest default to `nil` (or the model alone, for ``displayPairs``) and
/// are what `genui doctor` and `genui config` show for any provider.
public protocol ProviderOptions: Sendable, Hashable {
    /// The model the provider uses, as written, for display.
    var model: String? { get }
    /// The endpoint the provider talks to, for display (never with credentials in it).
    var endpoint: String? { get }
    /// The environment variable holding the provider's secret, if any: shown as set or not set, and a provider
    /// whose variable is unset is reported as not configured.
    var apiKeyEnv: String? { get }
    /// The context window in tokens, when the file states it: the chain checks requests against it.
    var contextWindow: Int? { get }
    /// The settings as `key: value` pairs for display, in order; never a secret.
    var displayPairs: [(String, String)] { get }
}

extension ProviderOptions {
    public var model: String? { nil }
    public var endpoint: String? { nil }
    public var apiKeyEnv: String? { nil }
    public var contextWindow: Int? { nil }
    public var displayPairs: [(String, String)] { model.map { [("model", $0)] } ?? [] }
}

/// The settings of a provider of a registered type (``ProviderSettings/Kind/custom(_:)``): the ``ProviderOptions``
/// its definition read.
public struct CustomProviderSettings: Sendable, Hashable {
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
