import Foundation
@_spi(Reading) import GenUI
import GenUITesting
import Synchronization

/// The smallest value a JSON Schema (as a provider sends it) accepts, the way a constrained decoder would produce one:
/// objects with their required properties (all of them when none are listed), strings "Paris" cut or padded to their
/// length bounds, numbers at their minimum, arrays of their minimum count (at least one item), the first of an enum or
/// `anyOf`, `$ref`s into `$defs`. A fake built on it answers in the shape the request asked for, so a provider that
/// sends a wrong schema gets output that does not validate.
enum SchemaInstance {
    static func minimal(_ schema: GeneratedContent, root: GeneratedContent? = nil, depth: Int = 0) -> GeneratedContent {
        let root = root ?? schema
        guard depth < 24 else { return GeneratedContent(kind: .null) }
        func next(_ node: GeneratedContent) -> GeneratedContent { minimal(node, root: root, depth: depth + 1) }
        if let reference = schema["$ref"]?.stringValue,
            let name = reference.split(separator: "/").last.map(String.init),
            let target = root["$defs"]?[name] ?? root["definitions"]?[name]
        {
            return next(target)
        }
        if let first = schema["enum"]?.elements?.first { return first }
        if let constant = schema["const"] { return constant }
        if let first = (schema["anyOf"] ?? schema["oneOf"])?.elements?.first { return next(first) }
        let type =
            schema["type"]?.stringValue
            ?? schema["type"]?.elements?.compactMap(\.stringValue).first { $0 != "null" }
            ?? (schema["properties"] != nil ? "object" : "string")
        func bound(_ key: String) -> Double? {
            guard case .number(let value)? = schema[key]?.kind else { return nil }
            return value
        }
        switch type {
        case "object":
            let properties = schema["properties"]?.orderedProperties ?? []
            let required = schema["required"]?.elements?.compactMap(\.stringValue) ?? properties.map(\.key)
            return GeneratedContent(
                orderedProperties: properties.filter { required.contains($0.key) }.map { ($0.key, next($0.value)) })
        case "integer", "number":
            var value = bound("minimum") ?? bound("exclusiveMinimum").map { $0 + 1 } ?? 1
            if let maximum = bound("maximum") { value = min(value, maximum) }
            return GeneratedContent(kind: .number(type == "integer" ? value.rounded(.up) : value))
        case "boolean":
            return GeneratedContent(kind: .bool(true))
        case "array":
            var count = max(Int(bound("minItems") ?? 1), 1)
            if let maximum = bound("maxItems") { count = min(count, Int(maximum)) }
            let item = schema["items"].map(next) ?? GeneratedContent(kind: .string("Paris"))
            return GeneratedContent(kind: .array(Array(repeating: item, count: max(count, 0))))
        case "null":
            return GeneratedContent(kind: .null)
        default:
            var text = "Paris"
            if let maximum = bound("maxLength") { text = String(text.prefix(Int(maximum))) }
            if let minimum = bound("minLength"), text.count < Int(minimum) {
                text += String(repeating: "s", count: Int(minimum) - text.count)
            }
            return GeneratedContent(kind: .string(text))
        }
    }
}

/// An Ollama daemon as its API documentation describes it, small but faithful for the conformance suite:
/// `/api/version`, `/api/tags` (the model installed), `/api/show` (`capabilities` with `tools`), `/api/chat` whole or
/// as NDJSON. Chat bodies are checked like the daemon does (400 `{"error": …}`): roles, string contents, `format`
/// `"json"` or a schema, tools in the function shape, an assistant turn's `tool_calls` with object `arguments`, tool
/// messages naming (`tool_name`) a tool an earlier turn called. The model: after tool messages it answers with their
/// outputs; offered tools (and no output yet) it calls the first one, without an id (as Ollama does) and with arguments
/// following the declared parameters; with a `format` schema it answers a value of it; otherwise a greeting.
final class ConformanceOllama: Sendable {
    let server: LoopbackHTTPServer
    static let model = "qwen3:0.6b"

