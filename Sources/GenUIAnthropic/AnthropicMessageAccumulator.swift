@_spi(Reading) import GenUI
import GenUIHTTP

/// Collects a Messages API answer, whole or from stream events: text, the answer tool's input, the calls of the
/// user's tools, stop reason and usage.
///
/// `tool_use` blocks are sorted by ``AnthropicToolPlan/isAnswer(_:)``: the answer tool's input is the guided answer;
/// every other block is a call of a user tool, collected in a ``ToolCallAssembly`` (bounded in count and bytes) —
/// streamed blocks by their index, their `input_json_delta.partial_json` pieces joined and parsed at the end.
struct AnthropicMessageAccumulator {
    let provider: String
    let secrets: [String]
    let plan: AnthropicToolPlan
    private(set) var text = OutputText()
    private(set) var toolInput = OutputText()
    private(set) var toolInputObject: GeneratedContent?
    private(set) var stopReason: String?
    private(set) var model: String?
    private(set) var usage = TokenUsage()
    /// The cache's reads and writes as last reported.
    private var cacheReads: Int?
    private var cacheWrites: Int?
    private(set) var stopped = false
    /// The indexes of streamed `tool_use` blocks that are calls of the user's tools.
    private var callBlocks: Set<Int> = []
    /// The indexes of streamed `tool_use` blocks that carry the guided answer (forced-tool mode). Any other block's
    /// `input_json_delta` — a server tool's (`server_tool_use`, `mcp_tool_use`) — is neither text nor a call.
    private var answerBlocks: Set<Int> = []
    /// The signatures of streamed `thinking` blocks so far, by index; sent when the block stops.
    private var thinkingSignatures: [Int: String] = [:]
    /// The thinking of a whole (non-streamed) message, in order: its text and signature, or a redacted block's data.
    private(set) var thinking: [Thinking] = []
    private var calls = ToolCallAssembly()
    /// Thinking text is passed on, not kept, but bounded apart from the text.
    private var reasoningBudget = OutputBudget.reasoning()

    init(provider: String, secrets: [String], plan: AnthropicToolPlan) {
        self.provider = provider
        self.secrets = secrets
        self.plan = plan
    }

    /// A block of thinking: signed text, or redacted (encrypted) data.
    enum Thinking: Equatable {
        case signed(text: String, signature: String)
        case redacted(data: String)
    }

    /// What one stream event adds that is sent as it arrives.
    enum Piece: Equatable {
        /// Output text: the answer's text, or the forced answer tool's input.
        case text(String)
        /// Thinking text.
        case reasoning(String)
        /// The signature of the thinking block that just stopped.
        case reasoningSignature(String)
        /// A redacted thinking block's encrypted data.
        case redactedReasoning(String)
        /// A piece of the arguments of a call of a user tool (empty when the call opens), under the call's id, with
        /// the name it has on the wire.
        case callArguments(id: String, wireName: String, String)
    }

    /// Applies a complete (non-streamed) message.
    mutating func apply(message: MessageAnswer) throws(GenUIError) {
        model = message.model
        for block in message.content ?? [] {
            switch block.type {
            case "text": try text.append(block.text ?? "")
            case "tool_use" where plan.isAnswer(block.name) || !plan.hasUserTools:
                toolInputObject = block.input?.content
            case "thinking":
                let text = block.thinking ?? ""
                try reasoningBudget.charge(text)
                try reasoningBudget.charge(block.signature ?? "")
                thinking.append(.signed(text: text, signature: block.signature ?? ""))
            case "redacted_thinking":
                try reasoningBudget.charge(block.data ?? "")
                thinking.append(.redacted(data: block.data ?? ""))
            case "tool_use":
                let name = block.name ?? ""
                guard let input = block.input?.content, input.orderedProperties != nil else {
                    throw notAnObject(
                        name,
                        detail:
                            "its input is \(block.input.map { String($0.content.jsonString.prefix(80)) } ?? "missing")")
                }
                try calls.appendCall(id: block.id, name: name, arguments: input)
            default: break
            }
        }
        stopReason = message.stopReason
        readUsage(message.usage)
        stopped = true
    }

