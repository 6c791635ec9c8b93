import Foundation
@_spi(Reading) import GenUI
import GenUITesting
import Synchronization

/// An Ollama daemon as its API documentation describes it (docs/api.md, api/types.go), the one loopback fake of it that
/// every test uses: `/api/version`, `/api/tags` (the models installed), `/api/show` (`capabilities`, the context
/// length in `model_info`), `/api/pull` (NDJSON lines `{status, digest?, total?, completed?}` ending in `success`,
/// then the model is installed, or an `{"error":…}` line for a model its registry lacks), `DELETE /api/delete`
/// (200 with no body, 404 `{"error":"model 'X' not found"}`) and `/api/chat`, whole or as NDJSON. Chat bodies are
/// checked like the daemon does (400 `{"error": …}`): a model, `format` `"json"` or a schema, a boolean `stream`,
/// tools in the function shape (a name, a description, object parameters with properties), string contents, known
/// roles, an assistant turn's `tool_calls` with object `arguments` and string ids, tool messages naming (`tool_name`)
/// a tool an earlier turn called; a model that is not installed is a 404.
///
/// The model: with a fixed `answer` it says that; after tool messages it answers with their outputs
/// (``Tools/answerPrefix``); offered tools (and no output yet) it calls them (``Tools/calls``; by default the first,
/// without an id, as Ollama does, and with arguments following the declared parameters); with a `format` schema it
/// answers a value of it (``SchemaInstance``); otherwise a greeting. Streamed, its text comes in two halves, then its
/// calls, then the statistics. A ``Fault`` replaces the answer.
public final class OllamaWireFake: Sendable {
    /// What the daemon does instead of answering a chat.
    public enum Fault: Sendable {
        /// 404: the model is not found.
        case modelNotFound
        /// 429 with `Retry-After: 4`.
        case rateLimited
        /// 500: the runner died.
        case serverError
        /// No answer for 60 s.
        case stall
        /// Streamed, the first chunk, then half a line and a reset connection.
        case cutStream
        /// Streamed, the first chunk, then an `{"error": …}` line that ends the stream.
        case errorLine
        /// The answer is free text ("Sure! The answer is yes."), whatever `format` asked for.
        case ignoresFormat
    }

    /// A call in an assistant message's `tool_calls`.
    public struct Call: Sendable {
        /// The tool's name.
        public var name: String
        /// `function.arguments`, as sent (an object, unless a test sends something else).
        public var arguments: GeneratedContent
        /// The call's `id` (with `function.index`), left out when `nil`.
        public var id: String?

        /// A call of `name` with `arguments`, and `id` when given.
        public init(name: String, arguments: GeneratedContent, id: String? = nil) {
            self.name = name
            self.arguments = arguments
            self.id = id
        }
    }

    /// How the model behaves with tools.
    public struct Tools: Sendable {
        /// Streamed, whether each call comes in a chunk of its own rather than all of them in one.
        public var callsInOwnChunks: Bool
        /// What the answer to tool messages starts with; their outputs follow, separated by spaces.
        public var answerPrefix: String
        /// The calls of a turn that offers tools, given the request body; `nil` calls the first tool.
        public var calls: (@Sendable (GeneratedContent) -> [Call])?

        /// A behaviour: see each property.
        public init(
            callsInOwnChunks: Bool = false, answerPrefix: String = "Here it is: ",
            calls: (@Sendable (GeneratedContent) -> [Call])? = nil
        ) {
            self.callsInOwnChunks = callsInOwnChunks
            self.answerPrefix = answerPrefix
            self.calls = calls
        }
    }

    /// The loopback server; its `requests` are every request the fake was sent.
    public let server: LoopbackHTTPServer
    private let daemon: OllamaDaemon

