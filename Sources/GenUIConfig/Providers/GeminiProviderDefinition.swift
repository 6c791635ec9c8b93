import GenUI
import GenUIGemini

/// Settings of a Gemini provider (`type: gemini`).
public struct GeminiSettings: HostedModelSettings {
    /// The API base URL (default `https://generativelanguage.googleapis.com/v1beta`).
    public var baseURL: String
    /// The model name.
    public var model: String
    /// The name of the environment variable holding the API key (default `GEMINI_API_KEY`).
    public var apiKeyEnv: String
    /// The model's context window in tokens (`context:`), when the file states it; else the API's `inputTokenLimit`.
    public var context: Int? = nil

    public var apiKeyVariable: String? { apiKeyEnv }
    public var displayPairs: [(String, String)] { hostedDisplayPairs() }
}

extension ProviderDefinition {
    /// `type: gemini`: the Google Gemini API (`GeminiLanguageModel`).
    public static let gemini = ProviderDefinition(
        type: ProviderType.gemini.rawValue, keys: ["base_url", "model", "api_key_env", "context"], remedies: "cloud"
    ) { fields -> GeminiSettings? in
        let model = fields.string("model", required: true)
        var settings = GeminiSettings(
            baseURL: "https://generativelanguage.googleapis.com/v1beta", model: model ?? "", apiKeyEnv: "GEMINI_API_KEY"
        )
        if let url = fields.url("base_url") { settings.baseURL = url }
        if let variable = fields.variableName("api_key_env") { settings.apiKeyEnv = variable }
        settings.context = fields.integer("context", in: 128...10_000_000)
        return settings
    } build: { gemini, settings, context in
        var configuration = GeminiConfiguration(
            name: settings.name, baseURL: try ProviderRegistry.url(gemini.baseURL, settings), model: gemini.model,
            apiKeyEnvironmentVariable: gemini.apiKeyEnv)
        configuration.contextSize = gemini.context
        configuration.displayBaseURL = settings.displayValues["base_url"]
        if let timeout = settings.timeout { configuration.requestTimeout = timeout }
        return GeminiLanguageModel(
            configuration: configuration, environment: .values(context.environment), logger: context.logger)
    }
}
