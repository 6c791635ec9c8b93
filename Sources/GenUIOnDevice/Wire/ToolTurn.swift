import GenUI

/// One turn of a conversation with tools on the on-device model, which is not told about tools by its chat template
/// (SmolLM2's knows none): the tools are described in the system prompt, and decoding is constrained by genui's own
/// grammar to exactly one of
///
/// - `{"tool": NAME, "arguments": {…}}`: a call of one of the tools, its arguments following that tool's schema;
/// - `{"tool": "none", "answer": …}`: the final answer — text, or a value of the request's schema.
///
/// Every turn starts the same way, so the model's first choice is the tool's name or "none". Measured with
/// SmolLM2-135M on ten weather questions (greedy): 6 of 10 called the tool this way; with the answer as a separate
/// object (`{"answer": …}`) only 2 of 10 did.
///
/// Earlier turns go back to the template as text: a call as the assistant's JSON, a tool's output as a user message
/// that names the tool. Every turn is bounded like any other schema (strings and arrays have maximum sizes).
struct ToolTurn: Sendable {
    /// The property that names the tool in a call.
    static let toolKey = "tool"
    /// The property holding a call's arguments.
    static let argumentsKey = "arguments"
    /// The property holding the final answer.
    static let answerKey = "answer"
    /// The name that stands for "no tool: this is the answer" (`none`, or `none_` and so on when a tool is called so).
    let noTool: String
    /// The longest text answer, in characters.
    static let maximumTextAnswerLength = 1200

    /// The longest text answer for a request limited to `maximumTokens` tokens: short enough that the whole turn
    /// (`{"tool":"none","answer":"…"}`, up to 4 bytes a character, at least one byte a token) ends within the limit,
    /// so a small limit gives a short answer rather than one cut off mid-document.
    static func textAnswerLength(maximumTokens: Int?, noTool: String) -> Int {
        guard let maximumTokens else { return maximumTextAnswerLength }
        let frame = #"{"tool":"","answer":""}"#.utf8.count + noTool.utf8.count + 1
        return max(1, min(maximumTextAnswerLength, (maximumTokens - frame) / 4))
    }

    /// The request as sent to the server: tool instructions added, the conversation as text, the turn's schema.
    let request: GenerationRequest
    /// The schema of the final answer, `nil` for text.
    let answerSchema: GenerationSchema?

    /// The calls made earlier in the conversation.
    let earlierCalls: [Transcript.ToolCall]

    /// The turn for `original` (which has tools), offering every tool but those named in `excluded`.
    init(_ original: GenerationRequest, excluding excluded: Set<String> = []) {
        answerSchema = original.schema
        noTool = Self.noToolName(avoiding: original.offeredTools.map(\.name))
        earlierCalls = original.messages.flatMap(\.toolCalls)
        var request = original
        request.instructions = Self.instructions(for: original, noTool: noTool)
        request.messages = original.messages.map(Self.textMessage)
        if original.messages.last?.role == .tool, let last = request.messages.indices.last {
            request.messages[last].content += "\n" + Self.answerNudge(noTool: noTool)
        }
        let offered = original.offeredTools.filter { !excluded.contains($0.name) }
        // A turn that must call a tool has no answer to choose, unless every tool is excluded.
        request.schema = Self.schema(
            tools: offered, answer: original.schema, noTool: noTool,
            textAnswerLength: Self.textAnswerLength(
                maximumTokens: original.options.maximumResponseTokens, noTool: noTool),
            answerAllowed: !original.requiresToolCall || offered.isEmpty)
        request.includeSchemaInPrompt = false
        request.tools = []
        self.request = request
    }

    /// The schema of one turn: a call of any one of `tools`, or the answer (when `answerAllowed`).
    static func schema(
        tools: [GenerationRequest.ToolDefinition], answer: GenerationSchema?, noTool: String,
        textAnswerLength: Int = maximumTextAnswerLength, answerAllowed: Bool = true
    ) -> GenerationSchema {
        var choices: [GenerationSchema.Node] = tools.map { tool in
            .object(
                .init(
                    name: "call_\(tool.name)",
                    properties: [
                        .init(name: toolKey, node: .string(.init(choices: [tool.name]))),
                        .init(name: argumentsKey, node: tool.parameters.root),
                    ]))
        }
        let answerNode: GenerationSchema.Node =
            answer?.root
            ?? .string(.init(minimumLength: 1, maximumLength: textAnswerLength))
        if answerAllowed {
            choices.append(
                .object(
                    .init(
                        name: "answer",
                        properties: [
                            .init(name: toolKey, node: .string(.init(choices: [noTool]))),
                            .init(name: answerKey, node: answerNode),
                        ])))
        }
        var definitions: [GenerationSchema.Definition] = []
        var names: Set<String> = []
        for definition in (tools.map(\.parameters.definitions) + [answer?.definitions ?? []]).joined()
        where names.insert(definition.name).inserted {
            definitions.append(definition)
        }
        return GenerationSchema(
            node: .anyOf(.init(name: "Turn", choices: choices)), name: "Turn", definitions: definitions)
    }

