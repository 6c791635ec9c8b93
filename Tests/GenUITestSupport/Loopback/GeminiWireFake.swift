import Foundation
@_spi(Reading) import GenUI
import GenUITesting
import Synchronization

/// The Gemini API (`v1beta`) as its documentation describes it, the one loopback fake of it that every test uses:
/// `GET models/{model}` (with `inputTokenLimit`, left out when `nil`), `:countTokens`, `:generateContent` and
/// `:streamGenerateContent?alt=sse` (CRLF-framed events, usage in each), the key in `x-goog-api-key`. Bodies are
/// checked like the API does (400 `INVALID_ARGUMENT`): known fields only; `functionDeclarations` with valid names and
/// either `parameters` or an object `parametersJsonSchema`; a `toolConfig` mode the API knows; `user`/`model` contents
/// whose parts hold one of `text`, `functionCall` (model turns, object `args`) or `functionResponse` (user turns,
/// object `response`); a turn of function responses answers the model turn before it, one response per call with the
/// same names and ids in order. A `:countTokens` body holds `contents` or a `generateContentRequest` naming the model,
/// checked the same way.
///
/// The model: after function responses it answers with their outputs (``Tools/answerPrefix``); offered functions (and
/// no response yet) it calls them (``Tools/calls``; by default the first, with arguments following its schema);
/// otherwise it says its ``Answer``. Streamed, a turn of calls starts with the text "Let me check. ". Asked for
/// thoughts (`thinkingConfig.includeThoughts`), it sends its `thoughts` first, as parts marked `thought: true`. A
/// ``Fault`` replaces the answer.
public final class GeminiWireFake: Sendable {
    /// What the API does instead of answering.
    public enum Fault: Sendable {
        /// Every POST: 429 `RESOURCE_EXHAUSTED` with a `RetryInfo` of 13 s.
        case rateLimited
        /// Every POST: 500 `INTERNAL`.
        case serverError
        /// Every POST: no answer for 60 s.
        case stall
        /// A generation: the prompt is blocked for `SAFETY`, with no candidate.
        case blocked
        /// A streamed generation: the first event, then half of one and a reset connection.
        case cutStream
        /// A streamed generation: the first event, then an `error` event (500 `INTERNAL`) that ends the stream; a whole
        /// one, the 500.
        case errorEvent
        /// A generation: a candidate with no parts that finishes `MALFORMED_FUNCTION_CALL`.
        case malformedFunctionCall
    }

    /// What the model says when it neither answers function responses nor calls a function.
    public enum Answer: Sendable {
        /// A value of the request's `responseJsonSchema` when it has one (``SchemaInstance``), else a greeting in two
        /// parts.
        case model
        /// This text, whatever was asked; streamed in two halves.
        case text(String)
        /// These text parts, whatever was asked; streamed one event each.
        case parts([String])
    }

    /// The `usageMetadata` of every answer; the total is their sum.
    public struct Usage: Sendable {
        /// `promptTokenCount`.
        public var prompt: Int
        /// `candidatesTokenCount`.
        public var candidates: Int
        /// `thoughtsTokenCount`, left out when `nil`.
        public var thoughts: Int?

        /// Usage of `prompt` input tokens, `candidates` output tokens and `thoughts` thinking tokens.
        public init(prompt: Int, candidates: Int, thoughts: Int? = nil) {
            self.prompt = prompt
            self.candidates = candidates
            self.thoughts = thoughts
        }
    }

    /// How the model behaves with functions.
    public struct Tools: Sendable {
        /// Whether the calls it makes carry an `id` (`fc-N`, N counting the calls it made).
        public var callIDs: Bool
        /// Streamed, whether each call comes in an event of its own, with a text event ("Next. ") between two calls,
        /// rather than all of them in one.
        public var callsInOwnChunks: Bool
        /// Gemini 3: calls carry a thought signature, and the first call of a replayed model turn must carry the one
        /// issued for it (or the documented placeholder `skip_thought_signature_validator`).
        public var signsCalls: Bool
        /// Gemini 2.5 and earlier: `responseMimeType: application/json` with function declarations is a 400.
        public var rejectsSchemaWithTools: Bool
        /// What the answer to function responses starts with; their outputs follow, separated by spaces.
        public var answerPrefix: String
        /// The `functionCall` objects (JSON) of a turn that offers functions, given the request body; `nil` calls the
        /// first declared function with arguments following its schema (``SchemaInstance``).
        public var calls: (@Sendable (GeneratedContent) -> [String])?

