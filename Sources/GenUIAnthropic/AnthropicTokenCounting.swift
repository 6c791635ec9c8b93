import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP

extension AnthropicLanguageModel {
    /// The configured context window (`context:` in `providers.yml`, ``AnthropicConfiguration/contextSize``).
    /// genui keeps no table of Anthropic's models: without a configured window the size is unknown — this throws
    /// `UnavailableReason.notConfigured(missing:)` (`context`) — and the chain does not check the member.
    public var contextSize: Int {
        get async throws { try http.configuredContextSize(configuration.contextSize) }
    }

    /// Counts with the API's own tokenizer: `POST {base}/v1/messages/count_tokens` with the fields of the message
    /// request that occupy the context (model, system, messages, and the schema the way generation would send it —
    /// `output_config`, or the forced tool), and reads `input_tokens`. Nothing is generated. In `automatic` mode a
    /// server that rejects `output_config` is asked again with the forced tool, as generation does.
    ///
    /// Throws a `GenUIError`: `notConfigured` without the key variable, the shared HTTP mapping for an
    /// error answer (a server without the endpoint answers 404), `serverError` when the answer has no
    /// non-negative whole `input_tokens`. The key never appears in an error.
    public func tokenCount(for request: GenerationRequest) async throws -> Int {
        do {
            let key = try http.requestKey()
            let useTool = request.schema != nil && configuration.structuredOutput == .forcedTool
            do {
                return try await count(request, key: key, forcedTool: useTool)
            } catch let error as GenUIError
                where
                !useTool && request.schema != nil && configuration.structuredOutput == .automatic
                && Self.rejectsOutputConfig(error)
            {
                return try await count(request, key: key, forcedTool: true)
            }
        } catch {
            throw http.attribute(error)
        }
    }

    private func count(_ request: GenerationRequest, key: String?, forcedTool: Bool) async throws -> Int {
        let body = try AnthropicWire.countTokensBody(for: request, configuration: configuration, forcedTool: forcedTool)
        var requestHeaders = headers(key: key)
        requestHeaders["Accept"] = "application/json"
        let request = try HTTPRequest.postJSON(
            endpoint("v1/messages/count_tokens"), body: body, headers: requestHeaders,
            headTimeout: configuration.connectTimeout, totalTimeout: configuration.requestTimeout)
        let response = try await http.client.send(request, bodyLimit: 1 << 20)
        guard response.head.isSuccess else {
            var error = mapError(status: response.status, headers: response.head.headers, body: response.body, key: key)
            error.context.debugDescription =
                "\(name): /v1/messages/count_tokens failed: " + error.context.debugDescription
            throw error
        }
        guard let tokens = WireReading.decode(CountTokensAnswer.self, from: response.json)?.inputTokens, tokens >= 0
        else {
            let shown = HTTPErrorMapping.clean(response.text, secrets: key.map { [$0] } ?? [], limit: 200)
            throw GenUIError.serverError(
                status: response.status,
                .init(
                    provider: name,
                    debugDescription: "\(name): /v1/messages/count_tokens answered without input_tokens: \(shown)"))
        }
        return tokens
    }
}
