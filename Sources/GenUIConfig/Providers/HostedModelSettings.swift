/// The settings every provider of a hosted API shares (`type: openai`, `anthropic`, `gemini`): the API's base URL,
/// the model, and the context window when the file states it. What tools show follows from them.
public protocol HostedModelSettings: ProviderOptions {
    /// The API base URL.
    var baseURL: String { get }
    /// The model name.
    var model: String { get }
    /// The model's context window in tokens (`context:`), when the file states it.
    var context: Int? { get }
}

extension HostedModelSettings {
    public var modelName: String? { model }
    public var endpoint: String? { baseURL }
    public var contextWindow: Int? { context }

    /// `base_url`, `model` and `api_key_env` (when named), then `extra`, then `context` when stated: the order every
    /// hosted type shows its settings in.
    func hostedDisplayPairs(_ extra: [(String, String)] = []) -> [(String, String)] {
        [("base_url", baseURL), ("model", model)] + (apiKeyVariable.map { [("api_key_env", $0)] } ?? []) + extra
            + (context.map { [("context", "\($0)")] } ?? [])
    }
}
