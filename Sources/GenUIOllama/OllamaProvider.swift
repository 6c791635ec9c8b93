import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP
import Logging
import Synchronization

/// A language model served by an Ollama daemon.
///
/// - Availability (cheap, no generation): a pull this provider started and that is still running is
///   `modelNotReady` with its progress; `GET /api/version` failing is `unreachable`; a model missing from
///   `GET /api/tags` is `modelNotInstalled` (remedy: `ollama pull <model>`, or ``pull()``).
/// - Capabilities: from `POST /api/show` (`capabilities`: tools, vision, thinking…; the context length from
///   `model_info`), cached for ``OllamaConfiguration/capabilityCacheTTL``.
/// - Guided generation: `format` = the JSON schema. Some model runners ignore it, so the output is always validated.
/// - Tool calling (``LanguageModelCapability/toolCalling`` only when `/api/show` lists `tools`): `tools` in the
///   function shape; `message.tool_calls` (whole calls, `arguments` an object, in any chunk of a stream) become
///   ``GenerationResponse/toolCalls``, with genui-made ids when Ollama sends none; earlier calls go back as an
///   assistant turn's `tool_calls`, outputs as `role: tool` messages with `tool_name`.
/// - Errors: `{"error":"…"}` bodies; 404 model → `unavailable(modelNotInstalled)`, 503 busy → rateLimited, others by
///   ``HTTPErrorMapping``; an `{"error":…}` line inside the NDJSON stream is a server error.
public struct OllamaLanguageModel: RoutableModel {
    /// The settings.
    public let configuration: OllamaConfiguration
    /// The client, the key, the checks before a request and the availability preflight, shared with the other HTTP
    /// providers.
    private let http: HTTPProviderCore
    private let state: OllamaState

    /// Creates a provider. `client` defaults to the shared one; `environment` is where the API key variable is
    /// looked up (the process environment by default); `logger` receives a debug line per HTTP request and a warning
    /// for a slow availability check (discarded by default; see docs/observability.md).
    public init(
        configuration: OllamaConfiguration, client: HTTPClient = .shared, environment: ProviderEnvironment = .process,
        logger: Logger = ProviderInstrumentation.disabledLogger
    ) {
        self.configuration = configuration
        http = HTTPProviderCore(configuration, client: client, environment: environment, logger: logger)
        self.state = OllamaState()
    }

    public var name: String { configuration.name }

    /// The configured model (`model:`).
    public var requestedModelName: String? { configuration.model }

    private var endpointDescription: String { HTTPRequest.endpoint(of: configuration.baseURL) }

    public var availability: Availability {
        get async { await http.availability(checkServer(key:)) }
    }

    /// Availability once the key and URL checks passed: a pull under way, then `/api/version`, then `/api/tags`.
    private func checkServer(key: String?) async -> Availability {
        if let pull = state.pullProgress {
            return .unavailable(.modelNotReady(
                progress: pull.fraction,
                detail: HTTPErrorMapping.redact("ollama pull \(configuration.model): \(pull.status)", secrets: currentSecrets())))
        }
        // A pull that `genui models pull --provider ollama` drives in another process.
        if let pull = OllamaPullRecord.live(baseURL: configuration.baseURL, model: configuration.model) {
            return .unavailable(.downloading(pull))
        }
        guard let version = try? await probe("api/version", key: key), version.status == 200 else {
            return .unavailable(.unreachable(endpoint: endpointDescription))
        }
        guard let tags = try? await probe("api/tags", key: key) else {
            return .unavailable(.unreachable(endpoint: endpointDescription))
        }
        switch tags.status {
        case 200:
            let names = WireReading.decode(TagList.self, from: tags.json)?.models?.flatMap { model in
                [model.name, model.model].compactMap { $0 }
            } ?? []
            return OllamaWire.listing(names, contains: configuration.model)
                ? .available : .unavailable(.modelNotInstalled(name: configuration.model))
        case 401, 403: return .unavailable(.unauthorized)
        default: return .unavailable(.unreachable(endpoint: endpointDescription))
        }
    }

    public var supportedCapabilities: Set<LanguageModelCapability> {
        get async { await modelDetails().capabilities }
    }

    /// The model's context window as `/api/show` reports it, when known.
    public var contextLength: Int? {
        get async { await modelDetails().contextLength }
    }

    public func respond(to request: GenerationRequest) async throws -> GenerationResponse {
        do {
            return try await ProviderSupport.completedResponse(from: generate(request, stream: false))
        } catch {
            throw http.attribute(error)
        }
    }

    public func streamResponse(to request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        generate(request, stream: true)
    }

