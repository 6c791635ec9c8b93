import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP

/// The `generateContent` wire format: what the provider reads from answers beyond its wire types (in Wire/).
enum GeminiWire {
    /// The finish reasons that mean the output was stopped by a safety or policy check: a guardrail violation.
    static let blockingFinishReasons: Set<String> = [
        "SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY", "IMAGE_PROHIBITED_CONTENT",
        "IMAGE_RECITATION", "MODEL_ARMOR",
    ]

    /// The finish reasons that mean the model's function calling went wrong: an invalid tool call.
    static let toolCallFinishReasons: Set<String> = [
        "MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL", "TOO_MANY_TOOL_CALLS",
    ]

    /// The finish reasons that mean the turn failed on the service's side (`MALFORMED_RESPONSE`) or because of the
    /// request (`MISSING_THOUGHT_SIGNATURE`): a server error, whatever text came before.
    static let failedFinishReasons: Set<String> = ["MALFORMED_RESPONSE", "MISSING_THOUGHT_SIGNATURE"]

    /// genui's finish reason for the API's: `STOP`, `MAX_TOKENS`, or a blocking reason; `nil` for any other (`OTHER`,
    /// `FINISH_REASON_UNSPECIFIED`, `IMAGE_OTHER`, `NO_IMAGE`, and reasons added later), which is an answer only when
    /// the model wrote one.
    static func finishReason(_ text: String?) -> FinishReason? {
        switch text {
        case "STOP": .stop
        case "MAX_TOKENS": .length
        case let reason? where blockingFinishReasons.contains(reason): .contentFilter
        default: nil
        }
    }

    /// `google.rpc.RetryInfo.retryDelay` ("13s", "0.5s") from an error body's details, clamped to
    /// ``RetryAfter/maximum``.
    static func retryDelay(_ body: Data) -> Duration? {
        for detail in APIErrorBody.read(body)?.error?.details ?? [] {
            if let text = detail.retryDelay, let wait = RetryAfter.protobufDuration(text) { return wait }
        }
        return nil
    }

    /// Whether an error body says the API key is invalid (Gemini answers 400 for a bad key).
    static func isInvalidKey(_ body: Data) -> Bool {
        let text = String(decoding: body, as: UTF8.self)
        return text.contains("API_KEY_INVALID") || text.contains("API key not valid")
    }
}
