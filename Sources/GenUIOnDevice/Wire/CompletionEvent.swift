/// The fields of llama-server's `/completion` answer (one `data:` event of a stream, or the whole body) that genui
/// reads, as the server writes them; ``CompletionChunk`` is what they mean.
struct CompletionEvent: Decodable {
    /// `timings`: speeds and times of the prompt and the generation.
    struct Timings: Decodable {
        var promptPerSecond: Double?
        var predictedPerSecond: Double?
        var promptMilliseconds: Double?
        var predictedMilliseconds: Double?

        enum CodingKeys: String, CodingKey {
            case promptPerSecond = "prompt_per_second", predictedPerSecond = "predicted_per_second"
            case promptMilliseconds = "prompt_ms", predictedMilliseconds = "predicted_ms"
        }
    }

    var content: String?
    var stop: Bool?
    var stopType: String?
    var tokensPredicted: Int?
    var tokensEvaluated: Int?
    var truncated: Bool?
    var timings: Timings?

    enum CodingKeys: String, CodingKey {
        case content, stop, stopType = "stop_type", tokensPredicted = "tokens_predicted"
        case tokensEvaluated = "tokens_evaluated", truncated, timings
    }
}
