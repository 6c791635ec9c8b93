import GenUI

/// One provider of `providers.yml`, parsed and validated.
public struct ProviderSettings: Sendable, Hashable {
    /// The provider's name (its key under `providers:`).
    public var name: String
    /// The provider's type.
    public var type: ProviderType
    /// The type-specific settings, as the type's ``ProviderDefinition`` read them.
    public var typeSettings: AnyProviderOptions
    /// `false` when the operator turned the provider off.
    public var enabled: Bool
    /// The per-attempt time limit for this provider.
    public var timeout: Duration?
    /// Capabilities the provider must have to be used at all.
    public var requires: Set<LanguageModelCapability>
    /// Capabilities declared in the file, replacing what the provider reports.
    public var capabilities: Set<LanguageModelCapability>?
    /// `${VAR}` references without a default whose variable is unset: the provider is reported as not configured.
    public var unresolvedVariables: [String]
    /// Where the provider is defined.
    public var location: SourceLocation
    /// How settings may be shown, by key (`base_url`), where that differs from the value: URLs with user info and
    /// query values masked, environment variables spliced into a value by name (`?key=${GW_KEY}`).
    public var displayValues: [String: String] = [:]
    /// The provider's endpoints, strategy and hedge when it lists several servers (`endpoints:`); `nil` otherwise.
    public var fleet: FleetSettings? = nil
    /// Where the provider runs, as `runs:` declares it; `nil` when the file does not say (see
    /// ``providerLocation`` for the default).
    public var declaredLocation: ProviderLocation? = nil

    /// The type-specific settings as `Options`, or `nil` when they are of another type
    /// (`settings.options(as: OllamaSettings.self)?.host`).
    public func options<Options: ProviderOptions>(as type: Options.Type) -> Options? {
        typeSettings.options(as: type)
    }

    /// The model the provider uses, as written (a path, a tag, a name), for display.
    public var modelName: String? { typeSettings.options.modelName }

    /// The context window in tokens, when the file states it.
    public var contextWindow: Int? { typeSettings.options.contextWindow }

    /// The environment variable that holds this provider's secret, if any.
    public var apiKeyEnv: String? { typeSettings.options.apiKeyVariable }

    /// The endpoint the provider talks to, when it is a network provider, for display: credentials in it are masked
    /// (see ``displayValues``).
    public var endpoint: String? {
        if let fleet, !fleet.endpoints.isEmpty { return fleet.endpoints.map(\.display).joined(separator: ", ") }
        guard let endpoint = typeSettings.options.endpoint else { return nil }
        let key = typeSettings.options.displayPairs.first { $0.1 == endpoint }?.0
        return key.flatMap { displayValues[$0] } ?? DisplayURL.masked(endpoint)
    }

    /// The settings as `key: value` pairs for display. Secrets never appear: only the name of the variable that
    /// holds one, and whether it is set (`OPENAI_API_KEY (set, ****)`).
    public func displayPairs(environment: [String: String]) -> [(String, String)] {
        var pairs: [(String, String)] = [("type", type.rawValue)]
        if !enabled { pairs.append(("enabled", "false")) }
        func add(_ key: String, _ value: (some CustomStringConvertible)?) {
            if let value { pairs.append((key, displayValues[key] ?? value.description)) }
        }
        let options = typeSettings.options
        for (key, value) in options.displayPairs {
            if key == "api_key_env" { add(key, Self.maskedVariable(value, environment)) } else { add(key, value) }
        }
        if let variable = options.apiKeyVariable, !options.displayPairs.contains(where: { $0.0 == "api_key_env" }) {
            add("api_key_env", Self.maskedVariable(variable, environment))
        }
        add("timeout", timeout.map { "\($0.seconds) s" })
        if !requires.isEmpty { add("requires", requires.sorted().map(\.rawValue).joined(separator: ", ")) }
        if let capabilities { add("capabilities", capabilities.sorted().map(\.rawValue).joined(separator: ", ")) }
        add("runs", providerLocation?.rawValue)
        return pairs
    }

    /// `NAME (set, ****)` or `NAME (not set)`: the variable's name and whether it holds a value, never the value.
    public static func maskedVariable(_ name: String, _ environment: [String: String]) -> String {
        let isSet = !(environment[name] ?? "").isEmpty
        return isSet ? "\(name) (set, ****)" : "\(name) (not set)"
    }
}
