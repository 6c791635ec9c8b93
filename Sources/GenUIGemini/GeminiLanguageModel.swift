import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP
import Logging

/// A Gemini model behind Google's Generative Language API (`generateContent`, `streamGenerateContent?alt=sse`).
///
/// - Availability: a missing API key variable is `notConfigured` without any network call; otherwise
///   `GET {base}/models/{model}`: unreachable, unauthorized (401/403, or 400 `API_KEY_INVALID`), modelNotInstalled
///   (404), rateLimited (429).
/// - Guided generation: `generationConfig.responseMimeType: application/json` + `responseJsonSchema`; the output is
///   validated anyway.
/// - Tools: `functionDeclarations`, `functionCall` and `functionResponse` parts (see ``GeminiToolPlan`` in
///   GeminiWire+Tools.swift); a turn with `functionCall` parts is a response with ``GenerationResponse/toolCalls``.
/// - Errors: `{"error":{"code","message","status"}}` by status (``HTTPErrorMapping``); a 429's
///   `RetryInfo.retryDelay` is the wait; a blocked prompt (`promptFeedback.blockReason`) or a safety finish reason
///   is a guardrail violation.
/// - Context: ``tokenCount(for:)`` asks `POST {base}/models/{model}:countTokens`; ``contextSize`` is the configured
///   window, else the model's `inputTokenLimit` (see GeminiTokenCounting.swift).
public struct GeminiLanguageModel: RoutableModel {
    /// The settings.
    public let configuration: GeminiConfiguration
    /// The client, the key, the checks before a request and the availability probe, shared with the other HTTP
    /// providers.
    let http: HTTPProviderCore
    /// Facts learnt from the API (the model's `inputTokenLimit`), kept for the provider's lifetime.
    let facts = GeminiFacts()
    /// Thought signatures of calls received, and whether the API takes a JSON schema with function calling.
    let toolFacts = GeminiToolFacts()

    /// Creates a provider. `client` defaults to the shared one; `environment` is where the API key variable is
    /// looked up (the process environment by default); `logger` receives a debug line per HTTP request and a warning
    /// for a slow availability check (discarded by default; see docs/observability.md).
    public init(
        configuration: GeminiConfiguration, client: HTTPClient = .shared, environment: ProviderEnvironment = .process,
        logger: Logger = ProviderInstrumentation.disabledLogger
    ) {
        self.configuration = configuration
        http = HTTPProviderCore(configuration, client: client, environment: environment, logger: logger)
    }

    public var name: String { configuration.name }

    /// The configured model (`model:`).
    public var requestedModelName: String? { configuration.model }

    public var availability: Availability {
        get async {
            let model = configuration.model
            let facts = facts
            return await http.availability(probing: modelURL(suffix: ""), headers: headers(key:)) { response in
                // The probe reads the model itself: 404 means this model does not exist. Gemini reports a bad key as
                // a 400, and a 429's wait may be in the body's RetryInfo.
                // The model's description carries its input limit: keep it, so contextSize needs no second request.
                if response.head.isSuccess { facts.record(model: response.json) }
                return switch response.status {
                case 400 where GeminiWire.isInvalidKey(response.body): .unavailable(.unauthorized)
                case 404: .unavailable(.modelNotInstalled(name: model))
                case 429:
                    .unavailable(.rateLimited(
                        retryAfter: RetryAfter.parse(response.head.headers) ?? GeminiWire.retryDelay(response.body)))
                default: nil
                }
            }
        }
    }

