import Foundation
import GenUI
import GenUIHTTP

/// A Gemini model behind Google's Generative Language API (`generateContent`, `streamGenerateContent?alt=sse`).
///
/// - Availability: a missing API key variable is `notConfigured` without any network call; otherwise
///   `GET {base}/models/{model}`: unreachable, unauthorized (401/403, or 400 `API_KEY_INVALID`), modelNotInstalled
///   (404), rateLimited (429).
/// - Guided generation: `generationConfig.responseMimeType: application/json` + `responseJsonSchema`; the output is
///   validated anyway.
/// - Errors: `{"error":{"code","message","status"}}` by status (``HTTPErrorMapping``); a 429's
///   `RetryInfo.retryDelay` is the wait; a blocked prompt (`promptFeedback.blockReason`) or a safety finish reason
///   is a guardrail violation.
/// - Context: ``tokenCount(for:)`` asks `POST {base}/models/{model}:countTokens`; ``contextSize`` is the configured
///   window, else the model's `inputTokenLimit` (see GeminiTokenCounting.swift).
public struct GeminiProvider: LanguageModel {
    /// The settings.
    public let configuration: GeminiConfiguration
    /// The client, the key, the checks before a request and the availability probe, shared with the other HTTP
    /// providers.
    let http: HTTPProviderCore
    /// Facts learnt from the API (the model's `inputTokenLimit`), kept for the provider's lifetime.
    let facts = GeminiFacts()

    /// Creates a provider. `client` defaults to the shared one; `environment` is where the API key variable is
    /// looked up (the process environment by default).
    public init(configuration: GeminiConfiguration, client: HTTPClient = .shared, environment: ProviderEnvironment = .process) {
        self.configuration = configuration
        http = HTTPProviderCore(configuration, client: client, environment: environment)
    }

    public var name: String { configuration.name }

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

    public var capabilities: Set<LanguageModelCapability> {
        get async { Set([.guidedGeneration, .streaming, .seededSampling, .tokenCounting]).union(configuration.extraCapabilities) }
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
            let clock = ContinuousClock()
            let start = clock.now
            let url = modelURL(suffix: stream ? ":streamGenerateContent" : ":generateContent", query: stream ? "alt=sse" : nil)
            let generation = HTTPRequest.postJSON(
                url, json: GeminiWire.body(for: request), headers: headers(key: key),
                headTimeout: stream ? configuration.connectTimeout : HTTPRequest.noHeadTimeout,
                totalTimeout: configuration.requestTimeout)
            let response = try await http.client.stream(generation)
            guard response.head.isSuccess else {
                let data = try await response.collect(limit: 1 << 20)
                throw mapError(status: response.head.status, headers: response.head.headers, body: data, key: key)
            }
            var collector = GeminiCollector(provider: name)
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
                    throw LanguageModelError.serverError(
                        status: response.head.status, .init(debugDescription: "the response is not JSON"))
                }
                _ = try collector.apply(json)
            }
            guard let finish = collector.finishReason else {
                throw LanguageModelError.transport(
                    .connectionLost(detail: "stream ended early"),
                    .init(debugDescription: "the response from \(HTTPRequest.endpoint(of: url)) ended without a finish reason"))
            }
            let result = try ProviderSupport.response(
                text: collector.text.text, schema: request.schema, provider: name, model: collector.model ?? configuration.model,
                usage: collector.usage, timings: GenerationTimings(totalSeconds: (clock.now - start).seconds),
                finishReason: GeminiWire.finishReason(finish), guided: true)
            continuation.yield(.completed(result))
        }
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

    func mapError(status: Int, headers: [String: String], body: Data, key: String?) -> LanguageModelError {
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

/// Collects a `GenerateContentResponse`, whole or chunk by chunk.
struct GeminiCollector {
    let provider: String
    private(set) var text = OutputText()
    private(set) var finishReason: String?
    private(set) var usage = TokenUsage()
    private(set) var model: String?

    init(provider: String) { self.provider = provider }

    /// Applies one response (or chunk); returns the text it adds.
    mutating func apply(_ json: GeneratedContent) throws(LanguageModelError) -> String? {
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
            added += part["text"]?.stringValue ?? ""
        }
        try text.append(added)
        if let reason = candidate["finishReason"]?.stringValue {
            finishReason = reason
            if GeminiWire.blockingFinishReasons.contains(reason) {
                throw .guardrailViolation(.init(provider: provider, debugDescription: "\(provider): the output was stopped (\(reason))"))
            }
        }
        return added.isEmpty ? nil : added
    }
}
