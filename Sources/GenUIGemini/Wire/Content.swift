@_spi(Reading) import GenUI
import GenUIHTTP

/// A turn of a `generateContent` conversation, as sent and as answered: its role (`user` or `model`; none for the
/// system instruction) and its parts.
struct Content: Codable {
    /// One part of a turn: text (a thought summary when `thought` is true), a function call or a function's
    /// response, with the thought signature a call came with.
    struct Part: Codable {
        var text: String?
        var thought: Bool?
        var functionCall: FunctionCall?
        var functionResponse: FunctionResponse?
        var inlineData: InlineData?
        var thoughtSignature: String?
    }

    /// An image sent inline: `{mimeType, data}` with the bytes in base64.
    struct InlineData: Codable {
        var mimeType: String
        var data: String
    }

    /// A call the model made: `{id?, name, args}`. Read loosely, as it arrives: a call without a name or with `args`
    /// that are not an object is the collector's to report.
    struct FunctionCall: Codable {
        var id: String?
        var name: String?
        var args: JSONValueCoding?
    }

    /// A function's result as it goes back: `{id?, name, response: {"output": text}}`.
    struct FunctionResponse: Codable {
        /// The object a result is wrapped in: `output` is the key the API documents for a function's result.
        struct Output: Codable {
            var output: String
        }

        var id: String?
        var name: String
        var response: Output
    }

    var role: String?
    var parts: [Part]

    /// A content of one text part: the system instruction (no role), or a plain turn.
    init(role: String? = nil, text: String) {
        self.role = role
        parts = [Part(text: text)]
    }

    init(role: String?, parts: [Part]) {
        self.role = role
        self.parts = parts
    }
}

extension Content {
    /// The `contents` of a conversation: text turns as text parts; a turn of tool calls as a `model` content of its
    /// text and `functionCall` parts; the outputs that follow it as one `user` content of `functionResponse` parts, in
    /// order. `model` decides whether replayed calls need thought signatures; `facts` holds those received.
    static func conversation(
        _ messages: [GenerationRequest.Message], model: String, facts: GeminiToolFacts?, provider: String
    ) throws(GenUIError) -> [Content] {
        var result: [Content] = []
        var responses: [Part] = []
        func flushResponses() {
            guard !responses.isEmpty else { return }
            result.append(Content(role: "user", parts: responses))
            responses = []
        }
        let placeholderNeeded = GeminiWire.requiresThoughtSignatures(model: model)
        for message in messages {
            switch message.role {
            case .tool:
                responses.append(
                    Part(
                        functionResponse: FunctionResponse(
                            id: message.toolCallID.flatMap(GeminiWire.sentID),
                            name: GeminiWire.functionName(message.toolName ?? ""),
                            response: .init(output: message.content))))
            case .assistant where !message.toolCalls.isEmpty:
                flushResponses()
                var parts: [Part] = []
                if !message.content.isEmpty { parts.append(Part(text: message.content)) }
                let signatures = message.toolCalls.map { facts?.signature(for: $0.id) }
                let placeholder = placeholderNeeded && signatures.allSatisfy { $0 == nil }
                for (index, call) in message.toolCalls.enumerated() {
                    let signature =
                        signatures[index] ?? (placeholder && index == 0 ? GeminiWire.signaturePlaceholder : nil)
                    let arguments =
                        call.arguments.orderedProperties != nil
                        ? call.arguments : GeneratedContent(orderedProperties: [])
                    parts.append(
                        Part(
                            functionCall: FunctionCall(
                                id: GeminiWire.sentID(call.id), name: GeminiWire.functionName(call.toolName),
                                args: JSONValueCoding(arguments)),
                            thoughtSignature: signature))
                }
                result.append(Content(role: "model", parts: parts))
            case .user where !message.imageSegments.isEmpty:
                flushResponses()
                result.append(Content(role: "user", parts: try userParts(message.segments, provider: provider)))
            case .assistant, .user:
                flushResponses()
                result.append(Content(role: message.role == .user ? "user" : "model", text: message.content))
            }
        }
        flushResponses()
        return result
    }

    /// The parts of a prompt with images: text parts, and each image as `inlineData` after its label. Gemini takes
    /// image bytes inline here; an `https:` image is refused (the API fetches only files uploaded to it).
    static func userParts(_ segments: [Transcript.Segment], provider: String) throws(GenUIError) -> [Part] {
        try ImagePayload.parts(
            of: segments, provider: provider, acceptsRemote: false, text: { Part(text: $0) },
            image: { image in
                // Without remote images, every payload is inline.
                guard case .inline(let mediaType, let base64) = image else { return Part(text: image.url) }
                return Part(inlineData: InlineData(mimeType: mediaType, data: base64))
            })
    }
}
