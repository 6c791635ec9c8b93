import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP

/// Tool calling in the Messages API wire format.
///
/// - Declarations: `tools: [{name, description, input_schema}]`, only when the request has tools; names are
///   ``ToolWireNames/wireName(_:)`` of the tools' names, and a call's name is mapped back.
/// - The model's calls: `tool_use` content blocks `{type, id, name, input}` with `stop_reason: tool_use`; streamed as
///   `content_block_start` (the block with its id and name), `input_json_delta.partial_json` pieces per block index,
///   `content_block_stop`.
/// - Earlier turns: an `assistant` message whose content is the turn's text (when any) and its `tool_use` blocks, then
///   ONE `user` message with a `tool_result` block `{type, tool_use_id, content}` per output, in order.
/// - Ids: the API takes `^[a-zA-Z0-9_-]+$`; an id made by another provider (a chain may fall back mid-conversation) is
///   rewritten by ``toolUseID(_:)``, the same way for the call and its result.
/// - With a schema too: in `output_config` mode both are sent and the model is free to call tools or answer; in
///   forced-tool mode the answer tool (``AnthropicToolPlan/answerToolName``, a name no user tool has on the wire) is
///   offered next to the user's tools with `tool_choice: {type: any}` — the model must call a tool, but which one,
///   a user tool or the answer, is its choice. A call of the answer tool is the answer, never a user tool call.
struct AnthropicToolPlan: Sendable {
    /// The user's tools.
    let tools: [GenerationRequest.ToolDefinition]
    /// The name of the tool that carries a guided answer in forced-tool mode; `nil` otherwise.
    let answerToolName: String?

    init(request: GenerationRequest, forcedTool: Bool) {
        tools = request.tools
        if forcedTool, let schema = request.schema {
            let taken = Set(request.tools.map { ToolWireNames.wireName($0.name) })
            answerToolName = Self.unusedName(AnthropicWire.toolName(schema), taken: taken)
        } else {
            answerToolName = nil
        }
    }

    /// Whether the request offers tools of the user's.
    var hasUserTools: Bool { !tools.isEmpty }

    /// Whether a `tool_use` block named `name` carries the guided answer: any block when the request offers no tools
    /// of its own (the only tool is the answer tool), else only a block of the answer tool.
    func isAnswer(_ name: String?) -> Bool {
        guard answerToolName != nil else { return false }
        return !hasUserTools || name == answerToolName
    }

    /// `base`, or `base` with a numeric suffix, whichever no name in `taken` is; at most 64 characters.
    static func unusedName(_ base: String, taken: Set<String>) -> String {
        guard taken.contains(base) else { return base }
        var number = 2
        while true {
            let suffix = "_\(number)"
            let candidate = String(base.prefix(64 - suffix.count)) + suffix
            if !taken.contains(candidate) { return candidate }
            number += 1
        }
    }
}

extension AnthropicWire {
    /// The `tools` and `tool_choice` of a request: the user's tools, plus the answer tool in forced-tool mode.
    static func toolFields(for request: GenerationRequest, plan: AnthropicToolPlan)
        -> (tools: [ToolDeclaration]?, choice: MessagesRequest.ToolChoice?)
    {
        var declarations = plan.tools.map { tool in
            ToolDeclaration(
                name: ToolWireNames.wireName(tool.name), description: tool.description,
                inputSchema: JSONValueCoding(tool.parameters.jsonSchema(strict: true)))
        }
        var choice: MessagesRequest.ToolChoice?
        if let answer = plan.answerToolName, let schema = request.schema {
            declarations.append(
                ToolDeclaration(
                    name: answer,
                    description: plan.hasUserTools
                        ? "Record the final answer, once you need no other tool. The input must follow the schema exactly."
                        : "Record the answer. The input must follow the schema exactly.",
                    inputSchema: JSONValueCoding(schema.jsonSchema(strict: true))))
            choice = plan.hasUserTools ? .init(type: "any") : .init(type: "tool", name: answer)
        }
        if choice == nil, request.requiresToolCall { choice = .init(type: "any") }
        if choice == nil, request.forbidsToolCalls { choice = .init(type: "none") }
        return (declarations.isEmpty ? nil : declarations, choice)
    }

    /// The `messages` array: text turns as strings; a turn of tool calls as an assistant message of its text and
    /// `tool_use` blocks; the outputs that follow it as one user message of `tool_result` blocks, in order. With
    /// `thinking` (the request enables extended thinking), the model's signed and redacted thinking goes back first in
    /// the assistant turn it came with, unchanged, as the API requires across tool rounds; without it, none is sent.
    static func messages(
        _ messages: [GenerationRequest.Message], provider: String, thinking: Bool = false
    ) throws(GenUIError) -> [Message] {
        var result: [Message] = []
        var results: [Message.Block] = []
        func flushResults() {
            guard !results.isEmpty else { return }
            result.append(Message(role: "user", content: .blocks(results)))
            results = []
        }
        for message in messages {
            switch message.role {
            case .tool:
                results.append(.toolResult(toolUseID: toolUseID(message.toolCallID ?? ""), content: message.content))
            case .assistant where !message.toolCalls.isEmpty:
                flushResults()
                var blocks = thinking ? message.reasoning.compactMap(Message.Block.thinking) : []
                if !message.content.isEmpty { blocks.append(.text(message.content)) }
                for call in message.toolCalls {
                    blocks.append(
                        .toolUse(
                            id: toolUseID(call.id), name: ToolWireNames.wireName(call.toolName),
                            input: call.arguments.orderedProperties != nil
                                ? call.arguments : GeneratedContent(orderedProperties: [])))
                }
                result.append(Message(role: "assistant", content: .blocks(blocks)))
            case .user where !message.imageSegments.isEmpty:
                flushResults()
                result.append(
                    Message(
                        role: "user",
                        content: .blocks(
                            try ImagePayload.parts(
                                of: message.segments, provider: provider, acceptsRemote: true, text: Message.Block.text,
                                image: Message.Block.image))))
            case .assistant where thinking && message.reasoning.contains(where: { $0.signature != nil }):
                flushResults()
                var blocks = message.reasoning.compactMap(Message.Block.thinking)
                if !message.content.isEmpty { blocks.append(.text(message.content)) }
                result.append(Message(role: "assistant", content: .blocks(blocks)))
            case .assistant, .user:
                flushResults()
                result.append(Message(role: message.role.rawValue, content: .text(message.content)))
            }
        }
        flushResults()
        return result
    }

    /// A tool call id the API accepts (`^[a-zA-Z0-9_-]+$`): a valid id as it is; any other (another provider's, with
    /// `.`, `:` or `|`, or empty) as `toolu_`, the id with every other character replaced by `_` (at most 64 of
    /// them), `_` and a 16-digit hash of the original. The same id always gives the same result, so a call and its
    /// result still pair, and two ids that differ give different results.
    static func toolUseID(_ id: String) -> String {
        func valid(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F || byte == 0x2D
        }
        if !id.isEmpty, id.utf8.allSatisfy(valid) { return id }
        let cleaned = String(id.utf8.prefix(64).map { valid($0) ? Character(UnicodeScalar($0)) : "_" })
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "toolu_" + cleaned + "_" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
