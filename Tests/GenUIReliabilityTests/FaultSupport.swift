import Foundation
import GenUI
import GenUIOllama
import GenUIOnDevice
import GenUIOpenAI
import GenUITestSupport
import GenUITesting
import Synchronization
import Testing

/// Where the reliability tests find llama-server and the model: GenUITestSupport's one lookup (``OnDeviceRuntime``).
enum Runtime {
    static var serverPath: String? { OnDeviceRuntime.installed ? OnDeviceRuntime.serverPath : nil }
    static var modelPath: String { OnDeviceRuntime.modelPath }
    static var isCI: Bool { TestEnvironment.isCI }
    static var installed: Bool { OnDeviceRuntime.installed }

    /// Tests needing the runtime run when it is installed, and always under CI (where a missing runtime fails).
    static var shouldRun: Bool { OnDeviceRuntime.enabled }

    /// The runtime's paths; a recorded failure when they are missing.
    static func require(sourceLocation: SourceLocation = #_sourceLocation) throws -> (server: String, model: String) {
        try OnDeviceRuntime.require(sourceLocation: sourceLocation)
        return (OnDeviceRuntime.serverPath, modelPath)
    }

    /// The one on-device model (one llama-server) the whole suite shares.
    static let sharedOnDevice: OnDeviceLanguageModel? = {
        guard let server = serverPath, FileManager.default.fileExists(atPath: modelPath) else { return nil }
        return OnDeviceLanguageModel(
            configuration: OnDeviceConfiguration(
                name: "on-device", modelPath: modelPath, serverPath: server, contextSize: 4096, threads: 1,
                startTimeoutSeconds: 120, requestTimeoutSeconds: 120))
    }()
}

/// How a provider of the fault matrix is broken.
enum BreakMode: String, CaseIterable, Sendable, CustomStringConvertible {
    case notConfigured, refusing, hanging, status500, status429, diesMidStream, invalidOutput

    var description: String { rawValue }

    /// The trace reasons that correctly name this failure for an HTTP provider.
    var httpReasons: Set<String> {
        switch self {
        case .notConfigured: ["notConfigured", "modelNotInstalled"]
        case .refusing: ["unreachable", "transport"]
        case .hanging: ["timedOut"]
        case .status500: ["serverError"]
        case .status429: ["rateLimited"]
        case .diesMidStream: ["transport", "serverError"]
        case .invalidOutput: ["decodingFailure"]
        }
    }

    /// The trace reasons that correctly name this failure for the on-device provider.
    var onDeviceReasons: Set<String> {
        switch self {
        case .notConfigured: ["runtimeMissing", "modelNotInstalled"]
        case .hanging: ["timedOut", "checkTimedOut"]
        case .diesMidStream: ["transport", "serverError"]
        default: []
        }
    }

    /// Whether the mode exists for a local llama-server subprocess (it has no HTTP statuses or output of its own to
    /// fake): missing, stopped with SIGSTOP (hangs), killed with SIGKILL mid-generation.
    var appliesToOnDevice: Bool { !onDeviceReasons.isEmpty }
}

/// A fake OpenAI-compatible or Ollama server whose generation endpoint breaks in a chosen way.
final class FakeModelServer: Sendable {
    enum Flavor: Sendable { case openAI, ollama }

    let flavor: Flavor
    let server: LoopbackHTTPServer
    /// The JSON text a healthy server answers with.
    let answer: String
    private let mode = Mutex<BreakMode?>(nil)

    init(flavor: Flavor, answer: String) throws {
        self.flavor = flavor
        self.answer = answer
        let box = Mutex<FakeModelServer?>(nil)
        server = try LoopbackHTTPServer { request, connection in
            box.withLock { $0 }?.handle(request, connection)
        }
        box.withLock { $0 = self }
    }

    /// The break mode, `nil` for healthy.
    var breakMode: BreakMode? {
        get { mode.withLock { $0 } }
        set { mode.withLock { $0 = newValue } }
    }

    func stop() { server.stop() }

    static let modelName = "fake-model"