        /// A behaviour: see each property.
        public init(
            callIDs: Bool = false, callsInOwnChunks: Bool = false, signsCalls: Bool = false,
            rejectsSchemaWithTools: Bool = false, answerPrefix: String = "Here it is: ",
            calls: (@Sendable (GeneratedContent) -> [String])? = nil
        ) {
            self.callIDs = callIDs
            self.callsInOwnChunks = callsInOwnChunks
            self.signsCalls = signsCalls
            self.rejectsSchemaWithTools = rejectsSchemaWithTools
            self.answerPrefix = answerPrefix
            self.calls = calls
        }
    }

    /// The loopback server; its `requests` are every request the fake was sent.
    public let server: LoopbackHTTPServer
    /// The key the API takes, or `nil` for a server that takes none.
    public let key: String?
    /// The models it serves.
    public let models: [String]

    /// Starts the API. `key`: the one `x-goog-api-key` it takes (anything else is 400 `API_KEY_INVALID`), or `nil` for
    /// a server that takes no key and refuses a request that carries one. `models`: the models it serves (any other is
    /// 404). `countTokensReply`: the body every valid `:countTokens` request gets, instead of ``count(_:)``'s total.
    public init(
        key: String?, models: [String] = ["gemini-test"], inputTokenLimit: Int? = 1_048_576, fault: Fault? = nil,
        answer: Answer = .model, thoughts: [String] = [], usage: Usage = Usage(prompt: 30, candidates: 7),
        countTokensReply: String? = nil, tools: Tools = Tools()
    ) throws {
        let api = GeminiAPI(
            key: key, models: models, inputTokenLimit: inputTokenLimit, fault: fault, answer: answer,
            thoughts: thoughts, usage: usage, countTokensReply: countTokensReply, tools: tools)
        self.key = key
        self.models = models
        server = try LoopbackHTTPServer { request, connection in api.handle(request, connection) }
    }

    /// The first model it serves.
    public var model: String { models[0] }

    /// The API's base URL, `…/v1beta`, as a provider is configured with it.
    public var baseURL: URL { server.baseURL.appendingPathComponent("v1beta") }

    /// Stops the server.
    public func stop() { server.stop() }

    /// The fake's count for a `:countTokens` body: two per content plus the words of its text parts, the words of the
    /// system instruction, and 25 for a response schema. A deterministic stand-in for a tokenizer.
    public static func count(_ body: GeneratedContent) -> Int {
        func words(_ content: GeneratedContent?) -> Int {
            (content?["parts"]?.elements ?? []).reduce(0) {
                $0 + ($1["text"]?.stringValue ?? "").split(whereSeparator: \.isWhitespace).count
            }
        }
        let request = body["generateContentRequest"] ?? body
        var total = words(request["systemInstruction"])
        for content in request["contents"]?.elements ?? [] { total += 2 + words(content) }
        if request["generationConfig"]?["responseJsonSchema"] != nil { total += 25 }
        return total
    }

