import GenUI
import GenUIHTTP

/// What the Chat Completions answers mean to genui: finish reasons, usage, timings, tool calls.
enum OpenAIWire {
    /// The calls of a non-streamed `message.tool_calls`, added to `assembly`.
    static func appendToolCalls(_ calls: [FunctionToolCall]?, to assembly: inout ToolCallAssembly) throws(GenUIError) {
        try FunctionToolCall.append(calls, to: &assembly, missingArguments: GeneratedContent(kind: .string("")))
    }

    /// The pieces of a streamed `delta.tool_calls`, added to `assembly` by their `index` and sent to `events` under
    /// their call's id and the name of the tool in `tools` the call is for.
    static func appendToolCallDeltas(
        _ pieces: [ChatCompletionChunk.ToolCallPiece]?, to assembly: inout ToolCallAssembly,
        tools: [GenerationRequest.ToolDefinition], events: TurnEvents
    ) async throws(GenUIError) {
        for piece in pieces ?? [] {
            let call = try assembly.appendPiece(
                index: piece.index, id: piece.id, name: piece.function?.name, arguments: piece.function?.arguments)
            guard events.keepsEntries, !call.wireName.isEmpty else { continue }
            await events.appendToolCallArguments(
                id: call.id, name: ToolWireNames.toolName(forWireName: call.wireName, in: tools),
                piece.function?.arguments ?? "")
        }
    }

    /// The response of a turn: its tool calls when the model asked for any, else its text (validated against the
    /// request's schema).
    static func response(
        text: String, toolCalls: ToolCallAssembly, request: GenerationRequest, model: OpenAILanguageModel,
        servedModel: String, usage: TokenUsage, timings: GenerationTimings, finish: FinishReason?
    ) throws(GenUIError) -> GenerationResponse {
        if !toolCalls.isEmpty {
            return ProviderSupport.toolCallResponse(
                calls: try toolCalls.calls(provider: model.name, tools: request.tools), text: text,
                provider: model.name,
                model: servedModel, usage: usage, timings: timings)
        }
        return try ProviderSupport.response(
            text: text, schema: request.schema, provider: model.name, model: servedModel, usage: usage,
            timings: timings, finishReason: finish, guided: true)
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
