import Foundation
@_spi(Reading) import GenUI

/// Maps an HTTP error response to a ``GenUIError``, reading the error body shapes providers use:
/// `{"error":{"message","type","code"}}` (OpenAI, llama-server, Gemini), `{"type":"error","error":{"type","message"}}`
/// (Anthropic) and `{"error":"message"}` (Ollama).
///
/// 401/403 → unauthorized; 429 and 529 → rateLimited (Retry-After read from `retry-after-ms`, `retry-after` seconds or
/// date); 408 → timedOut; a context-window overflow (any status) → contextSizeExceeded; other 4xx → invalidRequest;
/// 5xx → serverError. Every string in `secrets` is masked in the server's message before it is kept, and only then is
/// the message cut to ``messageLimit`` characters (``Redaction``).
public enum HTTPErrorMapping {
    /// The most characters of a server's error message kept in an error.
    public static let messageLimit = 500

    /// What an error body said.
    public struct ErrorBody: Sendable, Hashable {
        /// The human message, if any.
        public var message: String?
        /// The machine type (`invalid_request_error`, `rate_limit_error`, `RESOURCE_EXHAUSTED`, …), if any.
        public var type: String?
        /// The code (`context_length_exceeded`, `insufficient_quota`, …), if any.
        public var code: String?
        /// The context size a context overflow reported (llama-server's `n_ctx`), if any.
        public var contextSize: Int?
        /// The prompt's tokens a context overflow reported (llama-server's `n_prompt_tokens`), if any.
        public var tokenCount: Int?

        /// Creates error fields.
        public init(
            message: String? = nil, type: String? = nil, code: String? = nil, contextSize: Int? = nil,
            tokenCount: Int? = nil
        ) {
            self.message = message
            self.type = type
            self.code = code
            self.contextSize = contextSize
            self.tokenCount = tokenCount
        }
    }

    /// Reads the error fields of `body`, whatever shape it has. The message has `secrets` masked and is then cut to
    /// ``messageLimit`` characters.
    public static func parseErrorBody(_ body: Data, secrets: [String] = []) -> ErrorBody {
        let text = String(decoding: body, as: UTF8.self)
        guard let json = try? JSONParser.parse(text) else {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return ErrorBody(message: trimmed.isEmpty ? nil : clean(trimmed, secrets: secrets))
        }
        return parseErrorJSON(json, secrets: secrets)
    }

    /// Reads the error fields of an already parsed error document (also used for errors that arrive mid-stream).
    /// The message has `secrets` masked and is then cut to ``messageLimit`` characters.
    public static func parseErrorJSON(_ json: GeneratedContent, secrets: [String] = []) -> ErrorBody {
        var body = errorFields(json)
        body.message = body.message.map { clean($0, secrets: secrets) }
        body.type = body.type.map { clean($0, secrets: secrets, limit: 120) }
        body.code = body.code.map { clean($0, secrets: secrets, limit: 120) }
        return body
    }

    private static func errorFields(_ json: GeneratedContent) -> ErrorBody {
        let error = json["error"]
        if let message = error?.stringValue { return ErrorBody(message: message) }
        let source = error ?? json
        let code: String? = source["code"].flatMap { value in
            if let text = value.stringValue { return text }
            if case .number(let number) = value.kind { return JSONWriter.format(number) }
            return nil
        }
        return ErrorBody(
            message: source["message"]?.stringValue, type: source["type"]?.stringValue ?? source["status"]?.stringValue,
            code: code, contextSize: source["n_ctx"]?.intValue.flatMap { $0 > 0 ? $0 : nil },
            tokenCount: source["n_prompt_tokens"]?.intValue.flatMap { $0 >= 0 ? $0 : nil })
    }

    /// The error for a response with `status`, `headers` (names lowercased) and `body`.
    public static func error(
        status: Int, headers: [String: String], body: Data, provider: String, secrets: [String] = []
    ) -> GenUIError {
        error(
            status: status, headers: headers, parsed: parseErrorBody(body, secrets: secrets), provider: provider,
            secrets: secrets)
    }

    /// The error for a response with `status` whose body was already parsed.
    public static func error(
        status: Int, headers: [String: String], parsed: ErrorBody, provider: String, secrets: [String] = []
    ) -> GenUIError {
        // The reply travels with the error, so it can be worded in the user's language around the server's words.
        let reply = ServerErrorReply(
            status: status, type: parsed.type.map { clean($0, secrets: secrets, limit: 120) },
            message: parsed.message.map { clean($0, secrets: secrets) })
        let context = GenUIError.Context(
            provider: provider, debugDescription: reply.description, underlyingErrors: [reply])
        if isContextOverflow(parsed) {
            return .contextSizeExceeded(contextSize: parsed.contextSize, tokenCount: parsed.tokenCount, context)
        }
        switch status {
        case 401, 403:
            return .unauthorized(context)
        case 429, 529:
            return .rateLimited(retryAfter: RetryAfter.parse(headers), context)
        case 408:
            return .timedOut(context)
        case 400..<500:
            return .invalidRequest(context)
        default:
            if parsed.type == "overloaded_error" { return .rateLimited(retryAfter: RetryAfter.parse(headers), context) }
            return .serverError(status: status, context)
        }
    }

    /// Whether an error body says the prompt does not fit the context window.
    public static func isContextOverflow(_ body: ErrorBody) -> Bool {
        let codes = ["exceed_context_size_error", "context_length_exceeded", "model_context_window_exceeded"]
        if let code = body.code, codes.contains(code) { return true }
        if let type = body.type, codes.contains(type) { return true }
        guard let message = body.message?.lowercased() else { return false }
        return message.contains("context length") || message.contains("context window")
            || message.contains("maximum context") || message.contains("prompt is too long")
            || message.contains("exceeds the context") || message.contains("context size")
    }

    /// `text` with every secret (of 4 characters or more) replaced by `[redacted]`, pieces of one at its edges too
    /// (see ``Redaction``).
    public static func redact(_ text: String, secrets: [String]) -> String {
        Redaction.clean(text, secrets: secrets)
    }

    /// Server text as an error keeps it: `secrets` masked first, then cut to `limit` characters.
    public static func clean(_ text: String, secrets: [String], limit: Int = messageLimit) -> String {
        Redaction.clean(text, secrets: secrets, limit: limit)
    }
}