    /// Starts the daemon with `model` installed, reporting `capabilities` and `contextLength` for each model it has.
    /// `usage`: the `prompt_eval_count` and `eval_count` of every answer (which also report 500 ms in all, 1 ms
    /// loading, 100 ms reading the prompt and 200 ms generating). `registry`: the models a pull can fetch, with their
    /// layer's size; a pull of one not installed reports `pullSteps` + 1 progress lines, `pullPause` apart.
    public init(
        model: String = "qwen3:0.6b", capabilities: [String] = ["completion", "tools"], contextLength: Int = 32768,
        fault: Fault? = nil, answer: String? = nil, usage: (prompt: Int, eval: Int) = (26, 10), tools: Tools = Tools(),
        registry: [String: Int64] = ["llama3.2:latest": 2_019_393_189], pullSteps: Int = 16,
        pullPause: Duration = .milliseconds(250)
    ) throws {
        let daemon = OllamaDaemon(
            model: Self.tagged(model), capabilities: capabilities, contextLength: contextLength, fault: fault,
            answer: answer, usage: usage, tools: tools, registry: registry, pullSteps: pullSteps, pullPause: pullPause)
        self.daemon = daemon
        server = try LoopbackHTTPServer { request, connection in daemon.handle(request, connection) }
    }

    /// `OLLAMA_HOST` for this daemon.
    public var host: String { "127.0.0.1:\(server.port)" }

    /// The models installed now.
    public var installed: [String] { daemon.installed.withLock { $0 } }

    /// The bodies of the `/api/chat` requests so far.
    public var chatBodies: [GeneratedContent] { server.requests.filter { $0.path == "/api/chat" }.compactMap(\.json) }

    /// Stops the server.
    public func stop() { server.stop() }

    /// `name` with the tag Ollama gives a name without one, `latest`.
    static func tagged(_ name: String) -> String { name.contains(":") ? name : name + ":latest" }

