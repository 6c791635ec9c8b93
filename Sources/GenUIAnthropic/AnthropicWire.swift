import Foundation
import GenUI
import GenUIHTTP

/// The Messages API wire format.
enum AnthropicWire {
    /// The name of the single tool used for forced-tool guided generation.
    static func toolName(_ schema: GenerationSchema) -> String { ProviderSupport.schemaName(schema) }

    /// The `/v1/messages` body.
    static func body(
        for request: GenerationRequest, configuration: AnthropicConfiguration, stream: Bool, forcedTool: Bool
    ) -> GeneratedContent {
        let sampling = SamplingParameters(request.options)
        let plan = AnthropicToolPlan(request: request, forcedTool: forcedTool)
        let (tools, toolChoice) = toolFields(for: request, plan: plan)
        var outputConfig: GeneratedContent?
        if let schema = request.schema, !forcedTool {
            outputConfig = .object([
                ("format", .object([("type", .string("json_schema")), ("schema", schema.jsonSchema(strict: true))]))
            ])
        }
        return .object([
            ("model", .string(configuration.model)),
            ("max_tokens", .integer(sampling.maximumTokens ?? configuration.defaultMaximumTokens)),
            ("system", request.effectiveInstructions.map { .string($0) }),
            ("messages", .array(messages(request.messages))),
            ("temperature", sampling.temperature.map { .number(min($0, 1)) }),
            ("top_p", sampling.topP.map { .number($0) }),
            ("top_k", sampling.topK.map { .integer($0) }),
            ("stream", .bool(stream)),
            ("output_config", outputConfig),
            ("tools", tools),
            ("tool_choice", toolChoice),
        ])
    }

    /// The fields of a `/v1/messages` body that `/v1/messages/count_tokens` takes: everything that occupies the
    /// context (model, system, messages, and the schema as `output_config` or the forced tool), none of the
    /// generation settings (`max_tokens`, sampling, `stream`), which the endpoint does not accept.
    static let countedFields: Set<String> = ["model", "system", "messages", "output_config", "tools", "tool_choice"]

    /// The `/v1/messages/count_tokens` body: what ``body(for:configuration:stream:forcedTool:)`` would send for
    /// `request`, limited to ``countedFields``.
    static func countTokensBody(
        for request: GenerationRequest, configuration: AnthropicConfiguration, forcedTool: Bool
    ) -> GeneratedContent {
        let full = body(for: request, configuration: configuration, stream: false, forcedTool: forcedTool)
        return GeneratedContent(orderedProperties: (full.orderedProperties ?? []).filter { countedFields.contains($0.key) })
    }

    static func finishReason(_ stopReason: String?) -> FinishReason? {
        switch stopReason {
        case "end_turn", "stop_sequence", "pause_turn": .stop
        case "max_tokens": .length
        case "tool_use": .toolCalls
        default: nil
        }
    }

    /// The HTTP status an error type stands for, for errors that arrive inside a stream.
    static func status(forErrorType type: String?) -> Int {
        switch type {
        case "invalid_request_error": 400
        case "authentication_error": 401
        case "billing_error": 402
        case "permission_error": 403
        case "not_found_error": 404
        case "request_too_large": 413
        case "rate_limit_error": 429
        case "timeout_error": 504
        case "overloaded_error": 529
        default: 500
        }
    }
}
