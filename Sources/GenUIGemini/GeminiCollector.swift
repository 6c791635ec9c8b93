import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP

/// Collects a `GenerateContentResponse`, whole or chunk by chunk: text, thought summaries, `functionCall` parts
/// (bounded by a ``ToolCallAssembly``), the answer function's arguments, finish reason, usage.
struct GeminiCollector {
    /// What one response (or chunk) adds, for the turn's events: its thought text, its answer text, and the calls of
    /// the user's tools that arrived whole in it.
    struct Added {
        /// The text of its thought parts, joined.
        var reasoning = ""
        /// The text of its other parts, joined.
        var text = ""
        /// The calls, in order: the id the response gives each, the tool's own name, the arguments.
        var calls: [(id: String, tool: String, arguments: GeneratedContent)] = []
    }

    let provider: String
    let plan: GeminiToolPlan
    private(set) var text = OutputText()
    /// The bound on the thought summaries, which are passed on rather than kept, and on the calls' thought
    /// signatures: ``GenUI/ResponseLimits/maximumReasoningBytes``, apart from the text.
    private var reasoning = OutputBudget.reasoning()
    private(set) var finishReason: String?
    private(set) var usage = TokenUsage()
    private(set) var model: String?
    /// The answer function's arguments as JSON, when the model called it.
    private(set) var answer: String?
    /// The thought signatures of the calls, by call id.
    private(set) var signatures: [(id: String, signature: String)] = []
    private var calls = ToolCallAssembly()

    init(provider: String, plan: GeminiToolPlan) {
        self.provider = provider
        self.plan = plan
    }

    /// Applies one response (or chunk); returns what it adds.
    mutating func apply(_ response: GenerateContentResponse) throws(GenUIError) -> Added {
        if let blocked = response.promptFeedback?.blockReason {
            throw .guardrailViolation(
                .init(provider: provider, debugDescription: "\(provider): the prompt was blocked (\(blocked))"))
        }
        model = response.modelVersion ?? model
        if let metadata = response.usageMetadata {
            // The answer's tokens include its thinking, which Gemini counts apart.
            let thoughts = metadata.thoughtsTokenCount
            usage = TokenUsage(
                promptTokens: metadata.promptTokenCount ?? usage.promptTokens,
                completionTokens: metadata.candidatesTokenCount.map { $0.addingSaturated(thoughts ?? 0) }
                    ?? usage.completionTokens,
                cachedPromptTokens: metadata.cachedContentTokenCount ?? usage.cachedPromptTokens,
                reasoningTokens: thoughts ?? usage.reasoningTokens)
        }
        var added = Added()
        guard let candidate = response.candidates?.first else { return added }
        for part in candidate.content?.parts ?? [] {
            if part.thought == true {
                added.reasoning += part.text ?? ""
            } else if let call = part.functionCall {
                if let call = try apply(call: call, signature: part.thoughtSignature) { added.calls.append(call) }
            } else {
                added.text += part.text ?? ""
            }
        }
        try reasoning.charge(added.reasoning)
        try text.append(added.text)
        if let reason = candidate.finishReason {
            finishReason = reason
            if GeminiWire.blockingFinishReasons.contains(reason) {
                throw .guardrailViolation(
                    .init(provider: provider, debugDescription: "\(provider): the output was stopped (\(reason))"))
            }
            if reason == "LANGUAGE" {
                throw .unsupportedLanguageOrLocale(
                    .init(
                        provider: provider,
                        debugDescription: "\(provider): the output was stopped for an unsupported language (LANGUAGE)"))
            }
            if GeminiWire.failedFinishReasons.contains(reason) {
                let detail = candidate.finishMessage.map { ": \(String($0.prefix(200)))" } ?? ""
                throw .serverError(
                    status: nil,
                    .init(provider: provider, debugDescription: "\(provider): finish reason \(reason)\(detail)"))
            }
            if GeminiWire.toolCallFinishReasons.contains(reason) {
                let detail = candidate.finishMessage.map { ": \(String($0.prefix(200)))" } ?? ""
                throw .invalidToolCall(
                    tool: "(unknown)", path: "",
                    details: "the model generated a function call the API rejected (\(reason))\(detail)",
                    .init(provider: provider, debugDescription: "\(provider): finish reason \(reason)\(detail)"))
            }
        }
        return added
    }

    /// One `functionCall` part `{id?, name, args}`: the answer function's arguments are the answer; any other call
    /// is a call of a user tool, returned with its id and its tool's name. `args` must be an object (missing or
    /// `null` is no arguments).
    private mutating func apply(call: Content.FunctionCall, signature: String?) throws(GenUIError)
        -> (id: String, tool: String, arguments: GeneratedContent)?
    {
        let name = call.name ?? ""
        var arguments = call.args?.content ?? GeneratedContent(orderedProperties: [])
        let tool = GeminiWire.toolName(forFunction: name, in: plan.tools)
        if arguments.kind == .null { arguments = GeneratedContent(orderedProperties: []) }
        guard arguments.orderedProperties != nil else {
            throw .invalidToolCall(
                tool: tool, path: "",
                details:
                    "the args of a functionCall must be a JSON object; they are \(String(arguments.jsonString.prefix(80)))",
                .init(
                    provider: provider,
                    debugDescription: "\(provider) sent a functionCall of \(tool) whose args are not an object"))
        }
        if plan.isAnswer(name) {
            if answer == nil { answer = arguments.jsonString }
            return nil
        }
        let id = try calls.appendCall(
            id: call.id.flatMap { $0.isEmpty ? nil : $0 } ?? GeminiWire.makeCallID(), name: tool, arguments: arguments)
        if let signature, !signature.isEmpty {
            try reasoning.charge(signature)
            signatures.append((id, signature))
        }
        return (id, tool, arguments)
    }

    /// The calls of the user's tools, in the order they arrived, named as the tools are.
    func toolCalls() throws(GenUIError) -> [Transcript.ToolCall] {
        try calls.calls(provider: provider, tools: plan.tools)
    }
}