    /// The first deviation from the documented `/api/chat` body, worded like the daemon's 400s, or `nil`.
    static func problem(in body: GeneratedContent) -> String? {
        guard body["model"]?.stringValue?.isEmpty == false else { return "model is required" }
        if let format = body["format"], format.stringValue != "json", format.orderedProperties == nil {
            return "invalid format: expected \"json\" or a valid JSON schema"
        }
        if let stream = body["stream"], stream.boolValue == nil {
            return "json: cannot unmarshal stream into Go struct field ChatRequest.stream of type bool"
        }
        if let tools = body["tools"] {
            guard let list = tools.elements, !list.isEmpty else {
                return "json: cannot unmarshal tools into Go struct field ChatRequest.tools"
            }
            for tool in list {
                guard tool["type"]?.stringValue == "function" else { return "tool type must be function" }
                guard tool["function"]?["name"]?.stringValue?.isEmpty == false else {
                    return "tool function has no name"
                }
                guard tool["function"]?["description"]?.stringValue != nil else {
                    return "tool function has no description"
                }
                guard tool["function"]?["parameters"]?["type"]?.stringValue == "object",
                    tool["function"]?["parameters"]?["properties"]?.orderedProperties != nil
                else { return "json: cannot unmarshal parameters into Go struct field ToolFunction.parameters" }
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
                            "json: cannot unmarshal \(call["function"]?["arguments"]?.kind == nil ? "nothing" : "value") into Go struct field ToolCallFunction.messages.tool_calls.function.arguments of type api.ToolCallFunctionArguments"
                    }
                    if let id = call["id"], id.stringValue == nil { return "tool call id must be a string" }
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
}

/// The daemon behind ``OllamaWireFake``: its settings and the models installed.
private final class OllamaDaemon: Sendable {
    let installed: Mutex<[String]>
    let capabilities: [String]
    let contextLength: Int
    let fault: OllamaWireFake.Fault?
    let answer: String?
    let usage: (prompt: Int, eval: Int)
    let tools: OllamaWireFake.Tools
    let registry: [String: Int64]
    let pullSteps: Int
    let pullPause: Duration

    init(
        model: String, capabilities: [String], contextLength: Int, fault: OllamaWireFake.Fault?, answer: String?,
        usage: (prompt: Int, eval: Int), tools: OllamaWireFake.Tools, registry: [String: Int64], pullSteps: Int,
        pullPause: Duration
    ) {
        installed = Mutex([model])
        self.capabilities = capabilities
        self.contextLength = contextLength
        self.fault = fault
        self.answer = answer
        self.usage = usage
        self.tools = tools
        self.registry = registry
        self.pullSteps = pullSteps
        self.pullPause = pullPause
    }

    /// The architecture Ollama reports for `model`: its family without the version, "qwen2" for "qwen2.5:0.5b".
    func architecture(_ model: String) -> String {
        String(model.prefix { $0 != ":" && $0 != "." })
    }

    func handle(_ request: LoopbackRequest, _ connection: LoopbackConnection) {
        switch (request.method, request.path) {
        case ("GET", "/api/version"):
            connection.respond(json: #"{"version":"0.12.6"}"#)
        case ("GET", "/api/tags"):
            let models = installed.withLock { $0 }.map {
                #"{"name":"\#($0)","model":"\#($0)","modified_at":"2026-01-01T00:00:00Z","size":397821319,"digest":"a8b0c5157701","details":{"format":"gguf","family":"\#(architecture($0))","parameter_size":"494.03M","quantization_level":"Q4_K_M"}}"#
            }
            connection.respond(json: #"{"models":[\#(models.joined(separator: ","))]}"#)
        case ("POST", "/api/show"):
            let name = OllamaWireFake.tagged(request.json?["model"]?.stringValue ?? "")
            guard installed.withLock({ $0.contains(name) }) else {
                connection.respond(status: 404, json: #"{"error":"model '\#(name)' not found"}"#)
                return
            }
            let family = architecture(name)
            let list = capabilities.map { JSONWriter.quote($0) }.joined(separator: ",")
            connection.respond(
                json:
                    #"{"modelfile":"FROM x","parameters":"","template":"{{ .Prompt }}","details":{"format":"gguf","family":"\#(family)"},"model_info":{"general.architecture":"\#(family)","\#(family).context_length":\#(contextLength),"\#(family).embedding_length":896},"capabilities":[\#(list)]}"#
            )
        case ("POST", "/api/pull"):
            pull(request, connection)
        case ("DELETE", "/api/delete"):
            let name = OllamaWireFake.tagged(request.json?["model"]?.stringValue ?? "")
            let removed = installed.withLock { list -> Bool in
                guard let index = list.firstIndex(of: name) else { return false }
                list.remove(at: index)
                return true
            }
            if removed {
                connection.respond(status: 200)
            } else {
                connection.respond(status: 404, json: #"{"error":"model '\#(name)' not found"}"#)
            }
        case ("POST", "/api/chat"):
            chat(request, connection)
        default:
            connection.respond(status: 404, body: Data("404 page not found".utf8))
        }
    }

    private func pull(_ request: LoopbackRequest, _ connection: LoopbackConnection) {
        let body = request.json
        let name = OllamaWireFake.tagged(body?["model"]?.stringValue ?? body?["name"]?.stringValue ?? "")
        connection.startStream(contentType: "application/x-ndjson")
        connection.send(#"{"status":"pulling manifest"}"# + "\n")
        guard let total = registry[name] else {
            connection.send(#"{"error":"pull model manifest: file does not exist"}"# + "\n")
            connection.endStream()
            return
        }
        if !installed.withLock({ $0.contains(name) }) {
            for step in 0...pullSteps {
                let completed = step == pullSteps ? total : total / Int64(pullSteps) * Int64(step)
                connection.send(
                    #"{"status":"pulling dde5aa3fc5ff","digest":"sha256:dde5aa3fc5ffc17176b5e8bdc82f587b24b2678c6c66101bf7da77af9f7ccdff","total":\#(total),"completed":\#(completed)}"#
                        + "\n")
                connection.pause(pullPause)
            }
        }
        for status in ["verifying sha256 digest", "writing manifest", "success"] {
            connection.send(#"{"status":"\#(status)"}"# + "\n")
        }
        installed.withLock { if !$0.contains(name) { $0.append(name) } }
        connection.endStream()
    }

    private func chat(_ request: LoopbackRequest, _ connection: LoopbackConnection) {
        let model = request.json?["model"]?.stringValue ?? ""
        switch fault {
        case .modelNotFound?:
            connection.respond(status: 404, json: #"{"error":"model '\#(model)' not found"}"#)
            return
        case .rateLimited?:
            connection.respond(status: 429, json: #"{"error":"too many requests"}"#, headers: ["Retry-After": "4"])
            return
        case .serverError?:
            connection.respond(status: 500, json: #"{"error":"llama runner process has terminated: exit status 2"}"#)
            return
        case .stall?:
            connection.stall(for: .seconds(60))
            return
        default: break
        }
        guard let body = request.json else {
            connection.respond(status: 400, json: #"{"error":"invalid character looking for beginning of value"}"#)
            return
        }
        if let problem = OllamaWireFake.problem(in: body) {
            connection.respond(status: 400, json: #"{"error":\#(JSONWriter.quote(problem))}"#)
            return
        }
        guard installed.withLock({ $0.contains(OllamaWireFake.tagged(model)) }) else {
            connection.respond(status: 404, json: #"{"error":"model '\#(model)' not found"}"#)
            return
        }
        let (content, calls) = turn(body)
        let statistics: [(String, GeneratedContent?)] = [
            ("total_duration", .integer(500_000_000)), ("load_duration", .integer(1_000_000)),
            ("prompt_eval_count", .integer(usage.prompt)), ("prompt_eval_duration", .integer(100_000_000)),
            ("eval_count", .integer(usage.eval)), ("eval_duration", .integer(200_000_000)),
        ]
        func chunk(_ text: String, calls: [OllamaWireFake.Call] = [], done: Bool) -> String {
            GeneratedContent.object(
                [
                    ("model", .string(model)), ("created_at", .string("2026-01-01T00:00:01Z")),
                    ("message", message(text, calls: calls)), ("done", .bool(done)),
                    ("done_reason", done ? .string("stop") : nil),
                ] + (done ? statistics : [])
            ).jsonString
        }
        if body["stream"]?.boolValue == false {
            connection.respond(json: chunk(content, calls: calls, done: true))
            return
        }
        connection.startStream(contentType: "application/x-ndjson")
        let middle = content.index(content.startIndex, offsetBy: content.count / 2)
        let halves = [String(content[..<middle]), String(content[middle...])].filter { !$0.isEmpty }
        let chunks =
            halves.map { chunk($0, done: false) }
            + (tools.callsInOwnChunks ? calls.map { [$0] } : calls.isEmpty ? [] : [calls]).map {
                chunk("", calls: $0, done: false)
            }
        for (index, line) in chunks.enumerated() {
            connection.send(line + "\n")
            connection.pause(.milliseconds(index == 0 ? 20 : 5))
            guard index == 0 else { continue }
            if fault == .cutStream {
                connection.send(#"{"model":"\#(model)","message":{"role":"assi"#)
                connection.abort()
                return
            }
            if fault == .errorLine {
                connection.send(#"{"error":"an error was encountered while running the model: unexpected EOF"}"# + "\n")
                connection.endStream()
                return
            }
        }
        connection.send(chunk("", done: true) + "\n")
        connection.endStream()
    }

    /// An assistant `message` with `content` and, when there are any, `tool_calls`.
    private func message(_ content: String, calls: [OllamaWireFake.Call]) -> GeneratedContent {
        let toolCalls = calls.enumerated().map { index, call in
            GeneratedContent.object([
                ("id", call.id.map { .string($0) }),
                (
                    "function",
                    .object([
                        ("index", call.id == nil ? nil : .integer(index)), ("name", .string(call.name)),
                        ("arguments", call.arguments),
                    ])
                ),
            ])
        }
        return .object([
            ("role", .string("assistant")), ("content", .string(content)),
            ("tool_calls", toolCalls.isEmpty ? nil : .array(toolCalls)),
        ])
    }

    /// The model's answer to `body`: its text and its calls.
    private func turn(_ body: GeneratedContent) -> (String, [OllamaWireFake.Call]) {
        if fault == .ignoresFormat { return ("Sure! The answer is yes.", []) }
        if let answer { return (answer, []) }
        let messages = body["messages"]?.elements ?? []
        if messages.last?["role"]?.stringValue == "tool" {
            let outputs = messages.reversed().prefix { $0["role"]?.stringValue == "tool" }.reversed()
            return (tools.answerPrefix + outputs.compactMap { $0["content"]?.stringValue }.joined(separator: " "), [])
        }
        if let first = body["tools"]?.elements?.first?["function"] {
            let calls =
                tools.calls?(body) ?? [
                    OllamaWireFake.Call(
                        name: first["name"]?.stringValue ?? "",
                        arguments: SchemaInstance.minimal(first["parameters"] ?? .object([])))
                ]
            if !calls.isEmpty { return ("", calls) }
        }
        if let format = body["format"], format.orderedProperties != nil {
            return (SchemaInstance.minimal(format).jsonString, [])
        }
        return ("Hello! Here is a tiny greeting card.", [])
    }
}
