@_spi(Reading) import GenUI
import GenUIHTTP

/// One `data:` event of a streamed `/completion`, or its non-streamed body.
struct CompletionChunk: Sendable, Hashable {
    /// New text.
    var content: String
    /// `true` on the last event, which carries the totals.
    var isFinal: Bool
    /// Why generation stopped: `eos`, `limit`, `word` or `none`.
    var stopType: String?
    /// Tokens generated.
    var tokensPredicted: Int?
    /// Prompt tokens.
    var tokensEvaluated: Int?
    /// Whether the prompt was cut to fit the context.
    var truncated: Bool
    /// Prompt speed, tokens per second.
    var promptPerSecond: Double?
    /// Generation speed, tokens per second.
    var predictedPerSecond: Double?
    /// Prompt processing time, milliseconds.
    var promptMilliseconds: Double?
    /// Generation time, milliseconds.
    var predictedMilliseconds: Double?
    /// An error reported inside the stream.
    var error: HTTPErrorMapping.ErrorBody?

    /// Parses one event's JSON payload.
    static func parse(_ data: String) throws(GenUIError) -> CompletionChunk {
        let json = try JSONParser.parse(data)
        if json["error"] != nil {
            return CompletionChunk(
                content: "", isFinal: true, truncated: false, error: HTTPErrorMapping.parseErrorJSON(json))
        }
        let event = WireReading.decode(CompletionEvent.self, from: json) ?? CompletionEvent()
        return CompletionChunk(
            content: event.content ?? "",
            isFinal: event.stop ?? false,
            stopType: event.stopType,
            tokensPredicted: event.tokensPredicted,
            tokensEvaluated: event.tokensEvaluated,
            truncated: event.truncated ?? false,
            promptPerSecond: event.timings?.promptPerSecond,
            predictedPerSecond: event.timings?.predictedPerSecond,
            promptMilliseconds: event.timings?.promptMilliseconds,
            predictedMilliseconds: event.timings?.predictedMilliseconds,
            error: nil)
    }

    /// The finish reason the stop type means.
    var finishReason: FinishReason? {
        switch stopType {
        case "eos", "word": .stop
        case "limit": .length
        default: nil
        }
    }
}
