import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP

extension OnDeviceLanguageModel {
    /// The context size: what the running server reported (`/props` `n_ctx`), else the configured `contextSize` the
    /// server is started with. Never starts the server.
    public var contextSize: Int {
        get async throws {
            if let reported = server.status.properties?.contextSize, reported > 0 { return reported }
            return configuration.contextSize
        }
    }

    /// Counts with the model's own tokenizer: the request's messages go through the chat template
    /// (`POST /apply-template`, the same body a completion uses), and the templated prompt through `POST /tokenize`
    /// with special tokens added and parsed, as `/completion` evaluates it. Starts the server when it is not
    /// running, as a request would. Throws a `GenUIError` when the server cannot be reached or answers
    /// with an error.
    public func tokenCount(for request: GenerationRequest) async throws -> Int {
        if case .unavailable(let reason) = probe.check() {
            throw GenUIError.unavailable(
                reason, .init(provider: name, debugDescription: "\(name) is unavailable (\(reason.code))"))
        }
        let endpoint = try await server.acquire()
        var succeeded = false
        defer {
            let outcome = succeeded
            Task { await server.release(succeeded: outcome) }
        }
        let builder = CompletionRequestBuilder(configuration: configuration)
        let timeout = requestTimeout
        // With tools, what the server sees is the tool turn: the tools described in the instructions.
        let sent = request.offeredTools.isEmpty ? request : ToolTurn(request).request
        let template = try await server.client.send(
            endpoint.post(
                "apply-template",
                body: builder.templateBody(for: sent, marker: server.status.mediaMarker ?? MediaPrompt.defaultMarker),
                timeout: timeout))
        guard template.status == 200, let prompt = WireReading.decode(TemplateAnswer.self, from: template.json)?.prompt
        else {
            throw countingError(
                template.status, headers: template.head.headers, body: template.body, step: "apply-template")
        }
        let tokenized = try await server.client.send(
            endpoint.post("tokenize", body: TokenizeRequest(content: prompt), timeout: timeout))
        guard tokenized.status == 200 else {
            throw countingError(
                tokenized.status, headers: tokenized.head.headers, body: tokenized.body, step: "tokenize")
        }
        guard let tokens = WireReading.decode(TokenizeAnswer.self, from: tokenized.json)?.tokens else {
            throw GenUIError.serverError(
                status: tokenized.status,
                .init(provider: name, debugDescription: "\(name): /tokenize answered without a token list"))
        }
        succeeded = true
        return tokens.count
    }

    private func countingError(_ status: Int, headers: [String: String], body: Data, step: String) -> GenUIError {
        var error = HTTPErrorMapping.error(status: status, headers: headers, body: body, provider: name)
        error.context.debugDescription = "\(name): /\(step) failed: " + error.context.debugDescription
        return error
    }
}
