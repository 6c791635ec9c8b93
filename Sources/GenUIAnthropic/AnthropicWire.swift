import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP

/// The Messages API wire format.
enum AnthropicWire {
    /// The name of the single tool used for forced-tool guided generation.
    static func toolName(_ schema: GenerationSchema) -> String { ProviderSupport.schemaName(schema) }

    /// The `/v1/messages` body.
    static func body(
        for request: GenerationRequest, configuration: AnthropicConfiguration, stream: Bool, forcedTool: Bool
    ) throws(GenUIError) -> MessagesRequest {
        let sampling = SamplingParameters(request.options)
        let plan = AnthropicToolPlan(request: request, forcedTool: forcedTool)
        let (tools, toolChoice) = toolFields(for: request, plan: plan)
        var outputConfig: MessagesRequest.OutputConfig?
        if let schema = request.schema, !forcedTool {
            outputConfig = .init(format: .init(schema: JSONValueCoding(schema.jsonSchema(strict: true))))
        }
        let answerTokens = sampling.maximumTokens ?? configuration.defaultMaximumTokens
        // Extended thinking: its budget comes on top of the answer's tokens (max_tokens counts both), it takes no
        // sampling settings, and it cannot be combined with a forced tool (the answer tool, or a required call),
        // which then answers without it.
        let forcesTool = toolChoice.map { $0.type == "any" || $0.type == "tool" } ?? false
        let thinking =
            forcedTool || forcesTool
            ? nil : request.reasoningLevel.map { MessagesRequest.Thinking(budgetTokens: $0.tokenBudget) }
        var body = MessagesRequest(
            model: configuration.model, maxTokens: answerTokens + (thinking?.budgetTokens ?? 0),
            system: request.effectiveInstructions,
            messages: try messages(request.messages, provider: configuration.name, thinking: thinking != nil),
            temperature: sampling.temperature.map { min($0, 1) }, topP: sampling.topP, topK: sampling.topK,
            stream: stream, outputConfig: outputConfig, tools: tools, toolChoice: toolChoice)
        if let thinking {
            body.thinking = thinking
            body.temperature = nil
            body.topP = nil
            body.topK = nil
        }
        return body
    }

    /// The `/v1/messages/count_tokens` body: what ``body(for:configuration:stream:forcedTool:)`` would send for
    /// `request`, limited to what occupies the context.
    static func countTokensBody(
        for request: GenerationRequest, configuration: AnthropicConfiguration, forcedTool: Bool
    ) throws(GenUIError) -> CountTokensRequest {
        CountTokensRequest(try body(for: request, configuration: configuration, stream: false, forcedTool: forcedTool))
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
