import Foundation
import GenUI
import GenUIOpenAI

/// Settings of an OpenAI-compatible provider (`type: openai`).
public struct OpenAISettings: HostedModelSettings {
    /// The API base URL (default `https://api.openai.com/v1`).
    public var baseURL: String
    /// The model name.
    public var model: String
    /// The name of the environment variable holding the API key (default `OPENAI_API_KEY`); `nil` for servers that
    /// need no key (`api_key_env: null`).
    public var apiKeyEnv: String?
    /// Allow plain `http://` to a host other than loopback.
    public var allowInsecure: Bool
    /// The model's context window in tokens (`context:`), when the file states it: OpenAI-compatible servers do not
    /// report it, and the chain checks requests against it before sending.
    public var context: Int? = nil

    public var apiKeyVariable: String? { apiKeyEnv }
    public var displayPairs: [(String, String)] {
        hostedDisplayPairs(allowInsecure ? [("allow_insecure", "true")] : [])
    }
}

extension ProviderDefinition {
    /// `type: openai`: any OpenAI-compatible chat-completions server (`OpenAILanguageModel`), or several as one fleet
    /// (`endpoints:`), whose llama-server endpoints report their busy slots to a least-busy fleet.
    public static let openai = ProviderDefinition(
        type: ProviderType.openai.rawValue,
        keys: ["base_url", "model", "api_key_env", "allow_insecure", "context"] + ProviderFields.fleetKeys,
        remedies: "cloud"
    ) { fields -> OpenAISettings? in
        let model = fields.string("model", required: true)
        var settings = OpenAISettings(
            baseURL: "https://api.openai.com/v1", model: model ?? "", apiKeyEnv: "OPENAI_API_KEY", allowInsecure: false)
        if let allow = fields.boolean("allow_insecure") { settings.allowInsecure = allow }
        if let url = fields.url("base_url", allowInsecure: settings.allowInsecure) { settings.baseURL = url }
        if fields.isNull("api_key_env") {
            settings.apiKeyEnv = nil
        } else if fields.contains("api_key_env") {
            settings.apiKeyEnv = fields.variableName("api_key_env")
        }
        settings.context = fields.integer("context", in: 128...10_000_000)
        _ = fields.fleet(urlKey: "base_url", allowInsecure: settings.allowInsecure)
        return settings
    } build: { openai, settings, context in
        let key = openai.apiKeyEnv.flatMap { context.environment[$0] }
        let slots = { (url: String) in
            URL(string: url).map {
                LlamaServerSlots.reader(baseURL: $0, apiKey: key, allowInsecure: openai.allowInsecure)
            }
        }
        return try ProviderRegistry.fleet(settings, url: openai.baseURL, urlKey: "base_url", slots: slots) {
            baseURL, display in
            var configuration = OpenAIConfiguration(
                name: settings.name, baseURL: try ProviderRegistry.url(baseURL, settings), model: openai.model,
                apiKeyEnvironmentVariable: openai.apiKeyEnv, allowInsecure: openai.allowInsecure)
            configuration.displayBaseURL = display
            configuration.contextSize = openai.context
            if let timeout = settings.timeout { configuration.requestTimeout = timeout }
            return OpenAILanguageModel(
                configuration: configuration, environment: .values(context.environment), logger: context.logger)
        }
    }
}
