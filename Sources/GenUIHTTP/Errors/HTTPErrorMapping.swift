import Foundation
import GenUI

/// Maps an HTTP error response to a ``LanguageModelError``, reading the error body shapes providers use:
/// `{"error":{"message","type","code"}}` (OpenAI, llama-server, Gemini), `{"type":"error","error":{"type","message"}}`
/// (Anthropic) and `{"error":"message"}` (Ollama).
///
/// 401/403 → unauthorized; 429 and 529 → rateLimited (Retry-After read from `retry-after-ms`, `retry-after` seconds or
/// date); 408 → timedOut; a context-window overflow (any status) → contextSizeExceeded; other 4xx → invalidRequest;
/// 5xx → serverError. Every string in `secrets` is masked in the server's message before it is kept.
public enum HTTPErrorMapping {
    /// What an error body said.
    public struct ErrorBody: Sendable, Hashable {
        /// The human message, if any.
        public var message: String?
        /// The machine type (`invalid_request_error`, `rate_limit_error`, `RESOURCE_EXHAUSTED`, …), if any.
        public var type: String?
        /// The code (`context_length_exceeded`, `insufficient_quota`, …), if any.
        public var code: String?
    }

    /// Reads the error fields of `body`, whatever shape it has.
    public static func parseErrorBody(_ body: Data) -> ErrorBody {
        let text = String(decoding: body, as: UTF8.self)
        guard let json = try? JSONParser.parse(text) else {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return ErrorBody(message: trimmed.isEmpty ? nil : String(trimmed.prefix(500)))
        }
        return parseErrorJSON(json)
    }

    /// Reads the error fields of an already parsed error document (also used for errors that arrive mid-stream).
    public static func parseErrorJSON(_ json: GeneratedContent) -> ErrorBody {
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
            code: code)
    }

    /// The error for a response with `status`, `headers` (names lowercased) and `body`.
    public static func error(
        status: Int, headers: [String: String], body: Data, provider: String, secrets: [String] = []
    ) -> LanguageModelError {
        error(status: status, headers: headers, parsed: parseErrorBody(body), provider: provider, secrets: secrets)
    }

    /// The error for a response with `status` whose body was already parsed.
    public static func error(
        status: Int, headers: [String: String], parsed: ErrorBody, provider: String, secrets: [String] = []
    ) -> LanguageModelError {
        let detail = redact(parsed.message ?? "no details", secrets: secrets)
        let described = "HTTP \(status)" + (parsed.type.map { " \($0)" } ?? "") + ": " + detail
        let context = LanguageModelError.Context(provider: provider, debugDescription: described)
        if isContextOverflow(parsed) { return .contextSizeExceeded(context) }
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

    /// `text` with every non-empty secret replaced by `[redacted]`.
    public static func redact(_ text: String, secrets: [String]) -> String {
        var result = text
        for secret in secrets where secret.count >= 4 {
            result = result.replacingOccurrences(of: secret, with: "[redacted]")
        }
        return result
    }
}

extension GeneratedContent {
    /// The property `key` of an object, or `nil`.
    public subscript(key: String) -> GeneratedContent? {
        guard case .structure(let properties, _) = kind else { return nil }
        return properties[key]
    }

    /// The value when it is a string, else `nil`.
    public var stringValue: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// The value when it is a number, else `nil`.
    public var numberValue: Double? {
        if case .number(let number) = kind { return number }
        return nil
    }

    /// The value when it is an integral number, else `nil`.
    public var intValue: Int? {
        guard let number = numberValue, number.rounded() == number else { return nil }
        return Int(exactly: number)
    }

    /// The value when it is a boolean, else `nil`.
    public var boolValue: Bool? {
        if case .bool(let value) = kind { return value }
        return nil
    }
}