    public var supportedCapabilities: Set<LanguageModelCapability> {
        get async {
            Set([.guidedGeneration, .streaming, .seededSampling, .tokenCounting, .toolCalling])
                .union(configuration.extraCapabilities)
        }
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

    private func generate(_ request: GenerationRequest, stream: Bool) -> AsyncThrowingStream<GenerationEvent, any Error> {
        http.stream { continuation in
            try request.options.validate()
            let key = try http.requestKey()
            // A schema with tools: in generationConfig, unless the API has said it takes no JSON schema with function
            // calling; then (at once, and from then on) through an answer function. See GeminiToolPlan.
            let pairable = !request.tools.isEmpty && request.schema != nil
            let answerFunction = pairable && toolFacts.rejectsSchemaWithTools
            do {
                try await attempt(request, key: key, stream: stream, answerFunction: answerFunction, continuation: continuation)
            } catch let error as GenUIError where pairable && !answerFunction && GeminiWire.rejectsSchemaWithTools(error) {
                toolFacts.rejectsSchemaWithTools = true
                try await attempt(request, key: key, stream: stream, answerFunction: true, continuation: continuation)
            }
        }
    }

    private func attempt(
        _ request: GenerationRequest, key: String?, stream: Bool, answerFunction: Bool,
        continuation: AsyncThrowingStream<GenerationEvent, any Error>.Continuation
    ) async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let url = modelURL(suffix: stream ? ":streamGenerateContent" : ":generateContent", query: stream ? "alt=sse" : nil)
        let generation = HTTPRequest.postJSON(
            url,
            json: GeminiWire.body(for: request, model: configuration.model, facts: toolFacts, answerFunction: answerFunction),
            headers: headers(key: key),
            headTimeout: stream ? configuration.connectTimeout : HTTPRequest.noHeadTimeout,
            totalTimeout: configuration.requestTimeout)
        let response = try await http.client.stream(generation)
        guard response.head.isSuccess else {
            let data = try await response.collect(limit: 1 << 20)
            throw mapError(status: response.head.status, headers: response.head.headers, body: data, key: key)
        }
        var collector = GeminiCollector(provider: name, plan: GeminiToolPlan(request: request, answerFunction: answerFunction))
        if stream {
            for try await event in response.body.serverSentEvents() {
                guard let json = try? JSONParser.parse(event.data) else { continue }
                if json["error"] != nil {
                    let parsed = HTTPErrorMapping.parseErrorJSON(json, secrets: key.map { [$0] } ?? [])
                    throw HTTPErrorMapping.error(
                        status: json["error"]?["code"]?.intValue ?? 500, headers: [:], parsed: parsed, provider: name,
                        secrets: key.map { [$0] } ?? [])
                }
                if let delta = try collector.apply(json) { continuation.yield(.delta(delta)) }
            }
        } else {
            let data = try await response.collect(maximum: ResponseLimits.standard.maximumBodyBytes)
            guard let json = try? JSONParser.parse(String(decoding: data, as: UTF8.self)) else {
                throw GenUIError.serverError(
                    status: response.head.status, .init(debugDescription: "the response is not JSON"))
            }
            _ = try collector.apply(json)
        }
        guard let finish = collector.finishReason else {
            throw GenUIError.transport(
                .connectionLost(detail: "stream ended early"),
                .init(debugDescription: "the response from \(HTTPRequest.endpoint(of: url)) ended without a finish reason"))
        }
        let timings = GenerationTimings(totalSeconds: (clock.now - start).seconds)
        let model = collector.model ?? configuration.model
        let calls = try collector.toolCalls()
        guard calls.isEmpty else {
            // Gemini finishes a turn of calls with STOP: the functionCall parts make it a turn of tool calls.
            for (id, signature) in collector.signatures { toolFacts.record(signature: signature, for: id) }
            continuation.yield(.completed(ProviderSupport.toolCallResponse(
                calls: calls, text: collector.text.text, provider: name, model: model, usage: collector.usage,
                timings: timings)))
            return
        }
        let result = try ProviderSupport.response(
            text: collector.answer ?? collector.text.text, schema: request.schema, provider: name, model: model,
            usage: collector.usage, timings: timings, finishReason: GeminiWire.finishReason(finish), guided: true)
        continuation.yield(.completed(result))
    }

    // MARK: - Helpers

    func modelURL(suffix: String, query: String? = nil) -> URL {
        let path = configuration.model.hasPrefix("models/") ? configuration.model : "models/\(configuration.model)"
        var text = configuration.baseURL.absoluteString
        if text.hasSuffix("/") { text.removeLast() }
        text += "/\(path)\(suffix)"
        if let query { text += "?\(query)" }
        return URL(string: text) ?? configuration.baseURL
    }

    func headers(key: String?) -> [String: String] {
        var headers = ["Accept": "application/json, text/event-stream"]
        if let key { headers["x-goog-api-key"] = key }
        return headers
    }

    func mapError(status: Int, headers: [String: String], body: Data, key: String?) -> GenUIError {
        let parsed = HTTPErrorMapping.parseErrorBody(body, secrets: key.map { [$0] } ?? [])
        let detail = parsed.message ?? "no details"
        if status == 400 && GeminiWire.isInvalidKey(body) {
            return .unauthorized(.init(provider: name, debugDescription: "\(name): the API key was rejected: \(detail)"))
        }
        if status == 404 {
            return .unavailable(
                .modelNotInstalled(name: configuration.model),
                .init(provider: name, debugDescription: "\(name): the API does not know the model \(configuration.model): \(detail)"))
        }
        if status == 429 {
            return .rateLimited(
                retryAfter: RetryAfter.parse(headers) ?? GeminiWire.retryDelay(body),
                .init(provider: name, debugDescription: "\(name): HTTP 429 \(parsed.type ?? ""): \(detail)"))
        }
        return HTTPErrorMapping.error(
            status: status, headers: headers, parsed: parsed, provider: name, secrets: key.map { [$0] } ?? [])
    }
}