    init() throws {
        server = try LoopbackHTTPServer { request, connection in Self.handle(request, connection) }
    }

    var host: String { "127.0.0.1:\(server.port)" }

    private static func handle(_ request: LoopbackRequest, _ connection: LoopbackConnection) {
        switch (request.method, request.path) {
        case ("GET", "/api/version"):
            connection.respond(json: #"{"version":"0.12.6"}"#)
        case ("GET", "/api/tags"):
            connection.respond(
                json:
                    #"{"models":[{"name":"\#(model)","model":"\#(model)","modified_at":"2026-01-01T00:00:00Z","size":522653767,"digest":"7df6b6e09427","details":{"format":"gguf","family":"qwen3","parameter_size":"751.63M","quantization_level":"Q4_K_M"}}]}"#
            )
        case ("POST", "/api/show"):
            guard request.json?["model"]?.stringValue == model else {
                connection.respond(status: 404, json: #"{"error":"model not found"}"#)
                return
            }
            connection.respond(
                json:
                    #"{"modelfile":"FROM x","details":{"format":"gguf","family":"qwen3"},"model_info":{"general.architecture":"qwen3","qwen3.context_length":40960},"capabilities":["completion","tools","thinking"]}"#
            )
        case ("POST", "/api/chat"):
            guard let body = request.json else {
                connection.respond(status: 400, json: #"{"error":"invalid character looking for beginning of value"}"#)
                return
            }
            if let problem = problem(in: body) {
                connection.respond(status: 400, json: #"{"error":\#(JSONWriter.quote(problem))}"#)
                return
            }
            chat(body, connection)
        default:
            connection.respond(status: 404, body: Data("404 page not found".utf8))
        }
    }

    /// The first deviation from the documented `/api/chat` body, worded like the daemon's 400s.
    static func problem(in body: GeneratedContent) -> String? {
        guard body["model"]?.stringValue == model else { return "model is required" }
        if let format = body["format"], format.stringValue != "json", format.orderedProperties == nil {
            return "invalid format: expected \"json\" or a valid JSON schema"
        }
        if let stream = body["stream"], stream.boolValue == nil {
            return "json: cannot unmarshal stream into Go struct field ChatRequest.stream of type bool"
        }
        if let tools = body["tools"] {
            guard let list = tools.elements else {
                return "json: cannot unmarshal tools into Go struct field ChatRequest.tools"
            }
            for tool in list {
                guard tool["type"]?.stringValue == "function" else { return "tool type must be function" }
                guard tool["function"]?["name"]?.stringValue?.isEmpty == false else {
                    return "tool function has no name"
                }
                guard tool["function"]?["parameters"]?["type"]?.stringValue == "object" else {
                    return "json: cannot unmarshal parameters into Go struct field ToolFunction.parameters"
                }
            }
        }
        guard let messages = body["messages"]?.elements, !messages.isEmpty else { return "messages are required" }
        var called: [String] = []
        for message in messages {
            guard message["content"]?.stringValue != nil else {
                return "json: cannot unmarshal content into Go struct field Message.messages.content of type string"
            }
            switch message["role"]?.stringValue {
            case "system", "user": break
            case "assistant":
                for call in message["tool_calls"]?.elements ?? [] {
                    guard let name = call["function"]?["name"]?.stringValue, !name.isEmpty else {
                        return "tool call has no name"
                    }
                    guard call["function"]?["arguments"]?.orderedProperties != nil else {
                        return
                            "json: cannot unmarshal string into Go struct field ToolCallFunction.messages.tool_calls.function.arguments of type api.ToolCallFunctionArguments"
                    }
                    called.append(name)
                }
            case "tool":
                guard let name = message["tool_name"]?.stringValue, called.contains(name) else {
                    return "tool message without the tool_name of an earlier call"
                }
            default:
                return "invalid role"
            }
        }
        return nil
    }

    private static func chat(_ body: GeneratedContent, _ connection: LoopbackConnection) {
        let messages = body["messages"]?.elements ?? []
        var content = "Hello! Here is a tiny greeting card."
        var calls: GeneratedContent?
        if messages.last?["role"]?.stringValue == "tool" {
            let outputs = messages.reversed().prefix { $0["role"]?.stringValue == "tool" }.reversed()
            content = "From the tool: " + outputs.compactMap { $0["content"]?.stringValue }.joined(separator: " ")
        } else if let tool = body["tools"]?.elements?.first?["function"] {
            content = ""
            calls = .array([
                .object([
                    (
                        "function",
                        .object([
                            ("name", tool["name"]),
                            ("arguments", SchemaInstance.minimal(tool["parameters"] ?? .object([]))),
                        ])
                    )
                ])
            ])
        } else if let format = body["format"], format.orderedProperties != nil {
            content = SchemaInstance.minimal(format).jsonString
        }
        func chunk(_ text: String, calls: GeneratedContent? = nil, done: Bool) -> String {
            GeneratedContent.object([
                ("model", .string(model)), ("created_at", .string("2026-01-01T00:00:01Z")),
                (
                    "message",
                    .object([("role", .string("assistant")), ("content", .string(text)), ("tool_calls", calls)])
                ),
                ("done", .bool(done)), ("done_reason", done ? .string("stop") : nil),
                ("total_duration", done ? .integer(500_000_000) : nil),
                ("prompt_eval_count", done ? .integer(40) : nil),
                ("eval_count", done ? .integer(12) : nil), ("eval_duration", done ? .integer(200_000_000) : nil),
            ]).jsonString
        }
        if body["stream"]?.boolValue == false {
            connection.respond(json: chunk(content, calls: calls, done: true))
            return
        }
        connection.startStream(contentType: "application/x-ndjson")
        let middle = content.index(content.startIndex, offsetBy: content.count / 2)
        for piece in [String(content[..<middle]), String(content[middle...])] where !piece.isEmpty {
            connection.send(chunk(piece, done: false) + "\n")
        }
        if let calls { connection.send(chunk("", calls: calls, done: false) + "\n") }
        connection.send(chunk("", done: true) + "\n")
        connection.endStream()
    }
}

/// The Gemini API (`v1beta`) as its documentation describes it, small but faithful for the conformance suite:
/// `GET models/{model}`, `:generateContent` and `:streamGenerateContent?alt=sse`, the key in `x-goog-api-key`. Bodies
/// are checked like the API does (400 `INVALID_ARGUMENT`): known fields only; `functionDeclarations` with valid names
/// and an object `parametersJsonSchema`; `user`/`model` contents whose parts hold one of `text`, `functionCall`
/// (model turns, object `args`) or `functionResponse` (user turns, object `response`); a turn of function responses
/// answers the model turn before it, one response per call with the same names and ids in order. The model: after
/// function responses it answers with their outputs; offered functions (and no response yet) it calls the first, with
/// no id (as the Gemini API does) and arguments following the declared schema; with `responseJsonSchema` it answers
/// a value of it; otherwise a greeting.
final class ConformanceGemini: Sendable {
    let server: LoopbackHTTPServer
    let key: String
    static let model = "gemini-2.5-flash"

    init(key: String) throws {
        self.key = key
        server = try LoopbackHTTPServer { request, connection in Self.handle(request, connection, key: key) }
    }

    var baseURL: URL { server.baseURL.appendingPathComponent("v1beta") }

    private static func fail(_ connection: LoopbackConnection, _ status: Int, _ message: String, _ code: String) {
        connection.respond(
            status: status,
            json: #"{"error":{"code":\#(status),"message":\#(JSONWriter.quote(message)),"status":"\#(code)"}}"#)
    }

    private static func handle(_ request: LoopbackRequest, _ connection: LoopbackConnection, key: String) {
        guard request.header("x-goog-api-key") == key else {
            connection.respond(
                status: 400,
                json:
                    #"{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID","domain":"googleapis.com"}]}}"#
            )
            return
        }
        let prefix = "/v1beta/models/\(model)"
        if request.method == "GET" {
            guard request.path == prefix else {
                return fail(connection, 404, "models/x is not found for API version v1beta", "NOT_FOUND")
            }
            connection.respond(
                json:
                    #"{"name":"models/\#(model)","version":"001","displayName":"Gemini 2.5 Flash","inputTokenLimit":1048576,"outputTokenLimit":65536,"supportedGenerationMethods":["generateContent","countTokens"]}"#
            )
            return
        }
        let streaming = request.path == prefix + ":streamGenerateContent" && request.query == "alt=sse"
        guard request.method == "POST", request.path == prefix + ":generateContent" || streaming else {
            return fail(connection, 404, "not found", "NOT_FOUND")
        }
        guard let body = request.json else {
            return fail(connection, 400, "Invalid JSON payload received.", "INVALID_ARGUMENT")
        }
        if let problem = problem(in: body) { return fail(connection, 400, problem, "INVALID_ARGUMENT") }
        let usage =
            #""usageMetadata":{"promptTokenCount":30,"candidatesTokenCount":7,"totalTokenCount":37},"modelVersion":"\#(model)""#
        let contents = body["contents"]?.elements ?? []
        let parts: [String]
        let responses = contents.last?["parts"]?.elements?.compactMap { $0["functionResponse"] } ?? []
        if !responses.isEmpty {
            let outputs = responses.map { $0["response"]?.jsonString ?? "" }
            parts = [#"{"text":\#(JSONWriter.quote("From the tool: " + outputs.joined(separator: " ")))}"#]
        } else if let function = body["tools"]?.elements?.lazy.compactMap({
            $0["functionDeclarations"]?.elements?.first
        }).first {
            let schema = function["parametersJsonSchema"] ?? function["parameters"] ?? .object([])
            let call = GeneratedContent.object([("name", function["name"]), ("args", SchemaInstance.minimal(schema))])
            parts = [#"{"functionCall":\#(call.jsonString)}"#]
        } else if let schema = body["generationConfig"]?["responseJsonSchema"] {
            parts = [#"{"text":\#(JSONWriter.quote(SchemaInstance.minimal(schema).jsonString))}"#]
        } else {
            parts = [#"{"text":"Hello! "}"#, #"{"text":"Here is a tiny greeting card."}"#]
        }
        guard streaming else {
            connection.respond(
                json:
                    #"{"candidates":[{"content":{"parts":[\#(parts.joined(separator: ","))],"role":"model"},"finishReason":"STOP","index":0}],\#(usage)}"#
            )
            return
        }
        connection.startStream(contentType: "text/event-stream")
        for (index, part) in parts.enumerated() {
            let finish = index == parts.count - 1 ? #","finishReason":"STOP""# : ""
            connection.send(
                "data: {\"candidates\":[{\"content\":{\"parts\":[\(part)],\"role\":\"model\"}\(finish),\"index\":0}],\(usage)}\r\n\r\n"
            )
        }
        connection.endStream()
    }

    /// The first deviation from the documented `generateContent` body, worded like the API's 400s.
    static func problem(in body: GeneratedContent) -> String? {
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
        for (index, tool) in (body["tools"]?.elements ?? []).enumerated() {
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
                        "name", "description", "parameters", "parametersJsonSchema", "response", "responseJsonSchema",
                        "behavior",
                    ], path)
                {
                    return problem
                }
                guard validName(declaration["name"]?.stringValue) else {
                    return "* GenerateContentRequest.\(path).name: Invalid function name."
                }
                if let schema = declaration["parametersJsonSchema"], schema["type"]?.stringValue != "object" {
                    return "\(path).parametersJsonSchema must describe an object"
                }
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
                    calls.append((call["id"]?.stringValue, call["name"]?.stringValue ?? ""))
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
}
