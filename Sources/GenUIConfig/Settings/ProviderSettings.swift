import GenUI

/// One provider of `providers.yml`, parsed and validated.
public struct ProviderSettings: Sendable, Hashable {
    /// The type-specific settings.
    public enum Kind: Sendable, Hashable {
        /// `type: llama.cpp`.
        case llamaCpp(LlamaCppSettings)
        /// `type: ollama`.
        case ollama(OllamaSettings)
        /// `type: openai`.
        case openai(OpenAISettings)
        /// `type: anthropic`.
        case anthropic(AnthropicSettings)
        /// `type: gemini`.
        case gemini(GeminiSettings)
        /// `type: scripted`.
        case scripted(ScriptedSettings)
        /// A type registered with a ``ProviderDefinition``: the options its parser read.
        case custom(CustomProviderSettings)
    }

    /// The provider's name (its key under `providers:`).
    public var name: String
    /// The provider's type.
    public var type: ProviderType
    /// The type-specific settings.
    public var kind: Kind
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

    /// The model the provider uses, as written (a path, a tag, a name), for display.
    public var modelName: String? {
        switch kind {
        case .llamaCpp(let s): s.model
        case .ollama(let s): s.model
        case .openai(let s): s.model
        case .anthropic(let s): s.model
        case .gemini(let s): s.model
        case .scripted: "scripted"
        case .custom(let s): s.options.model
        }
    }

    /// The context window in tokens, when the file states it.
    public var contextWindow: Int? {
        switch kind {
        case .llamaCpp(let s): s.context
        case .ollama(let s): s.numCtx
        case .openai(let s): s.context
        case .anthropic(let s): s.context
        case .gemini(let s): s.context
        case .custom(let s): s.options.contextWindow
        default: nil
        }
    }

    /// The environment variable that holds this provider's secret, if any.
    public var apiKeyEnv: String? {
        switch kind {
        case .openai(let s): s.apiKeyEnv
        case .anthropic(let s): s.apiKeyEnv
        case .gemini(let s): s.apiKeyEnv
        case .custom(let s): s.options.apiKeyEnv
        default: nil
        }
    }

    /// The endpoint the provider talks to, when it is a network provider, for display: credentials in it are masked
    /// (see ``displayValues``).
    public var endpoint: String? {
        if let fleet, !fleet.endpoints.isEmpty { return fleet.endpoints.map(\.display).joined(separator: ", ") }
        return switch kind {
        case .ollama(let s): displayValues["host"] ?? s.host
        case .openai(let s): displayValues["base_url"] ?? s.baseURL
        case .anthropic(let s): displayValues["base_url"] ?? s.baseURL
        case .gemini(let s): displayValues["base_url"] ?? s.baseURL
        case .custom(let s): s.options.endpoint
        default: nil
        }
    }

    /// The settings as `key: value` pairs for display. Secrets never appear: only the name of the variable that
    /// holds one, and whether it is set (`OPENAI_API_KEY (set, ****)`).
    public func displayPairs(environment: [String: String]) -> [(String, String)] {
        var pairs: [(String, String)] = [("type", type.rawValue)]
        if !enabled { pairs.append(("enabled", "false")) }
        func add(_ key: String, _ value: (some CustomStringConvertible)?) {
            if let value { pairs.append((key, displayValues[key] ?? value.description)) }
        }
        switch kind {
        case .llamaCpp(let s):
            add("model", s.model); add("binary", s.binary); add("context", s.context); add("threads", s.threads)
            add("idle_timeout", s.idleTimeout.map { "\($0.seconds) s" }); add("model_size", s.modelSize)
        case .ollama(let s):
            add("host", s.host); add("model", s.model); add("keep_alive", s.keepAlive); add("num_ctx", s.numCtx)
        case .openai(let s):
            add("base_url", s.baseURL); add("model", s.model)
            add("api_key_env", s.apiKeyEnv.map { Self.maskedVariable($0, environment) })
            if s.allowInsecure { add("allow_insecure", "true") }
            add("context", s.context)
        case .anthropic(let s):
            add("base_url", s.baseURL); add("model", s.model)
            add("api_key_env", Self.maskedVariable(s.apiKeyEnv, environment))
            add("structured_output", s.structuredOutput.rawValue)
            add("context", s.context)
        case .gemini(let s):
            add("base_url", s.baseURL); add("model", s.model)
            add("api_key_env", Self.maskedVariable(s.apiKeyEnv, environment))
            add("context", s.context)
        case .scripted(let s):
            add("seed", s.seed)
        case .custom(let s):
            for (key, value) in s.options.displayPairs { add(key, value) }
            if let variable = s.options.apiKeyEnv { add("api_key_env", Self.maskedVariable(variable, environment)) }
        }
        add("timeout", timeout.map { "\($0.seconds) s" })
        if !requires.isEmpty { add("requires", requires.sorted().map(\.rawValue).joined(separator: ", ")) }
        if let capabilities { add("capabilities", capabilities.sorted().map(\.rawValue).joined(separator: ", ")) }
        return pairs
    }

    /// `NAME (set, ****)` or `NAME (not set)`: the variable's name and whether it holds a value, never the value.
    public static func maskedVariable(_ name: String, _ environment: [String: String]) -> String {
        let isSet = !(environment[name] ?? "").isEmpty
        return isSet ? "\(name) (set, ****)" : "\(name) (not set)"
    }
}
