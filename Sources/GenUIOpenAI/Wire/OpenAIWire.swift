import GenUI
import GenUIHTTP

/// What the Chat Completions answers mean to genui: finish reasons, usage, timings, tool calls.
enum OpenAIWire {
    /// The calls of a non-streamed `message.tool_calls`, added to `assembly`.
    static func appendToolCalls(_ calls: [FunctionToolCall]?, to assembly: inout ToolCallAssembly) throws(GenUIError) {
        try FunctionToolCall.append(calls, to: &assembly, missingArguments: GeneratedContent(kind: .string("")))
    }

    /// The pieces of a streamed `delta.tool_calls`, added to `assembly` by their `index`.
    static func appendToolCallDeltas(
        _ pieces: [ChatCompletionChunk.ToolCallPiece]?, to assembly: inout ToolCallAssembly
    ) throws(GenUIError) {
        for piece in pieces ?? [] {
            try assembly.appendPiece(
                index: piece.index, id: piece.id, name: piece.function?.name, arguments: piece.function?.arguments)
        }
    }

    static func finishReason(_ text: String?) -> FinishReason? {
        switch text {
        case "stop": .stop
        case "length": .length
        case "tool_calls", "function_call": .toolCalls
        case "content_filter": .contentFilter
        default: nil
        }
    }

    /// llama-server's `timings`, when present (values that are not finite, or negative, are dropped).
    static func timings(_ timings: ServerTimings?, wall: Duration) -> GenerationTimings {
        GenerationTimings(
            promptTokensPerSecond: ExternalNumber.measurement(timings?.promptPerSecond),
            generationTokensPerSecond: ExternalNumber.measurement(timings?.predictedPerSecond),
            totalSeconds: wall.seconds)
    }
}