    /// Starts pulling the model (`POST /api/pull`) and reports its progress; while it runs, ``availability`` is
    /// `modelNotReady` with the same progress. The stream ends when the pull succeeds and throws when it fails.
    public func pull() -> AsyncThrowingStream<OllamaPullProgress, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task { await runPull(reportingTo: continuation) }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The body of ``pull()``: posts `/api/pull`, follows its NDJSON progress lines and finishes `continuation`.
    /// (A method rather than a closure body: the release optimizer of Swift 6.3 crashes on the closure form.)
    /// The pull's progress is cleared before the stream finishes, so a caller that checks availability as soon as
    /// the stream ends never sees the pull still under way.
    private func runPull(reportingTo continuation: AsyncThrowingStream<OllamaPullProgress, any Error>.Continuation) async {
        do {
            let key = try http.requestKey()
            state.pullProgress = OllamaPullProgress(status: "starting", completed: nil, total: nil)
            let body = ModelRequest(model: configuration.model, stream: true)
            let response = try await http.client.stream(.postJSON(
                url("api/pull"), body: body, headers: headers(key: key), headTimeout: HTTPRequest.noHeadTimeout,
                totalTimeout: .seconds(24 * 3600)))
            guard response.head.isSuccess else {
                let data = try await response.collect(limit: 1 << 20)
                throw mapError(status: response.head.status, headers: response.head.headers, body: data, key: key)
            }
            var succeeded = false
            for try await line in response.body.lines() {
                guard let progress = try pullProgress(fromLine: line) else { continue }
                state.pullProgress = progress
                continuation.yield(progress)
                if progress.status == "success" { succeeded = true }
            }
            guard succeeded else {
                throw GenUIError.transport(
                    .connectionLost(detail: "pull stream ended early"),
                    .init(debugDescription: "the pull of \(configuration.model) ended before it succeeded"))
            }
            state.pullProgress = nil
            state.invalidateDetails()
            continuation.finish()
        } catch {
            state.pullProgress = nil
            continuation.finish(throwing: http.attribute(error))
        }
    }

    /// One progress line of `/api/pull`: `nil` for a line that is not a JSON object; an error line throws.
    /// (Written over `GeneratedContent.Kind` directly: Swift 6.3's release optimizer crashes on the optional-chained
    /// accessor form of this function.)
    private func pullProgress(fromLine line: String) throws -> OllamaPullProgress? {
        let json: GeneratedContent
        do {
            json = try JSONParser.parse(line)
        } catch {
            return nil
        }
        guard case .structure(let properties, _) = json.kind else { return nil }
        if case .string(let message)? = properties["error"]?.kind {
            let shown = HTTPErrorMapping.clean(message, secrets: currentSecrets())
            throw GenUIError.serverError(
                status: nil, .init(debugDescription: "ollama pull \(configuration.model) failed: \(shown)"))
        }
        var status = ""
        if case .string(let text)? = properties["status"]?.kind {
            status = HTTPErrorMapping.clean(text, secrets: currentSecrets(), limit: 200)
        }
        return OllamaPullProgress(
            status: status, completed: Self.integer(properties["completed"]), total: Self.integer(properties["total"]))
    }

    /// A byte count of a progress line: clamped to `0...Int64.max`, `nil` when it is not a number.
    private static func integer(_ content: GeneratedContent?) -> Int64? {
        guard case .number(let value)? = content?.kind else { return nil }
        return ExternalNumber.integer(value)
    }

    // MARK: - Generation

    private func generate(_ request: GenerationRequest, stream: Bool) -> AsyncThrowingStream<GenerationEvent, any Error> {
        http.stream { continuation in
            try request.options.validate()
            let key = try http.requestKey()
            let clock = ContinuousClock()
            let start = clock.now
            let chat = try HTTPRequest.postJSON(
                url("api/chat"), body: ChatRequest(request, configuration: configuration, stream: stream),
                headers: headers(key: key), headTimeout: HTTPRequest.noHeadTimeout, totalTimeout: configuration.requestTimeout)
            let response = try await http.client.stream(chat)
            guard response.head.isSuccess else {
                let data = try await response.collect(limit: 1 << 20)
                throw mapError(status: response.head.status, headers: response.head.headers, body: data, key: key)
            }
            var text = OutputText()
            var toolCalls = ToolCallAssembly()
            var final: ChatChunk?
            // A non-streamed answer is one line holding the whole output: it may be as long as a body.
            let limits = ResponseLimits.standard
            let lineLimit = stream ? limits.maximumLineBytes : limits.maximumBodyBytes
            for try await line in response.body.lines(maximumLineBytes: lineLimit) {
                let json: GeneratedContent
                do {
                    json = try JSONParser.parse(line)
                } catch {
                    let shown = HTTPErrorMapping.clean(line, secrets: key.map { [$0] } ?? [], limit: 120)
                    throw GenUIError.serverError(
                        status: response.head.status, .init(debugDescription: "Ollama sent a line that is not JSON: \(shown)"))
                }
                let chunk = WireReading.decode(ChatChunk.self, from: json) ?? ChatChunk()
                if let message = chunk.error {
                    throw HTTPErrorMapping.error(
                        status: 500, headers: [:], parsed: .init(message: message), provider: name,
                        secrets: key.map { [$0] } ?? [])
                }
                if let piece = chunk.message?.content, !piece.isEmpty {
                    try text.append(piece)
                    if stream { continuation.yield(.delta(piece)) }
                }
                try OllamaWire.appendToolCalls(chunk.message?.toolCalls, to: &toolCalls)
                if chunk.done == true {
                    final = chunk
                    break
                }
            }
            guard let final else {
                throw GenUIError.transport(
                    .connectionLost(detail: "stream ended early"),
                    .init(debugDescription: "the stream from \(endpointDescription) ended before done:true"))
            }
            let model = final.model ?? configuration.model
            let timings = OllamaWire.timings(final, wall: clock.now - start)
            if !toolCalls.isEmpty {
                // Ollama ends a turn of tool calls with done_reason "stop": the calls make it a tool-call turn.
                continuation.yield(.completed(ProviderSupport.toolCallResponse(
                    calls: try toolCalls.calls(provider: name, tools: request.tools), text: text.text, provider: name,
                    model: model, usage: OllamaWire.usage(final), timings: timings)))
                return
            }
            let result = try ProviderSupport.response(
                text: text.text, schema: request.schema, provider: name, model: model,
                usage: OllamaWire.usage(final), timings: timings,
                finishReason: OllamaWire.finishReason(final.doneReason), guided: true)
            continuation.yield(.completed(result))
        }
    }

