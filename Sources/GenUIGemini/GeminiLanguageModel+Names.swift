import Foundation
import GenUI
import GenUIHTTP

/// The name genui used for ``GeminiLanguageModel`` before it took Foundation Models 27's naming.
@available(*, deprecated, renamed: "GeminiLanguageModel")
public typealias GeminiProvider = GeminiLanguageModel

extension GeminiLanguageModel {
    /// A model as an app writes it, `LanguageModelSession(model: GeminiLanguageModel(model: "gemini-2.5-flash"))`:
    /// `baseURL` is the API root including its version (Google's `v1beta` by default), `apiKeyEnvironmentVariable`
    /// names the variable holding the key. Everything else has the defaults of ``GeminiConfiguration``;
    /// `environment` is where the variable is looked up.
    public init(
        model: String, baseURL: URL = URL(validLiteral: "https://generativelanguage.googleapis.com/v1beta"),
        apiKeyEnvironmentVariable: String? = "GEMINI_API_KEY", environment: ProviderEnvironment = .process
    ) {
        self.init(
            configuration: GeminiConfiguration(
                baseURL: baseURL, model: model, apiKeyEnvironmentVariable: apiKeyEnvironmentVariable),
            environment: environment)
    }
}
