import Foundation
import GenUI

/// The tool calls of one response as they arrive from a server: whole (Ollama's `message.tool_calls`, a non-streamed
/// OpenAI `message.tool_calls`) or in pieces by index (OpenAI's streamed `delta.tool_calls`, whose `arguments` text
/// is split across chunks), bounded like any other output.
///
/// Bounds: at most ``maximumCalls`` calls, at most ``argumentByteLimit`` bytes of arguments in one call (1 MiB by
/// default), and at most ``byteLimit`` bytes of ids, names and arguments together
/// (``ResponseLimits/maximumOutputBytes`` by default); past any of them the response is
/// ``GenUIError/responseTooLarge(limit:_:)``. Pieces are appended in place, so a call streamed in a million
/// one-byte pieces costs time in proportion to its length, not its square.
///
/// ``calls(provider:tools:)`` turns the pieces into ``Transcript/ToolCall``s: arguments that arrived as JSON text are
/// parsed (text that is not JSON is ``GenUIError/invalidToolCall(tool:path:details:_:)`` naming the tool),
/// the name the server used is mapped back to the tool's own name (see ``ToolWireNames``), and a call without an id
/// gets a unique one.
public struct ToolCallAssembly: Sendable {
    /// The most calls one response may ask for (``ResponseLimits/maximumToolCalls``).
    public static let maximumCalls = ResponseLimits.standard.maximumToolCalls

    /// The most bytes of ids, names and arguments together.
    public let byteLimit: Int
    /// The most bytes of arguments one call may have.
    public let argumentByteLimit: Int

    private struct Slot: Sendable {
        var id: String?
        /// The id the call gets when the server sends none.
        var madeID: String
        var name: String
        /// The arguments' JSON text as it streamed in, appended in place; unused when ``content`` is set.
        var argumentText = ""
        /// The arguments of a call that arrived whole.
        var content: GeneratedContent?
    }

    private var slots: [Slot] = []
    /// The slot each wire index currently fills.
    private var slotOfIndex: [Int: Int] = [:]
    private var byteCount = 0

    /// The default bound on one call's arguments: 1 MiB (``ResponseLimits/maximumToolArgumentBytes``).
    public static let defaultArgumentByteLimit = ResponseLimits.standard.maximumToolArgumentBytes

    /// An empty assembly bounded by `byteLimit` bytes in all and `argumentByteLimit` bytes of arguments per call.
    public init(
        byteLimit: Int = ResponseLimits.standard.maximumOutputBytes,
        argumentByteLimit: Int = Self.defaultArgumentByteLimit
    ) {
        self.byteLimit = byteLimit
        self.argumentByteLimit = argumentByteLimit
    }

    /// Whether no call arrived.
    public var isEmpty: Bool { slots.isEmpty }

    /// How many calls arrived so far.
    public var count: Int { slots.count }

    /// One piece of a streamed call: the call at wire `index` (OpenAI's `delta.tool_calls[].index`), with its `id`
    /// and `name` when this piece carries them and the next piece of its `arguments` text.
    ///
    /// A piece with an id different from the one the index already holds starts a new call (some OpenAI-compatible
    /// servers reuse index 0 for every call of a turn); a piece without an index continues the last call unless it
    /// carries a new id.
    ///
    /// Returns the call the piece belongs to: its id (the server's, or one made for it when the server sent none
    /// yet; the same id ``calls(provider:tools:)`` gives the call) and its name on the wire so far.
    @discardableResult
    public mutating func appendPiece(index: Int?, id: String?, name: String?, arguments: String?)
        throws(GenUIError) -> (id: String, wireName: String)
    {
        let id = id.flatMap { $0.isEmpty ? nil : $0 }
        let position: Int
        if let index, let existing = slotOfIndex[index],
            id == nil || slots[existing].id == nil || slots[existing].id == id
        {
            position = existing
        } else if index == nil, let last = slots.indices.last,
            id == nil || slots[last].id == nil || slots[last].id == id
        {
            position = last
        } else {
            position = try openSlot()
            if let index { slotOfIndex[index] = position }
        }
        try charge((id?.utf8.count ?? 0) + (name?.utf8.count ?? 0) + (arguments?.utf8.count ?? 0))
        if let id, slots[position].id == nil { slots[position].id = id }
        if let name, !name.isEmpty, name != slots[position].name { slots[position].name += name }
        if let arguments, !arguments.isEmpty, slots[position].content == nil {
            guard arguments.utf8.count <= argumentByteLimit - slots[position].argumentText.utf8.count else {
                throw Self.argumentsTooLarge(tool: slots[position].name, limit: argumentByteLimit)
            }
            slots[position].argumentText += arguments
        }
        return (slots[position].id ?? slots[position].madeID, slots[position].name)
    }

