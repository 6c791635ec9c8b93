import GenUI
import GenUIHTTP

/// Collects a Messages API answer, whole or from stream events: text, tool input, stop reason and usage.
struct AnthropicMessageAccumulator {
    let provider: String
    let secrets: [String]
    private(set) var text = OutputText()
    private(set) var toolInput = OutputText()
    private(set) var toolInputObject: GeneratedContent?
    private(set) var stopReason: String?
    private(set) var model: String?
    private(set) var usage = TokenUsage()
    private(set) var stopped = false
    private var blockTypes: [Int: String] = [:]

    init(provider: String, secrets: [String]) {
        self.provider = provider
        self.secrets = secrets
    }

    /// Applies a complete (non-streamed) message.
    mutating func apply(message json: GeneratedContent) throws(LanguageModelError) {
        model = json["model"]?.stringValue
        for block in json["content"]?.elements ?? [] {
            switch block["type"]?.stringValue {
            case "text": try text.append(block["text"]?.stringValue ?? "")
            case "tool_use": toolInputObject = block["input"]
            default: break
            }
        }
        stopReason = json["stop_reason"]?.stringValue
        readUsage(json["usage"])
        stopped = true
    }

    /// Applies one stream event; returns the text it adds, if any.
    mutating func apply(event: String, _ json: GeneratedContent) throws(LanguageModelError) -> String? {
        switch event {
        case "message_start":
            model = json["message"]?["model"]?.stringValue
            readUsage(json["message"]?["usage"])
        case "content_block_start":
            if let index = json["index"]?.intValue { blockTypes[index] = json["content_block"]?["type"]?.stringValue }
        case "content_block_delta":
            let delta = json["delta"]
            switch delta?["type"]?.stringValue {
            case "text_delta":
                let piece = delta?["text"]?.stringValue ?? ""
                try text.append(piece)
                return piece.isEmpty ? nil : piece
            case "input_json_delta":
                let piece = delta?["partial_json"]?.stringValue ?? ""
                try toolInput.append(piece)
                return piece.isEmpty ? nil : piece
            default: break
            }
        case "message_delta":
            if let reason = json["delta"]?["stop_reason"]?.stringValue { stopReason = reason }
            readUsage(json["usage"])
        case "message_stop":
            stopped = true
        case "error":
            let parsed = HTTPErrorMapping.parseErrorJSON(json, secrets: secrets)
            throw HTTPErrorMapping.error(
                status: AnthropicWire.status(forErrorType: parsed.type), headers: [:], parsed: parsed, provider: provider,
                secrets: secrets)
        default: break
        }
        return nil
    }

    /// Throws for stop reasons that are errors: refusal, context window exceeded.
    func checkStopReason() throws(LanguageModelError) {
        switch stopReason {
        case "refusal":
            throw .refusal(.init(provider: provider, debugDescription: "\(provider): the model declined to answer (stop_reason refusal)"))
        case "model_context_window_exceeded":
            throw .contextSizeExceeded(
                contextSize: nil, tokenCount: nil,
                .init(provider: provider, debugDescription: "\(provider): the model's context window was exceeded"))
        default: break
        }
    }

    /// The output text: the tool input when a tool was forced, the text otherwise.
    func output(forcedTool: Bool) -> String {
        guard forcedTool else { return text.text }
        if let toolInputObject { return toolInputObject.jsonString }
        return toolInput.text.isEmpty ? text.text : toolInput.text
    }

    private mutating func readUsage(_ json: GeneratedContent?) {
        if let input = json?["input_tokens"]?.intValue { usage.promptTokens = input }
        if let output = json?["output_tokens"]?.intValue { usage.completionTokens = output }
    }
}
