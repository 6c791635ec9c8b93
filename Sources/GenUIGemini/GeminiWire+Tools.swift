import Foundation
import GenUI
import GenUIHTTP
import Synchronization

/// Tool calling in the `generateContent` wire format.
///
/// - Declarations: `tools: [{functionDeclarations: [{name, description, parametersJsonSchema}]}]`, only when the
///   request has tools. The parameters are JSON Schema, written like the response schema (`responseJsonSchema`,
///   `jsonSchema(strict: false)`); names are ``GeminiWire/functionName(_:)`` of the tools' names, mapped back on calls.
/// - The model's calls: `functionCall` parts `{id?, name, args}` (streamed, a call arrives whole in one chunk). The
///   finish reason is `STOP` for a turn of calls too: a turn with `functionCall` parts is a turn of calls
///   (``FinishReason/toolCalls``). A call without an `id` gets a unique one starting with
///   ``GeminiWire/generatedIDPrefix``, which is never sent back.
/// - Earlier turns: a `model` content of the turn's text and its `functionCall` parts (with the API's `id` when the
///   call had one, and the `thoughtSignature` it came with), then ONE `user` content of `functionResponse` parts
///   `{id?, name, response: {"output": text}}`, in order — the output text wrapped in an object under `output`, the key
///   the API documents for a function's output.
/// - Thought signatures: Gemini 3 models sign their function calls and reject a replayed call without its
///   signature. The provider keeps the signatures it received by call id (``GeminiToolFacts``); a replayed turn of
///   calls whose signatures it does not have (made by another provider, or before the provider was created) carries
///   the documented `skip_thought_signature_validator` on its first call, for Gemini 3 and later only.
/// - With a schema too: Gemini 3 takes `responseMimeType: application/json` + `responseJsonSchema` together with
///   function declarations, so both are sent. Gemini 2.5 and earlier reject the pair with a 400 ("Function calling
///   with a response mime type: 'application/json' is unsupported"): the provider then asks again — and from then on
///   at once — with the schema as an answer function (``GeminiToolPlan/answerFunctionName``, a name no user tool has)
///   declared next to the user's tools and `toolConfig.functionCallingConfig.mode: ANY`: the model must call a
///   function, but which one, a user tool or the answer, is its choice. A call of the answer function is the answer.
struct GeminiToolPlan: Sendable {
    /// The user's tools.
    let tools: [GenerationRequest.ToolDefinition]
    /// The function that carries a guided answer when the schema cannot go in `generationConfig`; `nil` otherwise.
    let answerFunctionName: String?

    init(request: GenerationRequest, answerFunction: Bool) {
        tools = request.tools
        if answerFunction, let schema = request.schema {
            let taken = Set(request.tools.map { GeminiWire.functionName($0.name) })
            var name = GeminiWire.functionName(ProviderSupport.schemaName(schema))
            var number = 2
            while taken.contains(name) {
                let suffix = "_\(number)"
                name =
                    String(GeminiWire.functionName(ProviderSupport.schemaName(schema)).prefix(64 - suffix.count))
                    + suffix
                number += 1
            }
            answerFunctionName = name
        } else {
            answerFunctionName = nil
        }
    }

    /// Whether a call of `name` is the guided answer.
    func isAnswer(_ name: String) -> Bool { answerFunctionName == name }
}

/// What the provider learnt about tool calling, kept for its lifetime: the thought signatures of the calls it
/// received (the most recent ``capacity``), and whether the API rejected a JSON response schema together with
/// function declarations.
final class GeminiToolFacts: Sendable {
    /// How many signatures are kept.
    static let capacity = 512
    /// How many bytes of signatures are kept in all (each response's are bounded by the reasoning's bound, but the
    /// store outlives responses).
    static let capacityBytes = 16 << 20

    private struct State {
        var signatures: [String: String] = [:]
        var order: [String] = []
        var bytes = 0
        var rejectsSchemaWithTools = false
    }

    private let state = Mutex(State())

    /// The signature the call `id` came with, if kept.
    func signature(for id: String) -> String? { state.withLock { $0.signatures[id] } }

    /// Keeps the signature of the call `id`.
    func record(signature: String, for id: String) {
        state.withLock { state in
            if let previous = state.signatures.updateValue(signature, forKey: id) {
                state.bytes -= previous.utf8.count
            } else {
                state.order.append(id)
            }
            state.bytes += signature.utf8.count
            while state.order.count > Self.capacity || (state.bytes > Self.capacityBytes && state.order.count > 1) {
                if let dropped = state.signatures.removeValue(forKey: state.order.removeFirst()) {
                    state.bytes -= dropped.utf8.count
                }
            }
        }
    }

    /// Whether the API rejected `responseMimeType: application/json` with function declarations.
    var rejectsSchemaWithTools: Bool {
        get { state.withLock { $0.rejectsSchemaWithTools } }
        set { state.withLock { $0.rejectsSchemaWithTools = newValue } }
    }
}

extension GeminiWire {
    /// The prefix of the ids genui makes for calls that came without one; such ids are not sent back.
    static let generatedIDPrefix = "genui-gemini-call-"

    /// The documented placeholder for a replayed Gemini 3 function call whose thought signature is unknown.
    static let signaturePlaceholder = "skip_thought_signature_validator"

    /// A fresh id for a call without one.
    static func makeCallID() -> String {
        generatedIDPrefix + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(24)
    }

    /// The function name a tool is declared under: ``ToolWireNames/wireName(_:)`` (`[A-Za-z0-9_-]{1,64}`), with a
    /// leading `_` when it would start with a digit or `-` (Gemini's names start with a letter or an underscore).
    static func functionName(_ name: String) -> String {
        let wire = ToolWireNames.wireName(name)
        guard let first = wire.unicodeScalars.first, first == "-" || ("0"..."9").contains(first) else { return wire }
        return "_" + wire.prefix(63)
    }

    /// The name of the tool in `tools` declared under `function`; `function` itself when none was.
    static func toolName(forFunction function: String, in tools: [GenerationRequest.ToolDefinition]) -> String {
        if tools.contains(where: { $0.name == function }) { return function }
        return tools.first { functionName($0.name) == function }?.name ?? function
    }

    /// Whether `model` is Gemini 3 or later, whose replayed function calls need thought signatures.
    static func requiresThoughtSignatures(model: String) -> Bool {
        let name = model.hasPrefix("models/") ? String(model.dropFirst("models/".count)) : model
        guard name.hasPrefix("gemini-") else { return false }
        let digits = name.dropFirst("gemini-".count).prefix { $0.isASCII && $0.isNumber }
        guard let major = Int(digits) else { return false }
        return major >= 3
    }

    /// Whether a 400 says the model takes no JSON response schema together with function calling.
    static func rejectsSchemaWithTools(_ error: GenUIError) -> Bool {
        guard case .invalidRequest(let context) = error else { return false }
        let text = context.debugDescription.lowercased()
        return text.contains("function calling") && text.contains("mime type")
    }

    /// The id sent for a call: the call's own, unless genui made it (the API never saw it) or it is empty.
    static func sentID(_ id: String) -> String? {
        id.isEmpty || id.hasPrefix(generatedIDPrefix) ? nil : id
    }
}