    /// The session's instructions followed by the tools, the shape of a call of each, and the reply format.
    ///
    /// Measured with SmolLM2-135M: an example call with made-up argument values is copied verbatim (the values
    /// included), so each tool is shown with the shape of its arguments instead.
    static func instructions(for request: GenerationRequest, noTool: String) -> String {
        var parts: [String] = []
        if let instructions = request.effectiveInstructions, !instructions.isEmpty { parts.append(instructions) }
        var tools = "Tools you can call to get facts you do not know:"
        for tool in request.offeredTools {
            tools += "\n- \(tool.name): \(tool.description)"
            if tool.includesSchemaInInstructions { tools += " Arguments: \(argumentSummary(tool.parameters))" }
            tools += "\n  To call it, reply: {\"\(toolKey)\":\"\(tool.name)\",\"\(argumentsKey)\":{...}}"
        }
        parts.append(tools)
        parts.append(
            """
            Reply with one JSON object and nothing else. Call a tool whenever it can tell you something the question \
            asks about; never guess such facts. Once the tool results are in the conversation, reply \
            {"\(toolKey)":"\(noTool)","\(answerKey)": …} with an answer that uses them.
            """)
        return parts.joined(separator: "\n\n")
    }

    /// The arguments of a tool in a line: `{"city": string (The city's name), …}` for an object, its JSON Schema
    /// otherwise.
    static func argumentSummary(_ schema: GenerationSchema) -> String {
        guard case .object(let object) = schema.root else { return schema.jsonSchemaString() }
        let properties = object.properties.map { property in
            var text = "\"\(property.name)\": \(typeName(property.node, in: schema))"
            if property.isOptional { text += " (optional)" }
            if let description = property.description, !description.isEmpty { text += " (\(description))" }
            return text
        }
        return "{" + properties.joined(separator: ", ") + "}"
    }

    /// A short name for the kind of value `node` takes.
    static func typeName(_ node: GenerationSchema.Node, in schema: GenerationSchema) -> String {
        switch node {
        case .string(let constraints):
            guard let choices = constraints.choices else { return "string" }
            return "one of " + choices.map { "\"\($0)\"" }.joined(separator: ", ")
        case .integer: return "integer"
        case .number: return "number"
        case .boolean: return "boolean"
        case .null: return "null"
        case .array(let array): return "list of \(typeName(array.items, in: schema))"
        case .object, .anyOf, .any: return "object"
        case .reference(let name):
            guard let target = schema.definition(named: name), target != node else { return "object" }
            if case .reference = target { return "object" }
            return typeName(target, in: schema)
        }
    }

    /// What follows the last tool output: measured with SmolLM2-135M, without it the model asked for the same call
    /// again in 5 of 5 conversations, with it answered from the output in 5 of 5.
    static func answerNudge(noTool: String) -> String {
        "Now reply {\"\(toolKey)\":\"\(noTool)\",\"\(answerKey)\": …} with an answer that uses this result."
    }

    /// `none`, with `_` appended until no tool has the name.
    static func noToolName(avoiding names: [String]) -> String {
        var name = "none"
        while names.contains(name) { name += "_" }
        return name
    }

    /// A message as the chat template can take it: calls as the assistant's JSON, outputs as a user message.
    static func textMessage(_ message: GenerationRequest.Message) -> GenerationRequest.Message {
        switch message.role {
        case .user:
            return message
        case .assistant:
            guard !message.toolCalls.isEmpty else { return message }
            let calls = message.toolCalls.map { call in
                GeneratedContent(orderedProperties: [
                    (toolKey, GeneratedContent(kind: .string(call.toolName))), (argumentsKey, call.arguments),
                ]).jsonString
            }
            return .init(role: .assistant, content: calls.joined(separator: "\n"))
        case .tool:
            let name = message.toolName ?? "the tool"
            return .init(role: .user, content: "Result of \(name): \(message.content)")
        }
    }

    /// Whether `call` asks again for a call already made in this conversation, with the same arguments: its output
    /// is already there. Small models do this instead of answering (SmolLM2-135M in 5 of 5 conversations after a
    /// weather lookup); the on-device model then asks again without that tool.
    func repeatsEarlierCall(_ call: Transcript.ToolCall) -> Bool {
        earlierCalls.contains { $0.toolName == call.toolName && $0.arguments == call.arguments }
    }

    /// What the model chose, read from the turn's validated content: calls (numbered from `callNumber`) or the answer.
    func reading(_ response: GenerationResponse) -> GenerationResponse {
        let callNumber = request.messages.count + 1
        var response = response
        // The turn's schema was validated; the content that replaces it is checked against the request's own.
        response.metadata.validatedSchema = nil
        let properties = Dictionary(
            (response.content.orderedProperties ?? []).map { ($0.key, $0.value) },
            uniquingKeysWith: { first, _ in first })
        if case .string(let name)? = properties[Self.toolKey]?.kind, name != noTool {
            let arguments = properties[Self.argumentsKey] ?? GeneratedContent(orderedProperties: [])
            response.toolCalls = [Transcript.ToolCall(id: "call_\(callNumber)", toolName: name, arguments: arguments)]
            response.content = GeneratedContent(kind: .string(""))
            response.text = ""
            response.metadata.finishReason = .toolCalls
            return response
        }
        let answer = properties[Self.answerKey] ?? GeneratedContent(kind: .string(""))
        if answerSchema == nil, case .string(let text) = answer.kind {
            response.content = GeneratedContent(kind: .string(text))
            response.text = text
            response.metadata.guided = false
        } else {
            response.content = answer
            response.text = answer.jsonString
        }
        return response
    }
}
