import GenUI

extension OpenAIProvider {
    /// The configured context window (`context:` in `providers.yml`): the OpenAI API and compatible servers do not
    /// report one. Throws ``UnavailableReason/notConfigured(missing:)`` (`context`) when it is not configured.
    ///
    /// Token counts are genui's estimate (``TokenEstimate``): the API has no counting endpoint, so the provider does
    /// not declare ``LanguageModelCapability/tokenCounting``. A request the estimate lets through that does not fit
    /// fails with the server's own `context_length_exceeded`, which the chain routes past as before.
    public var contextSize: Int {
        get async throws {
            guard let size = configuration.contextSize, size > 0 else {
                throw LanguageModelError.unavailable(
                    .notConfigured(missing: "context"),
                    .init(provider: name, debugDescription: "\(name): no context window is configured (context: in providers.yml)"))
            }
            return size
        }
    }
}
