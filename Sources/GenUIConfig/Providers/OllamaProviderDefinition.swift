import GenUI
import GenUIOllama

/// Settings of an Ollama provider (`type: ollama`).
public struct OllamaSettings: ProviderOptions {
    /// The daemon's base URL (default `http://127.0.0.1:11434`).
    public var host: String
    /// The model tag (`qwen2.5:0.5b`).
    public var model: String
    /// How long Ollama keeps the model loaded (`5m`, `-1`), passed through as written.
    public var keepAlive: String?
    /// The context window in tokens.
    public var numCtx: Int?

    public var modelName: String? { model }
    public var endpoint: String? { host }
    public var contextWindow: Int? { numCtx }
    public var displayPairs: [(String, String)] {
        [("host", host), ("model", model)]
            + [keepAlive.map { ("keep_alive", $0) }, numCtx.map { ("num_ctx", "\($0)") }].compactMap { $0 }
    }
}

extension ProviderDefinition {
    /// `type: ollama`: an Ollama daemon (`OllamaLanguageModel`), or several as one fleet (`endpoints:`).
    public static let ollama = ProviderDefinition(
        type: ProviderType.ollama.rawValue,
        keys: ["host", "model", "keep_alive", "num_ctx"] + ProviderFields.fleetKeys,
        remedies: "ollama"
    ) { fields -> OllamaSettings? in
        var settings = OllamaSettings(
            host: "http://127.0.0.1:11434", model: fields.string("model", required: true) ?? "")
        if let host = fields.url("host", allowInsecure: true) { settings.host = host }
        settings.keepAlive = fields.string("keep_alive")
        settings.numCtx = fields.integer("num_ctx", in: 128...10_000_000)
        _ = fields.fleet(urlKey: "host", allowInsecure: true)
        return settings
    } build: { ollama, settings, context in
        try ProviderRegistry.fleet(settings, url: ollama.host, urlKey: "host") { host, display in
            var configuration = OllamaConfiguration(
                name: settings.name, host: host, model: ollama.model, keepAlive: ollama.keepAlive,
                contextLength: ollama.numCtx)
            configuration.displayBaseURL = display
            if let timeout = settings.timeout { configuration.requestTimeout = timeout }
            return OllamaLanguageModel(
                configuration: configuration, environment: .values(context.environment), logger: context.logger)
        }
    }
}