    /// The first deviation from the documented `generateContent` body, worded like the API's 400s, or `nil`. `issued`:
    /// the thought signatures issued so far, by call id (checked when `tools` signs calls).
    static func problem(in body: GeneratedContent, tools: Tools, issued: [String: String]) -> String? {
        func unknown(_ object: GeneratedContent?, _ allowed: Set<String>, _ path: String) -> String? {
            (object?.orderedProperties ?? []).first { !allowed.contains($0.key) }.map {
                "Invalid JSON payload received. Unknown name \"\($0.key)\" at '\(path)': Cannot find field."
            }
        }
        func validName(_ name: String?) -> Bool {
            guard let name, let first = name.unicodeScalars.first, name.count <= 128 else { return false }
            guard first == "_" || (first.isASCII && CharacterSet.letters.contains(first)) else { return false }
            return name.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "_.:-".unicodeScalars.contains($0))
            }
        }
        if let problem = unknown(
            body, ["contents", "systemInstruction", "tools", "toolConfig", "generationConfig", "safetySettings"], "")
        {
            return problem
        }
        if let problem = unknown(
            body["generationConfig"],
            [
                "temperature", "topP", "topK", "seed", "maxOutputTokens", "candidateCount", "stopSequences",
                "responseMimeType", "responseJsonSchema", "responseSchema", "thinkingConfig",
            ], "generation_config")
        {
            return problem
        }
        if let temperature = body["generationConfig"]?["temperature"], case .number(let value) = temperature.kind,
            !(0...2).contains(value)
        {
            return "* GenerateContentRequest.generation_config.temperature: must be in [0.0, 2.0]"
        }
        if let declarations = body["tools"] {
            for (index, tool) in (declarations.elements ?? []).enumerated() {
                if let problem = unknown(
                    tool, ["functionDeclarations", "googleSearch", "codeExecution"], "tools[\(index)]")
                {
                    return problem
                }
                for (position, declaration) in (tool["functionDeclarations"]?.elements ?? []).enumerated() {
                    let path = "tools[\(index)].function_declarations[\(position)]"
                    if let problem = unknown(
                        declaration,
                        [
                            "name", "description", "parameters", "parametersJsonSchema", "response",
                            "responseJsonSchema", "behavior",
                        ], path)
                    {
                        return problem
                    }
                    guard validName(declaration["name"]?.stringValue) else {
                        return "* GenerateContentRequest.\(path).name: Invalid function name."
                    }
                    if declaration["parameters"] != nil && declaration["parametersJsonSchema"] != nil {
                        return "\(path): parameters and parametersJsonSchema are mutually exclusive"
                    }
                    if let schema = declaration["parametersJsonSchema"], schema["type"]?.stringValue != "object" {
                        return "\(path).parametersJsonSchema must describe an object"
                    }
                }
            }
            if tools.rejectsSchemaWithTools,
                body["generationConfig"]?["responseMimeType"]?.stringValue == "application/json"
            {
                return "Function calling with a response mime type: 'application/json' is unsupported"
            }
        }
        if let config = body["toolConfig"] {
            if let problem = unknown(config, ["functionCallingConfig"], "tool_config") { return problem }
            let mode = config["functionCallingConfig"]?["mode"]?.stringValue
            guard ["AUTO", "ANY", "NONE", "VALIDATED"].contains(mode ?? "") else {
                return "tool_config.function_calling_config.mode: invalid value"
            }
        }
        guard let contents = body["contents"]?.elements, !contents.isEmpty else {
            return "* GenerateContentRequest.contents: contents is not specified"
        }
        var pending: [(id: String?, name: String)] = []
        for (index, content) in contents.enumerated() {
            let path = "contents[\(index)]"
            if let problem = unknown(content, ["role", "parts"], path) { return problem }
            let role = content["role"]?.stringValue
            guard role == "user" || role == "model" else { return "Please use a valid role: user, model." }
            guard let parts = content["parts"]?.elements, !parts.isEmpty else {
                return "* GenerateContentRequest.\(path).parts: contents.parts must not be empty."
            }
            var calls: [(id: String?, name: String)] = []
            var responses: [(id: String?, name: String)] = []
            for (position, part) in parts.enumerated() {
                let partPath = "\(path).parts[\(position)]"
                if let problem = unknown(
                    part, ["text", "functionCall", "functionResponse", "thoughtSignature", "thought"], partPath)
                {
                    return problem
                }
                guard ["text", "functionCall", "functionResponse"].filter({ part[$0] != nil }).count == 1 else {
                    return "\(partPath): a part holds exactly one of text, functionCall, functionResponse"
                }
                if let call = part["functionCall"] {
                    guard role == "model" else { return "\(partPath): functionCall parts belong to model turns" }
                    if let problem = unknown(call, ["id", "name", "args"], "\(partPath).function_call") {
                        return problem
                    }
                    guard validName(call["name"]?.stringValue) else {
                        return "\(partPath).function_call.name: Invalid function name."
                    }
                    if let args = call["args"], args.orderedProperties == nil {
                        return "\(partPath).function_call.args: must be an object"
                    }
                    let id = call["id"]?.stringValue
                    if tools.signsCalls, calls.isEmpty {
                        let signature = part["thoughtSignature"]?.stringValue
                        let expected = id.flatMap { issued[$0] }
                        guard
                            signature == "skip_thought_signature_validator"
                                || (signature != nil && signature == expected)
                        else {
                            return
                                "Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance."
                        }
                    }
                    calls.append((id, call["name"]?.stringValue ?? ""))
                }
                if let response = part["functionResponse"] {
                    guard role == "user" else { return "\(partPath): functionResponse parts belong to user turns" }
                    if let problem = unknown(
                        response, ["id", "name", "response", "parts", "willContinue", "scheduling"],
                        "\(partPath).function_response")
                    {
                        return problem
                    }
                    guard validName(response["name"]?.stringValue) else {
                        return "\(partPath).function_response.name: Invalid function name."
                    }
                    guard response["response"]?.orderedProperties != nil else {
                        return "\(partPath).function_response.response: must be an object"
                    }
                    responses.append((response["id"]?.stringValue, response["name"]?.stringValue ?? ""))
                }
            }
            if !pending.isEmpty || !responses.isEmpty {
                guard responses.map(\.name) == pending.map(\.name), responses.map(\.id) == pending.map(\.id) else {
                    return
                        "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn."
                }
            }
            pending = calls
        }
        return nil
    }

    /// The first deviation from the documented `:countTokens` body, or `nil`: a JSON object holding either `contents`
    /// or a `generateContentRequest` (never both) that names this model, each a valid `generateContent` body.
    static func countProblem(_ request: LoopbackRequest, model: String) -> String? {
        guard request.header("content-type")?.hasPrefix("application/json") == true else {
            return "Invalid content type"
        }
        guard let body = request.json, let fields = body.orderedProperties else {
            return "Invalid JSON payload received."
        }
        func unknown(_ fields: [(key: String, value: GeneratedContent)], _ allowed: Set<String>) -> String? {
            fields.first { !allowed.contains($0.key) }.map {
                "Invalid JSON payload received. Unknown name \"\($0.key)\": Cannot find field."
            }
        }
        if let problem = unknown(fields, ["contents", "generateContentRequest"]) { return problem }
        if body["contents"] != nil && body["generateContentRequest"] != nil {
            return "contents and generateContentRequest are mutually exclusive"
        }
        guard let inner = body["generateContentRequest"] else { return problem(in: body, tools: Tools(), issued: [:]) }
        guard let innerFields = inner.orderedProperties else { return "generateContentRequest must be an object" }
        let allowed: Set<String> = [
            "model", "contents", "systemInstruction", "tools", "toolConfig", "safetySettings", "generationConfig",
            "cachedContent",
        ]
        if let problem = unknown(innerFields, allowed) { return problem }
        guard inner["model"]?.stringValue == "models/\(model)" else {
            return "generateContentRequest.model must be models/\(model)"
        }
        if let system = inner["systemInstruction"], system["parts"]?.elements == nil {
            return "systemInstruction.parts is required"
        }
        let generation = GeneratedContent(
            orderedProperties: innerFields.filter { $0.key != "model" && $0.key != "cachedContent" })
        return problem(in: generation, tools: Tools(), issued: [:])
    }
}

