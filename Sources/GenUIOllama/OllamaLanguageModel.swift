import Foundation
@_spi(Reading) import GenUI
import GenUIHTTP
import Logging

/// A language model served by an Ollama daemon.
///
/// - Availability (cheap, no generation): a pull this provider started and that is still running is
///   `modelNotReady` with its progress; `GET /api/version` failing is `unreachable`; a model missing from
///   `GET /api/tags` is `modelNotInstalled` (remedy: `ollama pull <model>`, or ``pull()``).
/// - Capabilities: from `POST /api/show` (`capabilities`: tools, vision, thinking…; the context length from
///   `model_info`), cached for ``OllamaConfiguration/capabilityCacheTTL``.
/// - Guided generation: `format` = the JSON schema. Some model runners ignore it, so the output is always validated.
/// - Tool calling (`LanguageModelCapability.toolCalling` only when `/api/show` lists `tools`): `tools` in the
///   function shape; `message.tool_calls` (whole calls, `arguments` an object, in any chunk of a stream) become
///   `GenerationResponse.toolCalls`, with genui-made ids when Ollama sends none; earlier calls go back as an
///   assistant turn's `tool_calls`, outputs as `role: tool` messages with `tool_name`.
/// - Errors: `{"error":"…"}` bodies; 404 model → `unavailable(modelNotInstalled)`, 503 busy → rateLimited, others by
///   `HTTPErrorMapping`; an `{"error":…}` line inside the NDJSON stream is a server error.
///
/// Its executor, ``OllamaExecutor``, does the chat requests; the model holds the settings, answers availability and
/// capabilities, and pulls.
public struct OllamaLanguageModel: RoutableModel {
    /// The executor that speaks `/api/chat`.
    public typealias Executor = OllamaExecutor

    /// The settings.
    public let configuration: OllamaConfiguration
    /// The client, the key, the checks before a request and the availability preflight, shared with the other HTTP
    /// providers.
    let http: HTTPProviderCore
    let state: OllamaState

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

    var endpointDescription: String { HTTPRequest.endpoint(of: configuration.baseURL) }

    public var availability: Availability {
        get async { await http.availability(checkServer(key:)) }
    }

    /// Availability once the key and URL checks passed: a pull under way, then `/api/version`, then `/api/tags`.
    private func checkServer(key: String?) async -> Availability {
        if let pull = state.pullProgress {
            return .unavailable(
                .modelNotReady(
                    progress: pull.fraction,
                    detail: HTTPErrorMapping.redact(
                        "ollama pull \(configuration.model): \(pull.status)", secrets: currentSecrets())))
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
            let names =
                WireReading.decode(TagList.self, from: tags.json)?.models?.flatMap { model in
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

    // MARK: - Helpers

    /// The API key as it is now, for masking in anything the provider reports.
    var currentSecrets: @Sendable () -> [String] { http.secrets }

    func url(_ path: String) -> URL { http.url(path) }

    func headers(key: String?) -> [String: String] {
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

    func mapError(status: Int, headers: [String: String], body: Data, key: String?) -> GenUIError {
        let parsed = HTTPErrorMapping.parseErrorBody(body, secrets: key.map { [$0] } ?? [])
        let message = parsed.message ?? ""
        if status == 404 && message.contains("not found") {
            return .unavailable(
                .modelNotInstalled(name: configuration.model),
                .init(provider: name, debugDescription: "\(name): \(message); run `ollama pull \(configuration.model)`")
            )
        }
        if status == 400 && message.contains("does not support") {
            let capability: LanguageModelCapability =
                message.contains("tools")
                ? .toolCalling
                : message.contains("image") || message.contains("vision")
                    ? .vision : LanguageModelCapability(rawValue: "chat")
            return .unsupportedCapability(capability, .init(provider: name, debugDescription: "\(name): \(message)"))
        }
        if status == 503 {
            return .rateLimited(
                retryAfter: RetryAfter.parse(headers),
                .init(provider: name, debugDescription: "\(name): server busy: \(message)"))
        }
        return HTTPErrorMapping.error(
            status: status, headers: headers, parsed: parsed, provider: name, secrets: key.map { [$0] } ?? [])
    }
}
