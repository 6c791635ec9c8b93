import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP

/// What Ollama's `/api/chat` answers mean to genui: tool calls, finish reasons, usage and speeds.
enum OllamaWire {
    /// The calls of a chunk's `message.tool_calls` (whole calls: `function.name`, `function.arguments` an object,
    /// `id` in newer versions), added to `assembly`.
    static func appendToolCalls(_ calls: [FunctionToolCall]?, to assembly: inout ToolCallAssembly) throws(GenUIError) {
        try FunctionToolCall.append(calls, to: &assembly, missingArguments: GeneratedContent(kind: .null))
    }

    static func finishReason(_ text: String?) -> FinishReason? {
        switch text {
        case "stop": .stop
        case "length": .length
        default: nil
        }
    }

    static func usage(_ chunk: ChatChunk) -> TokenUsage {
        TokenUsage(promptTokens: whole(chunk.promptEvalCount), completionTokens: whole(chunk.evalCount))
    }

    /// Speeds from the nanosecond durations of the final chunk.
    static func timings(_ chunk: ChatChunk, wall: Duration) -> GenerationTimings {
        let promptDuration = statistic(chunk.promptEvalDuration)
        let evalDuration = statistic(chunk.evalDuration)
        return GenerationTimings(
            promptTokensPerSecond: rate(statistic(chunk.promptEvalCount), per: promptDuration),
            generationTokensPerSecond: rate(statistic(chunk.evalCount), per: evalDuration),
            totalSeconds: statistic(chunk.totalDuration).map { $0 / 1e9 } ?? wall.seconds,
            promptSeconds: promptDuration.map { $0 / 1e9 },
            generationSeconds: evalDuration.map { $0 / 1e9 })
    }

    /// Tokens per second from a count and a duration in nanoseconds.
    private static func rate(_ count: Double?, per nanoseconds: Double?) -> Double? {
        guard let count, let nanoseconds, nanoseconds > 0 else { return nil }
        return ExternalNumber.measurement(count / nanoseconds * 1e9)
    }

    /// A statistic when it is finite and not negative (a server's statistics are not trusted).
    static func statistic(_ value: Double?) -> Double? {
        value.flatMap { ExternalNumber.measurement($0, in: 0...1e18) }
    }

    /// A count when it is a whole number.
    private static func whole(_ value: Double?) -> Int? {
        guard let value, value.rounded() == value else { return nil }
        return Int(exactly: value)
    }

    /// Whether a tag listing names `model` (a name without a tag means `:latest`).
    static func listing(_ names: [String], contains model: String) -> Bool {
        let wanted = model.contains(":") ? model : model + ":latest"
        return names.contains { $0 == model || $0 == wanted }
    }
}