/// Collects a `GenerateContentResponse`, whole or chunk by chunk: text, `functionCall` parts (bounded by a
/// ``ToolCallAssembly``), the answer function's arguments, finish reason, usage.
struct GeminiCollector {
    let provider: String
    let plan: GeminiToolPlan
    private(set) var text = OutputText()
    private(set) var finishReason: String?
    private(set) var usage = TokenUsage()
    private(set) var model: String?
    /// The answer function's arguments as JSON, when the model called it.
    private(set) var answer: String?
    /// The thought signatures of the calls, by call id.
    private(set) var signatures: [(id: String, signature: String)] = []
    private var calls = ToolCallAssembly()

    init(provider: String, plan: GeminiToolPlan) {
        self.provider = provider
        self.plan = plan
    }

    /// Applies one response (or chunk); returns the text it adds.
    mutating func apply(_ json: GeneratedContent) throws(GenUIError) -> String? {
        if let blocked = json["promptFeedback"]?["blockReason"]?.stringValue {
            throw .guardrailViolation(.init(provider: provider, debugDescription: "\(provider): the prompt was blocked (\(blocked))"))
        }
        model = json["modelVersion"]?.stringValue ?? model
        if let metadata = json["usageMetadata"] {
            usage = TokenUsage(
                promptTokens: metadata["promptTokenCount"]?.intValue ?? usage.promptTokens,
                completionTokens: metadata["candidatesTokenCount"]?.intValue ?? usage.completionTokens)
        }
        guard let candidate = json["candidates"]?.elements?.first else { return nil }
        var added = ""
        for part in candidate["content"]?["parts"]?.elements ?? [] where part["thought"]?.boolValue != true {
            if let call = part["functionCall"] {
                try apply(call: call, signature: part["thoughtSignature"]?.stringValue)
            } else {
                added += part["text"]?.stringValue ?? ""
            }
        }
        try text.append(added)
        if let reason = candidate["finishReason"]?.stringValue {
            finishReason = reason
            if GeminiWire.blockingFinishReasons.contains(reason) {
                throw .guardrailViolation(.init(provider: provider, debugDescription: "\(provider): the output was stopped (\(reason))"))
            }
            if reason == "MALFORMED_FUNCTION_CALL" || reason == "UNEXPECTED_TOOL_CALL" {
                let detail = candidate["finishMessage"]?.stringValue.map { ": \(String($0.prefix(200)))" } ?? ""
                throw .invalidToolCall(
                    tool: "(unknown)", path: "", details: "the model generated a function call the API rejected (\(reason))\(detail)",
                    .init(provider: provider, debugDescription: "\(provider): finish reason \(reason)\(detail)"))
            }
        }
        return added.isEmpty ? nil : added
    }

    /// One `functionCall` part `{id?, name, args}`: the answer function's arguments are the answer; any other call
    /// is a call of a user tool. `args` must be an object (missing is no arguments).
    private mutating func apply(call: GeneratedContent, signature: String?) throws(GenUIError) {
        let name = call["name"]?.stringValue ?? ""
        let arguments = call["args"] ?? GeneratedContent(orderedProperties: [])
        let tool = GeminiWire.toolName(forFunction: name, in: plan.tools)
        guard arguments.orderedProperties != nil || arguments.kind == .null else {
            throw .invalidToolCall(
                tool: tool, path: "",
                details: "the args of a functionCall must be a JSON object; they are \(String(arguments.jsonString.prefix(80)))",
                .init(provider: provider, debugDescription: "\(provider) sent a functionCall of \(tool) whose args are not an object"))
        }
        if plan.isAnswer(name) {
            if answer == nil { answer = arguments.jsonString }
            return
        }
        let id = call["id"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? GeminiWire.makeCallID()
        try calls.appendCall(id: id, name: tool, arguments: arguments)
        if let signature, !signature.isEmpty { signatures.append((id, signature)) }
    }

    /// The calls of the user's tools, in the order they arrived, named as the tools are.
    func toolCalls() throws(GenUIError) -> [Transcript.ToolCall] {
        try calls.calls(provider: provider, tools: plan.tools)
    }
}
