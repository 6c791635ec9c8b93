@_spi(Reading) import GenUI
import GenUIHTTP

/// The body of `POST {base}/models/{model}:generateContent` (and `:streamGenerateContent`).
struct GenerateContentRequest: Encodable {
    var systemInstruction: Content?
    var contents: [Content]
    var tools: [FunctionDeclarations]?
    var toolConfig: ToolConfig?
    /// Left out when it would be empty.
    var generationConfig: GenerationConfig?

    /// The body for `request` under `plan`: the instructions (schema description included) as the system
    /// instruction, the conversation, the tools, and sampling, the schema (unless the plan carries it as an answer
    /// function) and a request for thought summaries in `generationConfig`. `model` decides whether replayed calls
    /// need thought signatures; `facts` holds the signatures received.
    init(
        _ request: GenerationRequest, model: String, facts: GeminiToolFacts?, plan: GeminiToolPlan, provider: String
    ) throws(GenUIError) {
        let (tools, toolConfig) = FunctionDeclarations.fields(for: request, plan: plan)
        let schema = plan.answerFunctionName == nil ? request.schema : nil
        let sampling = SamplingParameters(request.options)
        var config = GenerationConfig(schema: schema)
        config.temperature = sampling.temperature
        config.topP = sampling.topP
        config.topK = sampling.topK
        config.seed = sampling.seed.map { Int($0 % (1 << 31)) }
        config.maxOutputTokens = sampling.maximumTokens
        if let level = request.reasoningLevel {
            config.thinkingConfig = .init(includeThoughts: true, thinkingBudget: level.tokenBudget)
        }
        systemInstruction = request.effectiveInstructions.map { Content(text: $0) }
        contents = try Content.conversation(request.messages, model: model, facts: facts, provider: provider)
        self.tools = tools
        self.toolConfig = toolConfig
        generationConfig = config.isEmpty ? nil : config
    }
}

/// `generationConfig`: sampling, the token limit, the response schema, thought summaries.
struct GenerationConfig: Encodable {
    /// `thinkingConfig`: `includeThoughts` asks for summaries of the model's thinking, as parts marked `thought`.
    struct ThinkingConfig: Encodable {
        var includeThoughts: Bool
        /// `thinkingBudget`: the tokens the model may think with, from the request's reasoning level.
        var thinkingBudget: Int?
    }

    var temperature: Double?
    var topP: Double?
    var topK: Int?
    var seed: Int?
    var maxOutputTokens: Int?
    var responseMimeType: String?
    var responseJsonSchema: JSONValueCoding?
    var thinkingConfig: ThinkingConfig?

    /// A configuration holding only `schema` (JSON output following it), or nothing.
    init(schema: GenerationSchema?) {
        responseMimeType = schema == nil ? nil : "application/json"
        responseJsonSchema = schema.map { JSONValueCoding($0.jsonSchema(strict: false)) }
    }

    var isEmpty: Bool {
        temperature == nil && topP == nil && topK == nil && seed == nil && maxOutputTokens == nil
            && responseMimeType == nil && responseJsonSchema == nil && thinkingConfig == nil
    }
}
