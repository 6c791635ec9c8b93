@_spi(Reading) import GenUI
import GenUIHTTP

/// The body of `POST {base}/chat/completions`.
struct ChatCompletionRequest: Encodable {
    /// `stream_options`: usage in the last chunk of a stream.
    struct StreamOptions: Encodable {
        var includeUsage = true
        enum CodingKeys: String, CodingKey { case includeUsage = "include_usage" }
    }

    /// `response_format` for guided generation: a JSON Schema, strict or not.
    struct ResponseFormat: Encodable {
        struct JSONSchema: Encodable {
            var name: String
            var schema: JSONValueCoding
            var strict: Bool
        }

        var type = "json_schema"
        var jsonSchema: JSONSchema
        enum CodingKeys: String, CodingKey { case type, jsonSchema = "json_schema" }
    }

    var model: String
    var messages: [ChatMessage]
    var stream: Bool
    var streamOptions: StreamOptions?
    var temperature: Double?
    var topP: Double?
    var topK: Int?
    var seed: Int?
    var maxTokens: Int?
    var maxCompletionTokens: Int?
    var responseFormat: ResponseFormat?
    var tools: [FunctionToolDeclaration]?
    /// `tool_choice`: `required` when the model must call a tool, `none` when it may not; left out otherwise (the
    /// server's `auto`).
    var toolChoice: String?
    /// `reasoning_effort`: `low`, `medium` or `high`, from the request's reasoning level.
    var reasoningEffort: String?

    enum CodingKeys: String, CodingKey {
        case model, messages, stream, streamOptions = "stream_options", temperature, topP = "top_p", topK = "top_k"
        case seed, maxTokens = "max_tokens", maxCompletionTokens = "max_completion_tokens"
        case responseFormat = "response_format", tools, toolChoice = "tool_choice", reasoningEffort = "reasoning_effort"
    }

    /// The body for `request`: the instructions (schema description included) as the system message, sampling,
    /// the token limit in the configured field, the schema and the tools.
    init(_ request: GenerationRequest, configuration: OpenAIConfiguration, stream: Bool) throws(GenUIError) {
        var messages: [ChatMessage] = []
        if let system = request.effectiveInstructions { messages.append(ChatMessage(role: "system", content: system)) }
        for message in request.messages {
            messages.append(try ChatMessage(message, provider: configuration.name))
        }
        let sampling = SamplingParameters(request.options)
        model = configuration.model
        self.messages = messages
        self.stream = stream
        streamOptions = stream ? StreamOptions() : nil
        temperature = sampling.temperature
        topP = sampling.topP
        topK = configuration.sendsTopK ? sampling.topK : nil
        seed = sampling.wireSeed
        switch configuration.tokenLimitField {
        case .maxTokens: maxTokens = sampling.maximumTokens
        case .maxCompletionTokens: maxCompletionTokens = sampling.maximumTokens
        }
        responseFormat = request.schema.map { schema in
            ResponseFormat(
                jsonSchema: .init(
                    name: ProviderSupport.schemaName(schema),
                    schema: JSONValueCoding(schema.jsonSchema(strict: configuration.strictSchema)),
                    strict: configuration.strictSchema))
        }
        tools = FunctionToolDeclaration.array(request.tools, strict: configuration.strictSchema)
        toolChoice = request.requiresToolCall ? "required" : request.forbidsToolCalls ? "none" : nil
        reasoningEffort = request.reasoningLevel?.effortName
    }
}
