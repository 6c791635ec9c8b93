import Foundation
import GenUI
import GenUIHTTP

/// The name genui used for ``OpenAILanguageModel`` before it took Foundation Models 27's naming.
@available(*, deprecated, renamed: "OpenAILanguageModel")
public typealias OpenAIProvider = OpenAILanguageModel

extension OpenAILanguageModel {
    /// A model as an app writes it, `LanguageModelSession(model: OpenAILanguageModel(model: "gpt-4o-mini"))`:
    /// `baseURL` is the API root including `/v1` (OpenAI's by default; a llama-server, vLLM or LM Studio root works
    /// the same), `apiKeyEnvironmentVariable` names the variable holding the key (`nil` for a server without one).
    /// Everything else has the defaults of ``OpenAIConfiguration``; `environment` is where the variable is looked up.
    public init(
        model: String, baseURL: URL = URL(validLiteral: "https://api.openai.com/v1"),
        apiKeyEnvironmentVariable: String? = "OPENAI_API_KEY", environment: ProviderEnvironment = .process
    ) {
        self.init(
            configuration: OpenAIConfiguration(
                baseURL: baseURL, model: model, apiKeyEnvironmentVariable: apiKeyEnvironmentVariable),
            environment: environment)
    }
}
