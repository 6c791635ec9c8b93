import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP

/// The Chat Completions wire format: request bodies and the fields read back from responses and stream chunks.
enum OpenAIWire {
    /// The `/chat/completions` body for `request`.
    static func body(for request: GenerationRequest, configuration: OpenAIConfiguration, stream: Bool) -> GeneratedContent {
        var messages: [GeneratedContent] = []
        if let system = request.effectiveInstructions {
            messages.append(.object([("role", .string("system")), ("content", .string(system))]))
        }
        messages += request.messages.map(message)
        let sampling = SamplingParameters(request.options)
        var responseFormat: GeneratedContent?
        if let schema = request.schema {
            responseFormat = .object([
                ("type", .string("json_schema")),
                ("json_schema", .object([
                    ("name", .string(ProviderSupport.schemaName(schema))),
                    ("schema", schema.jsonSchema(strict: configuration.strictSchema)),
                    ("strict", .bool(configuration.strictSchema)),
                ])),
            ])
        }
        return .object([
            ("model", .string(configuration.model)),
            ("messages", .array(messages)),
            ("stream", .bool(stream)),
            ("stream_options", stream ? .object([("include_usage", .bool(true))]) : nil),
            ("temperature", sampling.temperature.map { .number($0) }),
            ("top_p", sampling.topP.map { .number($0) }),
            ("top_k", configuration.sendsTopK ? sampling.topK.map { .integer($0) } : nil),
            ("seed", sampling.seedNumber),
            (configuration.tokenLimitField.rawValue, sampling.maximumTokens.map { .integer($0) }),
            ("response_format", responseFormat),
            ("tools", FunctionToolDeclarations.array(request.tools, strict: configuration.strictSchema)),
        ])
    }

    /// One message of the conversation: an assistant turn that asked for tool calls carries `tool_calls` (each call's
    /// `arguments` as JSON text) and `content` null when it had no text; a tool's output is `role: tool` with the
    /// `tool_call_id` it answers.
    static func message(_ message: GenerationRequest.Message) -> GeneratedContent {
        switch message.role {
        case .assistant where !message.toolCalls.isEmpty:
            return .object([
                ("role", .string("assistant")),
                ("content", message.content.isEmpty ? GeneratedContent(kind: .null) : .string(message.content)),
                ("tool_calls", .array(message.toolCalls.map { call in
                    .object([
                        ("id", .string(callID(call.id))),
                        ("type", .string("function")),
                        ("function", .object([
                            ("name", .string(ToolWireNames.wireName(call.toolName))),
                            ("arguments", .string(call.arguments.jsonString)),
                        ])),
                    ])
                })),
            ])
        case .tool:
            return .object([
                ("role", .string("tool")),
                ("tool_call_id", .string(callID(message.toolCallID ?? ""))),
                ("content", .string(message.content)),
            ])
        case .user, .assistant:
            return .object([("role", .string(message.role.rawValue)), ("content", .string(message.content))])
        }
    }

    /// A call id as OpenAI takes it (at most 40 characters): ids another provider made may be longer.
    static func callID(_ id: String) -> String { ToolWireNames.callID(id, maximumLength: 40) }

    /// The calls of a non-streamed `message.tool_calls`, added to `assembly` (`arguments` is JSON text; an object,
    /// which some compatible servers send, is taken as it is).
    static func appendToolCalls(_ json: GeneratedContent?, to assembly: inout ToolCallAssembly) throws(GenUIError) {
        for call in json?.elements ?? [] {
            try assembly.appendCall(
                id: call["id"]?.stringValue, name: call["function"]?["name"]?.stringValue ?? "",
                arguments: call["function"]?["arguments"] ?? .string(""))
        }
    }

    /// The pieces of a streamed `delta.tool_calls`, added to `assembly` by their `index`.
    static func appendToolCallDeltas(_ json: GeneratedContent?, to assembly: inout ToolCallAssembly) throws(GenUIError) {
        for piece in json?.elements ?? [] {
            try assembly.appendPiece(
                index: piece["index"]?.intValue, id: piece["id"]?.stringValue,
                name: piece["function"]?["name"]?.stringValue, arguments: piece["function"]?["arguments"]?.stringValue)
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

    static func usage(_ json: GeneratedContent?) -> TokenUsage? {
        guard let json, json.kind != .null else { return nil }
        return TokenUsage(promptTokens: json["prompt_tokens"]?.intValue, completionTokens: json["completion_tokens"]?.intValue)
    }

    /// llama-server's `timings` object, when present (values that are not finite, or negative, are dropped).
    static func timings(_ json: GeneratedContent?, wall: Duration) -> GenerationTimings {
        GenerationTimings(
            promptTokensPerSecond: ExternalNumber.measurement(json?["prompt_per_second"]?.numberValue),
            generationTokensPerSecond: ExternalNumber.measurement(json?["predicted_per_second"]?.numberValue),
            totalSeconds: wall.seconds)
    }
}
