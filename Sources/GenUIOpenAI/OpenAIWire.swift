import Foundation
import GenUI
import GenUIHTTP

/// The Chat Completions wire format: request bodies and the fields read back from responses and stream chunks.
enum OpenAIWire {
    /// The `/chat/completions` body for `request`.
    static func body(for request: GenerationRequest, configuration: OpenAIConfiguration, stream: Bool) -> GeneratedContent {
        var messages: [GeneratedContent] = []
        if let system = request.effectiveInstructions {
            messages.append(.object([("role", .string("system")), ("content", .string(system))]))
        }
        for message in request.messages {
            messages.append(.object([("role", .string(message.role.rawValue)), ("content", .string(message.content))]))
        }
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
        ])
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
