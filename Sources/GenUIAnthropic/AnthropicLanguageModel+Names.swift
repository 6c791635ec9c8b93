import Foundation
import GenUI
import GenUIHTTP

/// The name genui used for ``AnthropicLanguageModel`` before it took Foundation Models 27's naming.
@available(*, deprecated, renamed: "AnthropicLanguageModel")
public typealias AnthropicProvider = AnthropicLanguageModel

extension AnthropicLanguageModel {
    /// A model as an app writes it, `LanguageModelSession(model: AnthropicLanguageModel(model: "claude-haiku-4-5"))`:
    /// `baseURL` is the API root (Anthropic's by default), `apiKeyEnvironmentVariable` names the variable holding
    /// the key. Everything else has the defaults of ``AnthropicConfiguration``; `environment` is where the variable
    /// is looked up.
    public init(
        model: String, baseURL: URL = URL(validLiteral: "https://api.anthropic.com"),
        apiKeyEnvironmentVariable: String? = "ANTHROPIC_API_KEY", environment: ProviderEnvironment = .process
    ) {
        self.init(
            configuration: AnthropicConfiguration(
                baseURL: baseURL, model: model, apiKeyEnvironmentVariable: apiKeyEnvironmentVariable),
            environment: environment)
    }
}
