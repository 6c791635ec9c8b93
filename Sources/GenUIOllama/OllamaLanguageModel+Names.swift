import GenUI
import GenUIHTTP

/// The name genui used for ``OllamaLanguageModel`` before it took Foundation Models 27's naming.
@available(*, deprecated, renamed: "OllamaLanguageModel")
public typealias OllamaProvider = OllamaLanguageModel

extension OllamaLanguageModel {
    /// A model as an app writes it, `LanguageModelSession(model: OllamaLanguageModel(model: "qwen2.5:0.5b"))`:
    /// `host` follows `OLLAMA_HOST` conventions (`nil` reads `OLLAMA_HOST`, then `http://127.0.0.1:11434`),
    /// `keepAlive` is Ollama's `keep_alive`, `contextLength` its `num_ctx`. Everything else has the defaults of
    /// ``OllamaConfiguration``; `environment` is where an optional proxy key's variable is looked up.
    public init(
        model: String, host: String? = nil, keepAlive: String? = nil, contextLength: Int? = nil,
        environment: ProviderEnvironment = .process
    ) {
        self.init(
            configuration: OllamaConfiguration(
                host: host, model: model, keepAlive: keepAlive, contextLength: contextLength),
            environment: environment)
    }
}
