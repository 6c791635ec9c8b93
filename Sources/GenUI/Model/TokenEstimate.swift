/// genui's token arithmetic for models that cannot count: a documented estimate, and a bound that is never below the
/// real count.
///
/// **The estimate** (``tokens(in:)-(String)``) follows Apple's guidance for its own model — about three to four
/// characters per token in languages like English, Spanish or German, one token per character in Chinese, Japanese or
/// Korean: every ASCII byte counts a quarter of a token, every other Unicode scalar one token, rounded up. Byte-pair
/// tokenizers (GPT, Llama, Gemma, SmolLM, Claude) land within about ±30 % of it on prose; code and numbers tokenize
/// denser, so the estimate can be low there. It is what ``RoutableModel/tokenCount(for:)`` answers by default.
/// **The bound** (``upperBound(utf8Count:messages:)``) is the one the chain's fast path relies on: byte-level
/// tokenizers never produce more tokens than the text has UTF-8 bytes (a token covers at least one byte), so bytes plus
/// an allowance for the chat template's markers is at least the real count. When that bound and the answer fit the
/// context, the chain knows without counting; only a request that might not fit is counted.
public enum TokenEstimate {
    /// Tokens kept for the chat template around each message (role markers, separators) in the estimate.
    public static let tokensPerMessage = 4
    /// Tokens kept for the template's own text around the whole conversation in the upper bound (a default system
    /// prompt, a generation prompt): generous, as the bound must never be below the real count.
    public static let templateAllowance = 64
    /// Tokens kept per message in the upper bound.
    public static let allowancePerMessage = 16

    /// The estimated token count of `text`: ASCII bytes ÷ 4 plus one per non-ASCII scalar, rounded up.
    public static func tokens(in text: String) -> Int {
        var ascii = 0
        var other = 0
        for scalar in text.unicodeScalars {
            if scalar.isASCII { ascii += 1 } else { other += 1 }
        }
        return (ascii + 3) / 4 + other
    }

    /// The estimated token count of everything `request` sends: the effective instructions (with the schema when it
    /// is described in the prompt) and every message, each with ``tokensPerMessage`` for the template.
    public static func tokens(in request: GenerationRequest) -> Int {
        var total = 0
        if let instructions = request.effectiveInstructions {
            total += tokens(in: instructions) + tokensPerMessage
        }
        for message in request.messages {
            total += tokens(in: message.content) + tokensPerMessage
            for call in message.toolCalls { total += tokens(in: call.toolName) + tokens(in: call.arguments.jsonString) }
        }
        for tool in request.tools { total += tokens(in: toolDeclaration(tool)) }
        return total
    }

    /// What a provider sends to declare `tool`: its name, description and the JSON Schema of its arguments (their
    /// description in the instructions, for a provider that describes tools there, is no longer).
    static func toolDeclaration(_ tool: GenerationRequest.ToolDefinition) -> String {
        tool.name + " " + tool.description + " " + tool.parameters.jsonSchemaString()
    }

    /// Bytes allowed, once per request with tools, for the words a provider wraps tool declarations and calls in
    /// (the on-device provider's reply format, a wire format's field names).
    public static let toolsAllowance = 1024

    /// A count no byte-level tokenizer exceeds for `utf8Count` bytes of text in `messages` messages.
    public static func upperBound(utf8Count: Int, messages: Int) -> Int {
        utf8Count + templateAllowance + allowancePerMessage * messages
    }

    /// ``upperBound(utf8Count:messages:)`` for everything `request` sends. Without a schema in the prompt it costs no
    /// pass over the text (a native Swift string knows its UTF-8 length); with one, the schema's description is built.
    public static func upperBound(for request: GenerationRequest) -> Int {
        var bytes = 0
        var messages = request.messages.count
        if let instructions = request.effectiveInstructions {
            bytes += instructions.utf8.count
            messages += 1
        }
        for message in request.messages {
            bytes += message.content.utf8.count
            for call in message.toolCalls {
                bytes += call.id.utf8.count + call.toolName.utf8.count + call.arguments.jsonString.utf8.count
            }
            bytes += (message.toolName?.utf8.count ?? 0) + (message.toolCallID?.utf8.count ?? 0)
        }
        if !request.tools.isEmpty {
            bytes += toolsAllowance
            for tool in request.tools { bytes += 2 * toolDeclaration(tool).utf8.count }
        }
        return upperBound(utf8Count: bytes, messages: messages)
    }
}