/// The API behind ``GeminiWireFake``: its settings, the thought signatures it issued and the calls it made.
private final class GeminiAPI: Sendable {
    let key: String?
    let models: [String]
    let inputTokenLimit: Int?
    let fault: GeminiWireFake.Fault?
    let answer: GeminiWireFake.Answer
    let thoughts: [String]
    let usage: GeminiWireFake.Usage
    let countTokensReply: String?
    let tools: GeminiWireFake.Tools
    /// The thought signatures issued, by call id.
    let issued = Mutex<[String: String]>([:])
    /// The calls made so far.
    let callCount = Mutex(0)

    init(
        key: String?, models: [String], inputTokenLimit: Int?, fault: GeminiWireFake.Fault?,
        answer: GeminiWireFake.Answer, thoughts: [String], usage: GeminiWireFake.Usage, countTokensReply: String?,
        tools: GeminiWireFake.Tools
    ) {
        self.key = key
        self.models = models
        self.inputTokenLimit = inputTokenLimit
        self.fault = fault
        self.answer = answer
        self.thoughts = thoughts
        self.usage = usage
        self.countTokensReply = countTokensReply
        self.tools = tools
    }

    /// A model turn: its parts as a whole answer carries them, and grouped as a stream sends them (an event a group).
    struct Turn {
        var whole: [String]
        var streamed: [[String]]
    }