    private func handle(_ request: LoopbackRequest, _ connection: LoopbackConnection) {
        switch (request.method, request.path) {
        case ("GET", "/v1/models"):
            connection.respond(json: #"{"object":"list","data":[{"id":"\#(Self.modelName)","object":"model"}]}"#)
        case ("GET", "/api/version"):
            connection.respond(json: #"{"version":"0.12.6"}"#)
        case ("GET", "/api/tags"):
            connection.respond(
                json:
                    #"{"models":[{"name":"\#(Self.modelName)","model":"\#(Self.modelName)","size":1,"digest":"ab","details":{"format":"gguf","family":"llama"}}]}"#
            )
        case ("POST", "/api/show"):
            connection.respond(
                json:
                    #"{"modelfile":"FROM x","parameters":"","template":"{{ .Prompt }}","details":{"format":"gguf","family":"llama"},"model_info":{"general.architecture":"llama","llama.context_length":8192},"capabilities":["completion"]}"#
            )
        case ("POST", "/v1/chat/completions"), ("POST", "/api/chat"):
            generate(request, connection)
        default:
            connection.respond(status: 404, body: Data("404 page not found".utf8))
        }
    }

    private func body(_ text: String) -> String {
        switch flavor {
        case .openAI:
            #"{"id":"c1","object":"chat.completion","model":"\#(Self.modelName)","choices":[{"index":0,"message":{"role":"assistant","content":\#(JSONWriter.quote(text))},"finish_reason":"stop"}],"usage":{"prompt_tokens":9,"completion_tokens":40,"total_tokens":49}}"#
        case .ollama:
            #"{"model":"\#(Self.modelName)","created_at":"2026-01-01T00:00:01Z","message":{"role":"assistant","content":\#(JSONWriter.quote(text))},"done":true,"done_reason":"stop","prompt_eval_count":9,"eval_count":40}"#
        }
    }

    private func generate(_ request: LoopbackRequest, _ connection: LoopbackConnection) {
        switch breakMode {
        case .hanging:
            _ = connection.stall(for: .seconds(30))
        case .status500:
            connection.respond(status: 500, json: #"{"error":{"message":"internal failure","type":"server_error"}}"#)
        case .status429:
            connection.respond(
                status: 429, json: #"{"error":{"message":"slow down","type":"requests"}}"#,
                headers: ["Retry-After": "30"])
        case .diesMidStream:
            let whole = body(answer)
            connection.startStream(contentType: "application/json")
            _ = connection.send(String(whole.prefix(whole.count / 2)))
            _ = connection.pause(.milliseconds(20))
            connection.abort()
        case .invalidOutput:
            connection.respond(json: body("Sure! Here is a nice screen: a title and a button."))
        case .notConfigured, .refusing, nil:
            connection.respond(json: body(answer))
        }
    }
}

/// Sends `signal` to `pid` (a process this test run started).
@discardableResult
func signalProcess(_ pid: Int32, _ signal: Int32) -> Bool { kill(pid, signal) == 0 }

/// The state letter of `/proc/<pid>/stat` ("R", "S", "Z", …), `nil` when the process is gone.
func processState(_ pid: Int32) -> String? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = text.lastIndex(of: ")")
    else { return nil }
    let rest = text[text.index(after: close)...].split(separator: " ")
    return rest.first.map(String.init)
}

/// Whether `pid` still runs: gone or a zombie counts as not running (PID 1 here may not reap orphans).
func processRuns(_ pid: Int32) -> Bool {
    guard let state = processState(pid) else { return false }
    return state != "Z" && state != "X"
}

/// The CPU time `pid` has used so far, in clock ticks (user + system), `nil` when it is gone.
func cpuTicks(_ pid: Int32) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = text.lastIndex(of: ")")
    else { return nil }
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
    return user + system
}

/// The direct children of `pid`, found through `/proc/*/stat` parent ids.
func childProcesses(of pid: Int32) -> [Int32] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
    return entries.compactMap { Int32($0) }.filter { candidate in
        guard let text = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return false }
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count > 1 && Int32(fields[1]) == pid
    }
}
