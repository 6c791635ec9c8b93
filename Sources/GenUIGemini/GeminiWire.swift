import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP

/// The `generateContent` wire format.
enum GeminiWire {
    /// The `generateContent` body. `model` decides whether replayed calls need thought signatures; `facts` holds the
    /// signatures received; `answerFunction` sends the schema as an answer function instead of `generationConfig`
    /// (see ``GeminiToolPlan``).
    static func body(
        for request: GenerationRequest, model: String = "", facts: GeminiToolFacts? = nil, answerFunction: Bool = false
    ) -> GeneratedContent {
        let plan = GeminiToolPlan(request: request, answerFunction: answerFunction)
        let (tools, toolConfig) = toolFields(for: request, plan: plan)
        let schema = plan.answerFunctionName == nil ? request.schema : nil
        let sampling = SamplingParameters(request.options)
        let config = GeneratedContent.object([
            ("temperature", sampling.temperature.map { .number($0) }),
            ("topP", sampling.topP.map { .number($0) }),
            ("topK", sampling.topK.map { .integer($0) }),
            ("seed", sampling.seed.map { .integer(Int($0 % (1 << 31))) }),
            ("maxOutputTokens", sampling.maximumTokens.map { .integer($0) }),
            ("responseMimeType", schema == nil ? nil : .string("application/json")),
            ("responseJsonSchema", schema.map { $0.jsonSchema(strict: false) }),
        ])
        return .object([
            ("systemInstruction", request.effectiveInstructions.map { .object([("parts", .array([.object([("text", .string($0))])]))]) }),
            ("contents", .array(contents(request.messages, model: model, facts: facts))),
            ("tools", tools),
            ("toolConfig", toolConfig),
            ("generationConfig", config.orderedProperties?.isEmpty == false ? config : nil),
        ])
    }

    /// The `:countTokens` body for `request`. A request of messages alone is sent as `{"contents": […]}`; one with
    /// instructions, a schema or tools as `{"generateContentRequest": {model, contents, systemInstruction, tools,
    /// toolConfig, generationConfig}}`, since `contents` alone would leave them out (the two forms are mutually exclusive, and
    /// the second names the model as `models/{model}`). Only the schema's part of `generationConfig` is sent:
    /// sampling settings occupy no context.
    static func countTokensBody(
        for request: GenerationRequest, model: String, facts: GeminiToolFacts? = nil
    ) -> GeneratedContent {
        let answerFunction = !request.tools.isEmpty && request.schema != nil && facts?.rejectsSchemaWithTools == true
        let generation = body(for: request, model: model, facts: facts, answerFunction: answerFunction)
        let contents = generation["contents"] ?? .array([])
        guard request.effectiveInstructions != nil || request.schema != nil || !request.tools.isEmpty else {
            return .object([("contents", contents)])
        }
        let counted: Set<String> = ["responseMimeType", "responseJsonSchema"]
        let config = (generation["generationConfig"]?.orderedProperties ?? []).filter { counted.contains($0.key) }
        return .object([
            ("generateContentRequest", .object([
                ("model", .string(model.hasPrefix("models/") ? model : "models/\(model)")),
                ("contents", contents),
                ("systemInstruction", generation["systemInstruction"]),
                ("tools", generation["tools"]),
                ("toolConfig", generation["toolConfig"]),
                ("generationConfig", config.isEmpty ? nil : GeneratedContent(orderedProperties: config)),
            ])),
        ])
    }

    static let blockingFinishReasons: Set<String> = [
        "SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY",
    ]

    static func finishReason(_ text: String?) -> FinishReason? {
        switch text {
        case "STOP": .stop
        case "MAX_TOKENS": .length
        case let reason? where blockingFinishReasons.contains(reason): .contentFilter
        default: nil
        }
    }

    /// `google.rpc.RetryInfo.retryDelay` ("13s", "0.5s") from an error body's details, clamped to
    /// ``RetryAfter/maximum``.
    static func retryDelay(_ body: Data) -> Duration? {
        guard let json = try? JSONParser.parse(String(decoding: body, as: UTF8.self)) else { return nil }
        for detail in json["error"]?["details"]?.elements ?? [] {
            if let text = detail["retryDelay"]?.stringValue, let wait = RetryAfter.protobufDuration(text) { return wait }
        }
        return nil
    }

    /// Whether an error body says the API key is invalid (Gemini answers 400 for a bad key).
    static func isInvalidKey(_ body: Data) -> Bool {
        let text = String(decoding: body, as: UTF8.self)
        return text.contains("API_KEY_INVALID") || text.contains("API key not valid")
    }
}