    func fail(_ connection: LoopbackConnection, _ status: Int, _ message: String, _ code: String) {
        connection.respond(
            status: status,
            json: #"{"error":{"code":\#(status),"message":\#(JSONWriter.quote(message)),"status":"\#(code)"}}"#)
    }

    func handle(_ request: LoopbackRequest, _ connection: LoopbackConnection) {
        guard request.header("x-goog-api-key") == key else {
            connection.respond(
                status: 400,
                json:
                    #"{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID","domain":"googleapis.com"}]}}"#
            )
            return
        }
        let prefix = "/v1beta/models/"
        let name = request.path.hasPrefix(prefix) ? String(request.path.dropFirst(prefix.count)) : ""
        let model = String(name.prefix { $0 != ":" })
        let method = name.contains(":") ? String(name.drop { $0 != ":" }.dropFirst()) : nil
        guard models.contains(model) else {
            return fail(connection, 404, "models/\(model) is not found for API version v1beta", "NOT_FOUND")
        }
        if request.method == "GET" {
            guard method == nil else { return fail(connection, 404, "not found", "NOT_FOUND") }
            let limit = inputTokenLimit.map { #""inputTokenLimit":\#($0),"# } ?? ""
            connection.respond(
                json:
                    #"{"name":"models/\#(model)","version":"001","displayName":"\#(model)",\#(limit)"outputTokenLimit":65536,"supportedGenerationMethods":["generateContent","countTokens"]}"#
            )
            return
        }
        let streaming = method == "streamGenerateContent" && request.query == "alt=sse"
        guard request.method == "POST", method == "countTokens" || method == "generateContent" || streaming else {
            return fail(connection, 404, "not found", "NOT_FOUND")
        }
        switch fault {
        case .rateLimited?:
            connection.respond(
                status: 429,
                json:
                    #"{"error":{"code":429,"message":"You exceeded your current quota.","status":"RESOURCE_EXHAUSTED","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"13s"}]}}"#
            )
            return
        case .serverError?:
            return fail(connection, 500, "An internal error has occurred.", "INTERNAL")
        case .stall?:
            connection.stall(for: .seconds(60))
            return
        default: break
        }
        if method == "countTokens" {
            if let problem = GeminiWireFake.countProblem(request, model: model) {
                fail(connection, 400, problem, "INVALID_ARGUMENT")
            } else if let countTokensReply {
                connection.respond(json: countTokensReply)
            } else if let body = request.json {
                // proto3 JSON leaves out a field at its default: a count of zero is an empty object.
                let total = GeminiWireFake.count(body)
                connection.respond(json: total == 0 ? "{}" : #"{"totalTokens":\#(total)}"#)
            }
            return
        }
        guard let body = request.json else {
            return fail(connection, 400, "Invalid JSON payload received.", "INVALID_ARGUMENT")
        }
        if let problem = GeminiWireFake.problem(in: body, tools: tools, issued: issued.withLock { $0 }) {
            return fail(connection, 400, problem, "INVALID_ARGUMENT")
        }
        switch fault {
        case .blocked?:
            connection.respond(
                json:
                    #"{"promptFeedback":{"blockReason":"SAFETY"},"usageMetadata":{"promptTokenCount":4,"totalTokenCount":4}}"#
            )
            return
        case .malformedFunctionCall?:
            connection.respond(
                json:
                    #"{"candidates":[{"content":{"parts":[],"role":"model"},"finishReason":"MALFORMED_FUNCTION_CALL","finishMessage":"Malformed function call: get_weather(city=)","index":0}]}"#
            )
            return
        case .errorEvent? where !streaming:
            return fail(connection, 500, "An internal error has occurred.", "INTERNAL")
        default: break
        }
        let turn = self.turn(body)
        let thinks = body["generationConfig"]?["thinkingConfig"]?["includeThoughts"]?.boolValue == true
        let thoughtParts = thinks ? thoughts.map { #"{"text":\#(JSONWriter.quote($0)),"thought":true}"# } : []
        let thoughtsCount = usage.thoughts.map { #""thoughtsTokenCount":\#($0),"# } ?? ""
        let total = usage.prompt + usage.candidates + (usage.thoughts ?? 0)
        let metadata =
            #""usageMetadata":{"promptTokenCount":\#(usage.prompt),"candidatesTokenCount":\#(usage.candidates),\#(thoughtsCount)"totalTokenCount":\#(total)},"modelVersion":"\#(model)-001""#
        func candidate(_ parts: [String], finish: Bool) -> String {
            let reason = finish ? #""finishReason":"STOP","# : ""
            return
                #"{"candidates":[{"content":{"parts":[\#(parts.joined(separator: ","))],"role":"model"},\#(reason)"index":0}],\#(metadata)}"#
        }
        guard streaming else {
            connection.respond(json: candidate(thoughtParts + turn.whole, finish: true))
            return
        }
        connection.startStream(contentType: "text/event-stream")
        let events = thoughtParts.map { [$0] } + turn.streamed
        for (index, parts) in events.enumerated() {
            connection.send("data: \(candidate(parts, finish: index == events.count - 1))\r\n\r\n")
            guard index == 0 else { continue }
            if fault == .cutStream {
                connection.send("data: {\"candidates\":[{\"content\":{\"par")
                connection.abort()
                return
            }
            if fault == .errorEvent {
                connection.send(
                    "data: {\"error\":{\"code\":500,\"message\":\"An internal error has occurred.\",\"status\":\"INTERNAL\"}}\r\n\r\n"
                )
                connection.endStream()
                return
            }
        }
        connection.endStream()
    }

    /// The model's turn for `body`.
    func turn(_ body: GeneratedContent) -> Turn {
        func text(_ text: String) -> String { #"{"text":\#(JSONWriter.quote(text))}"# }
        let last = body["contents"]?.elements?.last
        let responses = last?["parts"]?.elements?.compactMap { $0["functionResponse"] } ?? []
        if last?["role"]?.stringValue == "user", !responses.isEmpty {
            let outputs = responses.map { $0["response"]?["output"]?.stringValue ?? $0["response"]?.jsonString ?? "" }
            let part = text(tools.answerPrefix + outputs.joined(separator: " "))
            return Turn(whole: [part], streamed: [[part]])
        }
        let declared = (body["tools"]?.elements ?? []).flatMap { $0["functionDeclarations"]?.elements ?? [] }
        if let first = declared.first {
            let calls =
                tools.calls?(body)
                ?? [
                    GeneratedContent.object([
                        ("name", first["name"]),
                        (
                            "args",
                            SchemaInstance.minimal(first["parametersJsonSchema"] ?? first["parameters"] ?? .object([]))
                        ),
                    ]).jsonString
                ]
            if !calls.isEmpty {
                let parts = calls.map(callPart)
                let groups =
                    tools.callsInOwnChunks
                    ? parts.enumerated().flatMap { index, part in index == 0 ? [[part]] : [[text("Next. ")], [part]] }
                    : [parts]
                return Turn(whole: parts, streamed: [[text("Let me check. ")]] + groups)
            }
        }
        switch answer {
        case .text(let answer):
            let middle = answer.index(answer.startIndex, offsetBy: answer.count / 2)
            return Turn(
                whole: [text(answer)], streamed: [[text(String(answer[..<middle]))], [text(String(answer[middle...]))]])
        case .parts(let parts):
            return Turn(whole: parts.map(text), streamed: parts.map { [text($0)] })
        case .model:
            if let schema = body["generationConfig"]?["responseJsonSchema"] {
                let part = text(SchemaInstance.minimal(schema).jsonString)
                return Turn(whole: [part], streamed: [[part]])
            }
            let parts = ["Hello! ", "Here is a tiny greeting card."].map(text)
            return Turn(whole: parts, streamed: parts.map { [$0] })
        }
    }

    /// A `functionCall` part for `call` (JSON): with an id unless it has one or ids are off, and a thought signature,
    /// kept for the replay check, when calls are signed.
    func callPart(_ call: String) -> String {
        var part = call
        let number = callCount.withLock { count -> Int in
            count += 1
            return count
        }
        if tools.callIDs, var object = try? JSONParser.parse(call), object["id"] == nil {
            object = GeneratedContent(
                orderedProperties: [("id", .string("fc-\(number)"))] + (object.orderedProperties ?? []))
            part = object.jsonString
        }
        guard tools.signsCalls else { return #"{"functionCall":\#(part)}"# }
        let signature = "c2lnbmF0dXJl\(number)=="
        if let id = (try? JSONParser.parse(part))?["id"]?.stringValue { issued.withLock { $0[id] = signature } }
        return #"{"functionCall":\#(part),"thoughtSignature":"\#(signature)"}"#
    }
}
