@_spi(Reading) import GenUI
import GenUIHTTP

/// The body of `POST {base}/models/{model}:countTokens`: `{contents}` for messages alone, else
/// `{generateContentRequest: {model, contents, systemInstruction, tools, toolConfig, generationConfig}}` (the two forms
/// are mutually exclusive).
struct CountTokensRequest: Encodable {
    /// What a generation would send, with the model named `models/{model}`.
    struct Generation: Encodable {
        var model: String
        var contents: [Content]
        var systemInstruction: Content?
        var tools: [FunctionDeclarations]?
        var toolConfig: ToolConfig?
        /// Only the schema's part: sampling settings occupy no context.
        var generationConfig: GenerationConfig?
    }

    var contents: [Content]?
    var generateContentRequest: Generation?

    /// The body that counts `generation`, the body `request` would be generated with. A request of messages alone
    /// is sent as `contents`, since the short form is enough; one with instructions, a schema or tools as a
    /// `generateContentRequest`, since `contents` alone would leave them out.
    init(_ request: GenerationRequest, generation: GenerateContentRequest, model: String) {
        guard request.effectiveInstructions != nil || request.schema != nil || !request.tools.isEmpty else {
            contents = generation.contents
            return
        }
        var counted = GenerationConfig(schema: nil)
        counted.responseMimeType = generation.generationConfig?.responseMimeType
        counted.responseJsonSchema = generation.generationConfig?.responseJsonSchema
        generateContentRequest = Generation(
            model: model.hasPrefix("models/") ? model : "models/\(model)", contents: generation.contents,
            systemInstruction: generation.systemInstruction, tools: generation.tools, toolConfig: generation.toolConfig,
            generationConfig: counted.isEmpty ? nil : counted)
    }
}

/// A `:countTokens` answer. The API writes proto3 JSON, which leaves out a field at its default: an object without
/// `totalTokens` is zero tokens; a `totalTokens` that is not a whole number does not read.
struct CountTokensResponse: Decodable {
    var totalTokens: Int

    enum CodingKeys: String, CodingKey { case totalTokens }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        totalTokens = container.contains(.totalTokens) ? try container.decode(Int.self, forKey: .totalTokens) : 0
    }
}