    // MARK: - Helpers

    /// The API key as it is now, for masking in anything the provider reports.
    private var currentSecrets: @Sendable () -> [String] { http.secrets }

    private func url(_ path: String) -> URL { http.url(path) }

    private func headers(key: String?) -> [String: String] {
        var headers: [String: String] = ["Accept": "application/json, application/x-ndjson"]
        if let key { headers["Authorization"] = "Bearer \(key)" }
        return headers
    }

    private func probe(_ path: String, key: String?, body: ModelRequest? = nil) async throws -> HTTPResponse {
        var request = http.probeRequest(url(path), headers: headers(key: key))
        if let body {
            request = try .postJSON(
                url(path), body: body, headers: request.headers, headTimeout: request.headTimeout,
                totalTimeout: request.totalTimeout)
        }
        return try await http.client.send(request, bodyLimit: 8 << 20)
    }

    private func modelDetails() async -> OllamaModelDetails {
        if let cached = state.details(maxAge: configuration.capabilityCacheTTL) { return cached }
        let key: String?
        do { key = try http.key.read(provider: name) } catch { return .fallback }
        var details = OllamaModelDetails.fallback
        if let response = try? await probe("api/show", key: key, body: ModelRequest(model: configuration.model)),
            response.status == 200, let show = WireReading.decode(ShowResponse.self, from: response.json)
        {
            details = OllamaModelDetails(show: show)
            state.store(details)
        }
        return details
    }

    private func mapError(status: Int, headers: [String: String], body: Data, key: String?) -> GenUIError {
        let parsed = HTTPErrorMapping.parseErrorBody(body, secrets: key.map { [$0] } ?? [])
        let message = parsed.message ?? ""
        if status == 404 && message.contains("not found") {
            return .unavailable(
                .modelNotInstalled(name: configuration.model),
                .init(provider: name, debugDescription: "\(name): \(message); run `ollama pull \(configuration.model)`"))
        }
        if status == 400 && message.contains("does not support") {
            let capability: LanguageModelCapability =
                message.contains("tools") ? .toolCalling : message.contains("image") || message.contains("vision")
                ? .vision : LanguageModelCapability(rawValue: "chat")
            return .unsupportedCapability(capability, .init(provider: name, debugDescription: "\(name): \(message)"))
        }
        if status == 503 {
            return .rateLimited(
                retryAfter: RetryAfter.parse(headers), .init(provider: name, debugDescription: "\(name): server busy: \(message)"))
        }
        return HTTPErrorMapping.error(
            status: status, headers: headers, parsed: parsed, provider: name, secrets: key.map { [$0] } ?? [])
    }
}

/// How far a pull has come.
public struct OllamaPullProgress: Sendable, Hashable {
    /// Ollama's status line ("pulling manifest", "pulling 6a0746a1ec1a", "verifying sha256 digest", "success").
    public var status: String
    /// Bytes of the current layer downloaded, when reported.
    public var completed: Int64?
    /// Bytes of the current layer in total, when reported.
    public var total: Int64?

    /// Creates a progress report.
    public init(status: String, completed: Int64?, total: Int64?) {
        self.status = status
        self.completed = completed
        self.total = total
    }

    /// `completed / total` in 0...1, when both are known.
    public var fraction: Double? {
        guard let completed, let total, total > 0 else { return nil }
        return min(1, max(0, Double(completed) / Double(total)))
    }
}
