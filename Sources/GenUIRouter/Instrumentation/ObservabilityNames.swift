/// OpenTelemetry's GenAI semantic-convention names the chain uses (span attributes and metric dimensions).
enum GenAIAttribute {
    /// The operation every chain request and attempt performs.
    static let chat = "chat"
    static let operationName = "gen_ai.operation.name"
    static let providerName = "gen_ai.provider.name"
    static let requestModel = "gen_ai.request.model"
    static let responseModel = "gen_ai.response.model"
    static let inputTokens = "gen_ai.usage.input_tokens"
    static let outputTokens = "gen_ai.usage.output_tokens"
    /// Of the input tokens, those served from the provider's cache.
    static let cacheReadInputTokens = "gen_ai.usage.cache_read.input_tokens"
    /// Of the output tokens, those spent reasoning.
    static let reasoningOutputTokens = "gen_ai.usage.reasoning.output_tokens"
    static let finishReasons = "gen_ai.response.finish_reasons"
    static let tokenType = "gen_ai.token.type"
    static let errorType = "error.type"
}

/// genui's own span attributes, event attributes, metric dimensions and log metadata keys.
enum GenUIAttribute {
    static let chain = "genui.chain"
    static let provider = "genui.provider"
    static let attempt = "genui.attempt"
    static let streaming = "genui.streaming"
    static let outcome = "genui.route.outcome"
    static let reason = "genui.reason"
    static let step = "genui.route.step"
    static let retries = "genui.retries"
    static let guided = "genui.guided"
    static let unguided = "genui.unguided"
    static let repairs = "genui.repairs"
    static let toolCalls = "genui.tool_calls"
    static let seconds = "genui.seconds"
    static let breakerState = "genui.breaker.state"
    static let serverPromptSeconds = "genui.server.prompt_seconds"
    static let serverGenerationSeconds = "genui.server.generation_seconds"
    static let status = "genui.availability.status"
    static let messages = "genui.request.messages"
    static let promptBytes = "genui.request.bytes"
    static let coolDownSeconds = "genui.breaker.cool_down_seconds"
}

/// OpenTelemetry's GenAI client metrics.
enum GenAIMetric {
    /// A timer (histogram) of each attempt's duration.
    static let operationDuration = "gen_ai.client.operation.duration"
    /// A recorder (histogram) of input and output tokens per served attempt.
    static let tokenUsage = "gen_ai.client.token.usage"
    /// A timer (histogram) of the time from sending a streamed request to its first output.
    static let timeToFirstToken = "gen_ai.client.operation.time_to_first_chunk"
}

/// genui's own metrics.
enum GenUIMetric {
    /// Counter of chain requests by chain and outcome.
    static let chainRequests = "genui.chain.requests"
    /// Counter of attempts by provider and outcome.
    static let providerRequests = "genui.provider.requests"
    /// Counter of providers passed over by chain, provider, step (skipped or failed) and reason.
    static let fallbacks = "genui.router.fallbacks"
    /// Counter of circuit-breaker transitions by chain, provider and new state (open or closed).
    static let breakerTransitions = "genui.breaker.transitions"
    /// Timer of availability checks that ran (not cached answers) by chain, provider and status code.
    static let availabilityDuration = "genui.availability.duration"
}