    /// One whole call: `arguments` as the server sent them (an object for Ollama; a JSON string is parsed). Returns
    /// the call's id: the server's, or the one made for it (the same id ``calls(provider:tools:)`` gives the call).
    @discardableResult
    public mutating func appendCall(id: String?, name: String, arguments: GeneratedContent) throws(GenUIError) -> String
    {
        let position = try openSlot()
        let id = id.flatMap { $0.isEmpty ? nil : $0 }
        let argumentBytes = arguments.jsonString.utf8.count
        guard argumentBytes <= argumentByteLimit else {
            throw Self.argumentsTooLarge(tool: name, limit: argumentByteLimit)
        }
        try charge((id?.utf8.count ?? 0) + name.utf8.count + argumentBytes)
        slots[position] = Slot(id: id, madeID: slots[position].madeID, name: name, content: arguments)
        return id ?? slots[position].madeID
    }

    /// The calls, in the order they arrived. `tools` are the tools the request offered: a call's wire name is mapped
    /// back to the name of the tool it was declared for.
    public func calls(provider: String, tools: [GenerationRequest.ToolDefinition]) throws(GenUIError) -> [Transcript
        .ToolCall]
    {
        var calls: [Transcript.ToolCall] = []
        for slot in slots {
            guard !slot.name.isEmpty else {
                throw .invalidToolCall(
                    tool: "(unnamed)", path: "", details: "the server sent a tool call without a name",
                    .init(provider: provider, debugDescription: "\(provider) sent a tool call without a function name"))
            }
            let name = ToolWireNames.toolName(forWireName: slot.name, in: tools)
            let id = slot.id ?? slot.madeID
            switch slot.content {
            case nil:
                calls.append(try .parsing(id: id, toolName: name, argumentsJSON: slot.argumentText, provider: provider))
            case let content?:
                if case .string(let text) = content.kind {
                    calls.append(try .parsing(id: id, toolName: name, argumentsJSON: text, provider: provider))
                } else if content.kind == .null {
                    calls.append(
                        Transcript.ToolCall(id: id, toolName: name, arguments: GeneratedContent(orderedProperties: [])))
                } else {
                    calls.append(Transcript.ToolCall(id: id, toolName: name, arguments: content))
                }
            }
        }
        return calls
    }

    /// A fresh call id, for wire formats whose calls have none: `call_` and 24 hex digits.
    public static func makeID() -> String {
        "call_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(24)
    }

    private mutating func openSlot() throws(GenUIError) -> Int {
        guard slots.count < Self.maximumCalls else {
            throw .responseTooLarge(
                limit: Self.maximumCalls,
                .init(
                    debugDescription:
                        "the model asked for more than \(Self.maximumCalls) tool calls in one turn; the transfer was stopped"
                ))
        }
        slots.append(Slot(id: nil, madeID: Self.makeID(), name: ""))
        return slots.count - 1
    }

