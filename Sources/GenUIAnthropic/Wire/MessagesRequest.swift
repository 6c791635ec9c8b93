@_spi(Reading) import GenUI
import GenUIHTTP

/// The body of `POST {base}/v1/messages`.
struct MessagesRequest: Encodable {
    /// `output_config`: the JSON Schema the answer must follow.
    struct OutputConfig: Encodable {
        struct Format: Encodable {
            var type = "json_schema"
            var schema: JSONValueCoding
        }

        var format: Format
    }

    /// `tool_choice`: `any` tool, or the one `tool` named.
    struct ToolChoice: Encodable {
        var type: String
        var name: String?
    }

    var model: String
    var maxTokens: Int
    var system: String?
    var messages: [Message]
    var temperature: Double?
    var topP: Double?
    var topK: Int?
    var stream: Bool
    var outputConfig: OutputConfig?
    var tools: [ToolDeclaration]?
    var toolChoice: ToolChoice?
    /// `thinking`: extended thinking with a budget of tokens, from the request's reasoning level.
    var thinking: Thinking?

    /// `{"type": "enabled", "budget_tokens": N}`.
    struct Thinking: Encodable {
        var type = "enabled"
        var budgetTokens: Int
        enum CodingKeys: String, CodingKey { case type, budgetTokens = "budget_tokens" }
    }

    enum CodingKeys: String, CodingKey {
        case model, maxTokens = "max_tokens", system, messages, temperature, topP = "top_p", topK = "top_k", stream
        case outputConfig = "output_config", tools, toolChoice = "tool_choice", thinking
    }
}

/// The body of `POST {base}/v1/messages/count_tokens`: the fields of a message request that occupy the context
/// (model, system, messages, and the schema as `output_config` or the forced tool), none of the generation settings
/// (`max_tokens`, sampling, `stream`), which the endpoint does not accept.
struct CountTokensRequest: Encodable {
    var model: String
    var system: String?
    var messages: [Message]
    var outputConfig: MessagesRequest.OutputConfig?
    var tools: [ToolDeclaration]?
    var toolChoice: MessagesRequest.ToolChoice?

    enum CodingKeys: String, CodingKey {
        case model, system, messages, outputConfig = "output_config", tools, toolChoice = "tool_choice"
    }

    /// The counted fields of `request`.
    init(_ request: MessagesRequest) {
        model = request.model
        system = request.system
        messages = request.messages
        outputConfig = request.outputConfig
        tools = request.tools
        toolChoice = request.toolChoice
    }
}

/// A tool as the Messages API declares it: `{name, description, input_schema}`.
struct ToolDeclaration: Encodable {
    var name: String
    var description: String
    var inputSchema: JSONValueCoding

    enum CodingKeys: String, CodingKey { case name, description, inputSchema = "input_schema" }
}