    /// Applies one stream event of type `type`; returns what it adds that is sent as it arrives, if anything. An
    /// `error` event throws the error it carries (`json` is the event as received).
    mutating func apply(event type: String, _ event: StreamEvent, json: GeneratedContent) throws(GenUIError) -> Piece? {
        switch type {
        case "message_start":
            model = event.message?.model
            readUsage(event.message?.usage)
        case "content_block_start":
            guard let index = event.index else { break }
            let block = event.contentBlock
            switch block?.type {
            case "tool_use" where plan.hasUserTools && !plan.isAnswer(block?.name):
                callBlocks.insert(index)
                let call = try calls.appendPiece(index: index, id: block?.id, name: block?.name ?? "", arguments: nil)
                return .callArguments(id: call.id, wireName: call.wireName, "")
            case "tool_use" where plan.isAnswer(block?.name):
                answerBlocks.insert(index)
            case "thinking":
                thinkingSignatures[index] = block?.signature ?? ""
                try reasoningBudget.charge(block?.signature ?? "")
                let piece = block?.thinking ?? ""
                try reasoningBudget.charge(piece)
                return piece.isEmpty ? nil : .reasoning(piece)
            case "redacted_thinking":
                let data = block?.data ?? ""
                try reasoningBudget.charge(data)
                return .redactedReasoning(data)
            default: break
            }
        case "content_block_stop":
            if let index = event.index, let signature = thinkingSignatures.removeValue(forKey: index),
                !signature.isEmpty
            {
                return .reasoningSignature(signature)
            }
        case "content_block_delta":
            let delta = event.delta
            switch delta?.type {
            case "text_delta":
                let piece = delta?.text ?? ""
                try text.append(piece)
                return piece.isEmpty ? nil : .text(piece)
            case "thinking_delta":
                let piece = delta?.thinking ?? ""
                try reasoningBudget.charge(piece)
                return piece.isEmpty ? nil : .reasoning(piece)
            case "signature_delta":
                let piece = delta?.signature ?? ""
                try reasoningBudget.charge(piece)
                if let index = event.index { thinkingSignatures[index, default: ""] += piece }
            case "input_json_delta":
                let piece = delta?.partialJSON ?? ""
                if let index = event.index, callBlocks.contains(index) {
                    // A call of a user tool: its arguments, not output text.
                    let call = try calls.appendPiece(index: index, id: nil, name: nil, arguments: piece)
                    return piece.isEmpty ? nil : .callArguments(id: call.id, wireName: call.wireName, piece)
                }
                guard let index = event.index, answerBlocks.contains(index) else { break }
                try toolInput.append(piece)
                return piece.isEmpty ? nil : .text(piece)
            default: break
            }
        case "message_delta":
            if let reason = event.delta?.stopReason { stopReason = reason }
            readUsage(event.usage)
        case "message_stop":
            stopped = true
        case "error":
            let parsed = HTTPErrorMapping.parseErrorJSON(json, secrets: secrets)
            throw HTTPErrorMapping.error(
                status: AnthropicWire.status(forErrorType: parsed.type), headers: [:], parsed: parsed,
                provider: provider,
                secrets: secrets)
        default: break
        }
        return nil
    }

    /// Throws for stop reasons that are errors: refusal, context window exceeded.
    func checkStopReason() throws(GenUIError) {
        switch stopReason {
        case "refusal":
            // The text the model wrote before it stopped is its explanation.
            let explanation = HTTPErrorMapping.clean(text.text, secrets: secrets, limit: HTTPErrorMapping.messageLimit)
            throw .refusal(
                .init(
                    provider: provider,
                    debugDescription: explanation.isEmpty
                        ? "\(provider): the model declined to answer (stop_reason refusal)"
                        : "\(provider) refused: \(explanation)"))
        case "model_context_window_exceeded":
            throw .contextSizeExceeded(
                contextSize: nil, tokenCount: nil,
                .init(provider: provider, debugDescription: "\(provider): the model's context window was exceeded"))
        default: break
        }
    }

    /// The calls of the user's tools, in block order, with the server's ids and their names mapped back to the tools'
    /// own names. Input that
    /// is not a JSON object (or partial JSON that does not join into one) is
    /// ``GenUIError/invalidToolCall(tool:path:details:_:)`` naming the tool.
    func toolCalls() throws(GenUIError) -> [Transcript.ToolCall] {
        guard !calls.isEmpty else { return [] }
        let parsed: [Transcript.ToolCall]
        do {
            parsed = try calls.calls(provider: provider, tools: plan.tools)
        } catch {
            if stopReason == "max_tokens" {
                var cut = error
                cut.context.debugDescription += " (the output was cut off at the token limit)"
                throw cut
            }
            throw error
        }
        for call in parsed where call.arguments.orderedProperties == nil {
            throw notAnObject(call.toolName, detail: "its input is \(String(call.arguments.jsonString.prefix(80)))")
        }
        return parsed
    }

    private func notAnObject(_ tool: String, detail: String) -> GenUIError {
        .invalidToolCall(
            tool: tool, path: "", details: "the input of a tool_use block must be a JSON object; \(detail)",
            .init(
                provider: provider,
                debugDescription: "\(provider) sent a tool_use block for \(tool) whose input is not an object"))
    }

    /// The output text: the tool input when a tool was forced, the text otherwise.
    func output(forcedTool: Bool) -> String {
        guard forcedTool else { return text.text }
        if let toolInputObject { return toolInputObject.jsonString }
        return toolInput.text.isEmpty ? text.text : toolInput.text
    }

    /// The prompt's tokens are all it read: `input_tokens` counts only those after the last cache breakpoint, so the
    /// cache's reads and writes are added, and the reads are the cached tokens.
    /// A later event that leaves out the cache's counts keeps those an earlier one reported.
    private mutating func readUsage(_ reported: Usage?) {
        if let read = reported?.cacheReadInputTokens { cacheReads = read }
        if let written = reported?.cacheCreationInputTokens { cacheWrites = written }
        if let input = reported?.inputTokens {
            usage.promptTokens = input.addingSaturated(cacheReads ?? 0).addingSaturated(cacheWrites ?? 0)
        }
        usage.cachedPromptTokens = cacheReads
        if let output = reported?.outputTokens { usage.completionTokens = output }
    }
}
