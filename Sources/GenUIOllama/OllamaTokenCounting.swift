import GenUI

extension OllamaLanguageModel {
    /// The context window: the configured `num_ctx` (what every request sends), else the model's
    /// `<arch>.context_length` from `POST /api/show` (cached with the capabilities). Throws
    /// `UnavailableReason.notConfigured(missing:)` (`num_ctx`) when neither is known.
    ///
    /// Ollama has no counting endpoint, so token counts are genui's estimate (`TokenEstimate`) and the provider
    /// does not declare `LanguageModelCapability.tokenCounting`. Note that without `num_ctx` Ollama may run the
    /// model with a smaller window than its `context_length` and cut a long prompt without an error: set `num_ctx`
    /// for the chain's check to be exact.
    public var contextSize: Int {
        get async throws {
            if let configured = configuration.contextLength, configured > 0 { return configured }
            if let reported = await contextLength, reported > 0 { return reported }
            throw GenUIError.unavailable(
                .notConfigured(missing: "num_ctx"),
                .init(
                    provider: name,
                    debugDescription: "\(name): /api/show reports no context length and num_ctx is not set"))
        }
    }
}
