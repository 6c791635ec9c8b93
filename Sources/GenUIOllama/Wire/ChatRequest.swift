@_spi(Reading) import GenUI
import GenUIHTTP

/// The body of `POST /api/chat`.
struct ChatRequest: Encodable {
    /// `options`: sampling, the token limit and the context window.
    struct Options: Encodable {
        var temperature: Double?
        var topK: Int?
        var topP: Double?
        var seed: Int?
        var numPredict: Int?
        var numCtx: Int?

        enum CodingKeys: String, CodingKey {
            case temperature, topK = "top_k", topP = "top_p", seed, numPredict = "num_predict", numCtx = "num_ctx"
        }

        var isEmpty: Bool {
            temperature == nil && topK == nil && topP == nil && seed == nil && numPredict == nil && numCtx == nil
        }
    }

    /// `keep_alive`: a number of seconds, or a duration string.
    enum KeepAlive: Encodable {
        case seconds(Int)
        case duration(String)

        init(_ text: String) { self = Int(text).map(KeepAlive.seconds) ?? .duration(text) }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .seconds(let seconds): try container.encode(seconds)
            case .duration(let text): try container.encode(text)
            }
        }
    }

    var model: String
    var messages: [ChatMessage]
    var stream: Bool
    var format: JSONValueCoding?
    var options: Options?
    var keepAlive: KeepAlive?
    var tools: [FunctionToolDeclaration]?
    /// `think`: `true` when the request asks for reasoning (Ollama's levels by name exist for a few models only).
    var think: Bool?

    enum CodingKeys: String, CodingKey {
        case model, messages, stream, format, options, keepAlive = "keep_alive", tools, think
    }

    /// The body for `request`: the instructions (schema description included) as the system message, the schema as
    /// `format`, sampling in `options` (left out when empty), `keep_alive` and the tools.
    init(_ request: GenerationRequest, configuration: OllamaConfiguration, stream: Bool) throws(GenUIError) {
        var messages: [ChatMessage] = []
        if let system = request.effectiveInstructions { messages.append(ChatMessage(role: "system", content: system)) }
        for message in request.messages {
            messages.append(try ChatMessage(message, provider: configuration.name))
        }
        let sampling = SamplingParameters(request.options)
        let options = Options(
            temperature: sampling.temperature, topK: sampling.topK, topP: sampling.topP, seed: sampling.wireSeed,
            numPredict: sampling.maximumTokens, numCtx: configuration.contextLength)
        model = configuration.model
        self.messages = messages
        self.stream = stream
        format = request.schema.map { JSONValueCoding($0.jsonSchema(strict: false)) }
        self.options = options.isEmpty ? nil : options
        keepAlive = configuration.keepAlive.map(KeepAlive.init)
        tools = FunctionToolDeclaration.array(request.offeredTools, strict: nil)
        think = request.reasoningLevel == nil ? nil : true
    }
}
