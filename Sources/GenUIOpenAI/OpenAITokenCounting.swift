import GenUI
import GenUIHTTP

extension OpenAILanguageModel {
    /// The configured context window (`context:` in `providers.yml`): the OpenAI API and compatible servers do not
    /// report one. Throws `UnavailableReason.notConfigured(missing:)` (`context`) when it is not configured.
    ///
    /// Token counts are genui's estimate (`TokenEstimate`): the API has no counting endpoint, so the provider does
    /// not declare `LanguageModelCapability.tokenCounting`. A request the estimate lets through that does not fit
    /// fails with the server's own `context_length_exceeded`, which the chain routes past as before.
    public var contextSize: Int {
        get async throws { try http.configuredContextSize(configuration.contextSize) }
    }
}
