import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP

/// Ollama's native API: `/api/chat` bodies and the statistics in its final chunk.
enum OllamaWire {
    static func chatBody(for request: GenerationRequest, configuration: OllamaConfiguration, stream: Bool) -> GeneratedContent {
        var messages: [GeneratedContent] = []
        if let system = request.effectiveInstructions {
            messages.append(.object([("role", .string("system")), ("content", .string(system))]))
        }
        messages += request.messages.map(message)
        let sampling = SamplingParameters(request.options)
        let options = GeneratedContent.object([
            ("temperature", sampling.temperature.map { .number($0) }),
            ("top_k", sampling.topK.map { .integer($0) }),
            ("top_p", sampling.topP.map { .number($0) }),
            ("seed", sampling.seedNumber),
            ("num_predict", sampling.maximumTokens.map { .integer($0) }),
            ("num_ctx", configuration.contextLength.map { .integer($0) }),
        ])
        return .object([
            ("model", .string(configuration.model)),
            ("messages", .array(messages)),
            ("stream", .bool(stream)),
            ("format", request.schema.map { $0.jsonSchema(strict: false) }),
            ("options", options.orderedProperties?.isEmpty == false ? options : nil),
            ("keep_alive", configuration.keepAlive.map(keepAliveValue)),
            ("tools", FunctionToolDeclarations.array(request.tools, strict: nil)),
        ])
    }

    /// One message of the conversation: an assistant turn that asked for tool calls carries `tool_calls` (each call's
    /// `arguments` as a JSON object, its `id`); a tool's output is `role: tool` with `tool_name` (what Ollama's
    /// templates read) and `tool_call_id`.
    static func message(_ message: GenerationRequest.Message) -> GeneratedContent {
        switch message.role {
        case .assistant where !message.toolCalls.isEmpty:
            return .object([
                ("role", .string("assistant")),
                ("content", .string(message.content)),
                ("tool_calls", .array(message.toolCalls.map { call in
                    .object([
                        ("id", .string(call.id)),
                        ("function", .object([
                            ("name", .string(ToolWireNames.wireName(call.toolName))),
                            ("arguments", call.arguments),
                        ])),
                    ])
                })),
            ])
        case .tool:
            return .object([
                ("role", .string("tool")),
                ("content", .string(message.content)),
                ("tool_name", message.toolName.map { .string(ToolWireNames.wireName($0)) }),
                ("tool_call_id", message.toolCallID.map { .string($0) }),
            ])
        case .user, .assistant:
            return .object([("role", .string(message.role.rawValue)), ("content", .string(message.content))])
        }
    }

    /// The calls of a chunk's `message.tool_calls` (whole calls: `function.name`, `function.arguments` an object,
    /// `id` in newer versions), added to `assembly`.
    static func appendToolCalls(_ json: GeneratedContent?, to assembly: inout ToolCallAssembly) throws(GenUIError) {
        for call in json?.elements ?? [] {
            try assembly.appendCall(
                id: call["id"]?.stringValue, name: call["function"]?["name"]?.stringValue ?? "",
                arguments: call["function"]?["arguments"] ?? GeneratedContent(kind: .null))
        }
    }

    /// `keep_alive` as Ollama takes it: a number of seconds, or a duration string.
    static func keepAliveValue(_ text: String) -> GeneratedContent {
        if let seconds = Int(text) { return .integer(seconds) }
        return .string(text)
    }

    static func finishReason(_ text: String?) -> FinishReason? {
        switch text {
        case "stop": .stop
        case "length": .length
        default: nil
        }
    }

    static func usage(_ json: GeneratedContent) -> TokenUsage {
        TokenUsage(promptTokens: json["prompt_eval_count"]?.intValue, completionTokens: json["eval_count"]?.intValue)
    }

    /// Speeds from the nanosecond durations of the final chunk.
    static func timings(_ json: GeneratedContent, wall: Duration) -> GenerationTimings {
        let total = number(json, "total_duration")
        return GenerationTimings(
            promptTokensPerSecond: rate(number(json, "prompt_eval_count"), per: number(json, "prompt_eval_duration")),
            generationTokensPerSecond: rate(number(json, "eval_count"), per: number(json, "eval_duration")),
            totalSeconds: total.map { $0 / 1e9 } ?? wall.seconds,
            promptSeconds: number(json, "prompt_eval_duration").map { $0 / 1e9 },
            generationSeconds: number(json, "eval_duration").map { $0 / 1e9 })
    }

    /// Tokens per second from a count and a duration in nanoseconds.
    private static func rate(_ count: Double?, per nanoseconds: Double?) -> Double? {
        guard let count, let nanoseconds, nanoseconds > 0 else { return nil }
        return ExternalNumber.measurement(count / nanoseconds * 1e9)
    }

    /// The number at `key` of an object, when it is finite and not negative (a server's statistics are not trusted).
    static func number(_ json: GeneratedContent, _ key: String) -> Double? {
        guard case .structure(let properties, _) = json.kind, case .number(let value)? = properties[key]?.kind else {
            return nil
        }
        return ExternalNumber.measurement(value, in: 0...1e18)
    }

    /// Whether a tag listing names `model` (a name without a tag means `:latest`).
    static func listing(_ names: [String], contains model: String) -> Bool {
        let wanted = model.contains(":") ? model : model + ":latest"
        return names.contains { $0 == model || $0 == wanted }
    }
}
