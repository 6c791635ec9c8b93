import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP
import Synchronization

/// What the API said about the provider's model, kept for the provider's lifetime and refreshed whenever the
/// availability probe reads the model again.
final class GeminiFacts: Sendable {
    private let inputLimit = Mutex<Int?>(nil)

    /// The model's `inputTokenLimit`, when a `GET {base}/models/{model}` has reported one.
    var inputTokenLimit: Int? { inputLimit.withLock { $0 } }

    /// Keeps the `inputTokenLimit` of a model description (`GET {base}/models/{model}`, its JSON); anything that is
    /// not a positive whole number is ignored.
    func record(model json: GeneratedContent?) {
        guard let limit = WireReading.decode(ModelDescription.self, from: json)?.inputTokenLimit, limit > 0 else {
            return
        }
        inputLimit.withLock { $0 = limit }
    }
}

extension GeminiLanguageModel {
    /// The context window: the configured `context:` (``GeminiConfiguration/contextSize``) when set — the chain's
    /// check uses it first too — else the model's `inputTokenLimit` from `GET {base}/models/{model}`. That request is
    /// the availability probe's, whose answer is kept, so after an availability check this costs nothing; otherwise
    /// it is made once (bounded by the availability timeout) and kept. Throws
    /// `UnavailableReason.notConfigured(missing:)` (`context`) when neither says.
    ///
    /// `inputTokenLimit` bounds the input only (the answer has its own `outputTokenLimit`), so checking the request
    /// plus its answer against it is conservative.
    public var contextSize: Int {
        get async throws {
            if let configured = configuration.contextSize, configured > 0 { return configured }
            if let known = await inputTokenLimit() { return known }
            throw GenUIError.unavailable(
                .notConfigured(missing: "context"),
                .init(
                    provider: name,
                    debugDescription:
                        "\(name): the API reports no inputTokenLimit for \(configuration.model) and no context window is configured (context: in providers.yml)"
                ))
        }
    }

    /// The model's `inputTokenLimit`: the kept one, else read once with the availability probe's request (the same
    /// key and endpoint checks, bounded by the availability timeout). `nil` when the API does not say.
    private func inputTokenLimit() async -> Int? {
        if let known = facts.inputTokenLimit { return known }
        guard case .ready(let key) = http.preflight() else { return nil }
        let probe = http.probeRequest(modelURL(suffix: ""), headers: headers(key: key))
        if let response = try? await http.client.send(probe, bodyLimit: 4 << 20), response.head.isSuccess {
            facts.record(model: response.json)
        }
        return facts.inputTokenLimit
    }

    /// Counts with the API's own tokenizer: `POST {base}/models/{model}:countTokens` and reads `totalTokens`.
    /// Messages alone are sent as `contents`; with instructions or a schema the body is a `generateContentRequest`
    /// so they are counted too. Nothing is generated.
    ///
    /// Throws a `GenUIError`: `notConfigured` without the key variable, the provider's error mapping for
    /// an error answer, `serverError` when the answer is not a JSON object or `totalTokens` is not a non-negative
    /// whole number. A JSON object without `totalTokens` is zero tokens: the API writes proto3 JSON, which leaves
    /// out fields at their default.
    public func tokenCount(for request: GenerationRequest) async throws -> Int {
        do {
            let key = try http.requestKey()
            var requestHeaders = headers(key: key)
            requestHeaders["Accept"] = "application/json"
            let plan = GeminiToolPlan(request: request, answerFunction: answersThroughFunction(request))
            let generation = try GenerateContentRequest(
                request, model: configuration.model, facts: toolFacts, plan: plan, provider: name)
            let count = try HTTPRequest.postJSON(
                modelURL(suffix: ":countTokens"),
                body: CountTokensRequest(request, generation: generation, model: configuration.model),
                headers: requestHeaders, headTimeout: configuration.connectTimeout,
                totalTimeout: configuration.requestTimeout)
            let response = try await http.client.send(count, bodyLimit: 1 << 20)
            guard response.head.isSuccess else {
                var error = mapError(
                    status: response.status, headers: response.head.headers, body: response.body, key: key)
                error.context.debugDescription = "\(name): countTokens failed: " + error.context.debugDescription
                throw error
            }
            let answer = try WireReading.decode(
                CountTokensResponse.self, from: response.json, what: "\(name): the countTokens answer",
                status: response.status, text: response.text, secrets: key.map { [$0] } ?? [])
            guard answer.totalTokens >= 0 else { throw negativeCount(response, key: key) }
            return answer.totalTokens
        } catch {
            throw http.attribute(error)
        }
    }

    private func negativeCount(_ response: HTTPResponse, key: String?) -> GenUIError {
        let shown = HTTPErrorMapping.clean(response.text, secrets: key.map { [$0] } ?? [], limit: 200)
        return .serverError(
            status: response.status,
            .init(provider: name, debugDescription: "\(name): countTokens answered a negative totalTokens: \(shown)"))
    }
}
