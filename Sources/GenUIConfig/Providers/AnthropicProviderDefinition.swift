import GenUI
import GenUIAnthropic
import GenUIDiagnostics

/// Settings of an Anthropic provider (`type: anthropic`).
public struct AnthropicSettings: HostedModelSettings {
    /// How structured output is requested.
    public enum StructuredOutput: String, Sendable, Hashable, CaseIterable {
        /// `output_config.format` with a JSON schema.
        case native
        /// One forced tool whose input schema is the output schema.
        case tool
    }

    /// The API base URL (default `https://api.anthropic.com`).
    public var baseURL: String
    /// The model name.
    public var model: String
    /// The name of the environment variable holding the API key (default `ANTHROPIC_API_KEY`).
    public var apiKeyEnv: String
    /// How structured output is requested (default `native`).
    public var structuredOutput: StructuredOutput
    /// The model's context window in tokens (`context:`), when the file states it; else unknown.
    public var context: Int? = nil

    public var apiKeyVariable: String? { apiKeyEnv }
    public var displayPairs: [(String, String)] {
        hostedDisplayPairs([("structured_output", structuredOutput.rawValue)])
    }
}

extension ProviderDefinition {
    /// `type: anthropic`: the Anthropic Messages API (`AnthropicLanguageModel`). `structured_output: native` uses
    /// `output_config.format` (and retries once with a forced tool if the server rejects it); `tool` always forces
    /// one tool.
    public static let anthropic = ProviderDefinition(
        type: ProviderType.anthropic.rawValue,
        keys: ["base_url", "model", "api_key_env", "structured_output", "context"],
        remedies: "cloud"
    ) { fields -> AnthropicSettings? in
        let model = fields.string("model", required: true)
        var settings = AnthropicSettings(
            baseURL: "https://api.anthropic.com", model: model ?? "", apiKeyEnv: "ANTHROPIC_API_KEY",
            structuredOutput: .native)
        if let url = fields.url("base_url") { settings.baseURL = url }
        if let variable = fields.variableName("api_key_env") { settings.apiKeyEnv = variable }
        if let value = fields.string("structured_output") {
            if let mode = AnthropicSettings.StructuredOutput(rawValue: value) {
                settings.structuredOutput = mode
            } else {
                let modes = AnthropicSettings.StructuredOutput.allCases.map(\.rawValue)
                fields.reject(
                    "structured_output",
                    YAMLReader.issue(
                        "unknownStructuredOutput", ["value": .verbatim(fields.shown("structured_output", value))]),
                    suggestion: Suggestion.closest(to: value, in: modes))
            }
        }
        settings.context = fields.integer("context", in: 128...10_000_000)
        return settings
    } build: { anthropic, settings, context in
        var configuration = AnthropicConfiguration(
            name: settings.name, baseURL: try ProviderRegistry.url(anthropic.baseURL, settings), model: anthropic.model,
            apiKeyEnvironmentVariable: anthropic.apiKeyEnv,
            structuredOutput: anthropic.structuredOutput == .tool ? .forcedTool : .automatic)
        configuration.contextSize = anthropic.context
        configuration.displayBaseURL = settings.displayValues["base_url"]
        if let timeout = settings.timeout { configuration.requestTimeout = timeout }
        return AnthropicLanguageModel(
            configuration: configuration, environment: .values(context.environment), logger: context.logger)
    }
}