    private static func argumentsTooLarge(tool: String, limit: Int) -> GenUIError {
        let shown =
            tool.isEmpty
            ? "a tool call" : "the call of \(TerminalSafeText.sanitized(tool, lines: .singleLine, maximumLength: 64))"
        return .responseTooLarge(
            limit: limit,
            .init(
                debugDescription: "the arguments of \(shown) are longer than \(limit) bytes; the transfer was stopped"))
    }

    private mutating func charge(_ bytes: Int) throws(GenUIError) {
        guard bytes <= byteLimit - byteCount else {
            throw ResponseLimits.exceeded("the tool calls of the response", limit: byteLimit)
        }
        byteCount += bytes
    }
}

/// Tool names on the wire: OpenAI, Anthropic, Gemini and Ollama take `[A-Za-z0-9_-]{1,64}`, so a tool is declared
/// under ``GenUI/GenerationRequest/ToolDefinition/sanitizedName(_:)`` of its name, and a call's name is mapped back to
/// the tool's own name.
public enum ToolWireNames {
    /// The name `name` is sent under.
    public static func wireName(_ name: String) -> String { GenerationRequest.ToolDefinition.sanitizedName(name) }

    /// `id` as a call id for an API that takes at most `maximumLength` characters (OpenAI: 40): unchanged when it fits,
    /// else `call_` and 32 hex digits of a hash of it. The same id always maps to the same text, so a call and the
    /// output answering it stay paired, also for ids another provider made (a chain that fell back).
    public static func callID(_ id: String, maximumLength: Int) -> String {
        guard id.isEmpty || id.count > maximumLength else { return id }
        func fnv1a(_ seed: UInt64) -> UInt64 {
            var hash = seed
            for byte in id.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            return hash
        }
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return "call_" + hex(fnv1a(0xCBF2_9CE4_8422_2325)) + hex(fnv1a(0x8422_2325_CBF2_9CE4))
    }

    /// The name of the tool in `tools` declared under `wireName`; `wireName` itself when none was (the session then
    /// reports the unknown tool).
    public static func toolName(forWireName wireName: String, in tools: [GenerationRequest.ToolDefinition]) -> String {
        if tools.contains(where: { $0.name == wireName }) { return wireName }
        return tools.first { Self.wireName($0.name) == wireName }?.name ?? wireName
    }
}

/// Tool declarations in the `{type: "function", function: {name, description, parameters}}` shape OpenAI's Chat
/// Completions and Ollama's `/api/chat` share.
public enum FunctionToolDeclarations {
    /// The `tools` array for `tools`; `nil` when there are none (then nothing tool-related is sent). With `strict`
    /// non-nil, each function carries `strict` and its parameters schema is written in that mode.
    public static func array(_ tools: [GenerationRequest.ToolDefinition], strict: Bool?) -> GeneratedContent? {
        guard !tools.isEmpty else { return nil }
        return .array(
            tools.map { tool in
                .object([
                    ("type", .string("function")),
                    (
                        "function",
                        .object([
                            ("name", .string(ToolWireNames.wireName(tool.name))),
                            ("description", .string(tool.description)),
                            ("parameters", tool.parameters.jsonSchema(strict: strict ?? false)),
                            ("strict", strict.map { .bool($0) }),
                        ])
                    ),
                ])
            })
    }
}

extension ProviderSupport {
    /// The response for a turn in which the model asked for `calls`: finish reason ``FinishReason/toolCalls``, the
    /// text that came with the calls as its content, and no schema decoding (the schema is for the final answer).
    public static func toolCallResponse(
        calls: [Transcript.ToolCall], text: String, provider: String, model: String?, usage: TokenUsage,
        timings: GenerationTimings?
    ) -> GenerationResponse {
        GenerationResponse(
            content: GeneratedContent(kind: .string(text)), text: text,
            metadata: ResponseMetadata(
                provider: provider, model: model, usage: usage, timings: timings, guided: false,
                finishReason: .toolCalls),
            toolCalls: calls)
    }
}
