import Foundation
import GenUI
import GenUIHTTP

/// Settings of an ``OllamaLanguageModel``.
public struct OllamaConfiguration: Sendable, Hashable {
    /// The provider's name in `providers.yml`.
    public var name: String
    /// The server, resolved from `OLLAMA_HOST` conventions (see ``resolveHost(_:)``).
    public var baseURL: URL
    /// ``baseURL`` as it may be shown or logged (`${NAME}` where a variable was spliced in); `nil` shows it as is.
    public var displayBaseURL: String? = nil
    /// The model tag (`qwen2.5:0.5b`; a name without a tag means `:latest`).
    public var model: String
    /// How long the server keeps the model loaded after a request (`"5m"`, `"3600"`, `"-1"` = forever).
    public var keepAlive: String?
    /// The context window to load the model with (`num_ctx`); `nil` keeps the server's default.
    public var contextLength: Int?
    /// The environment variable holding a bearer token for an authenticating proxy; `nil` for a plain daemon.
    public var apiKeyEnvironmentVariable: String?
    /// How long one generation may take (model loading included).
    public var requestTimeout: Duration
    /// How long each availability or capability probe may take.
    public var availabilityTimeout: Duration
    /// How long discovered capabilities are reused.
    public var capabilityCacheTTL: Duration
    /// Allow plain http to a non-loopback host.
    public var allowInsecure: Bool

    /// Creates a configuration. `host` follows `OLLAMA_HOST` conventions; `nil` reads `OLLAMA_HOST`, then falls back
    /// to `http://127.0.0.1:11434`.
    public init(
        name: String = "ollama", host: String? = nil, model: String, keepAlive: String? = nil,
        contextLength: Int? = nil, apiKeyEnvironmentVariable: String? = nil, requestTimeout: Duration = .seconds(300),
        availabilityTimeout: Duration = .seconds(2), capabilityCacheTTL: Duration = .seconds(300),
        allowInsecure: Bool = false
    ) {
        self.name = name
        let text = host ?? ProcessInfo.processInfo.environment["OLLAMA_HOST"] ?? ""
        self.baseURL = Self.resolveHost(text)
        self.model = model
        self.keepAlive = keepAlive
        self.contextLength = contextLength
        self.apiKeyEnvironmentVariable = apiKeyEnvironmentVariable
        self.requestTimeout = requestTimeout
        self.availabilityTimeout = availabilityTimeout
        self.capabilityCacheTTL = capabilityCacheTTL
        self.allowInsecure = allowInsecure
    }

    /// Resolves an `OLLAMA_HOST` value: empty means `http://127.0.0.1:11434`; a missing scheme means http; a
    /// missing port means 11434 without a scheme, and the scheme's default (80/443) with one; `0.0.0.0` (listen on
    /// all interfaces) means connect to loopback.
    public static func resolveHost(_ text: String) -> URL {
        var value = text.trimmingCharacters(in: .whitespaces)
        if value.isEmpty { value = "127.0.0.1" }
        var scheme = "http"
        var explicitScheme = false
        if let range = value.range(of: "://") {
            scheme = value[..<range.lowerBound].lowercased()
            value = String(value[range.upperBound...])
            explicitScheme = true
        }
        var hostPort = value
        var path = ""
        if let slash = value.firstIndex(of: "/") {
            hostPort = String(value[..<slash])
            path = String(value[slash...]).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        }
        var host = hostPort
        var port: String?
        if hostPort.hasPrefix("["), let close = hostPort.firstIndex(of: "]") {
            host = String(hostPort[...close])
            let rest = hostPort[hostPort.index(after: close)...]
            if rest.hasPrefix(":") { port = String(rest.dropFirst()) }
        } else if let colon = hostPort.lastIndex(of: ":"), hostPort.filter({ $0 == ":" }).count == 1 {
            host = String(hostPort[..<colon])
            port = String(hostPort[hostPort.index(after: colon)...])
        }
        if host.isEmpty || host == "0.0.0.0" { host = "127.0.0.1" }
        if host == "[::]" { host = "[::1]" }
        let resolvedPort =
            port.flatMap { $0.isEmpty ? nil : $0 }
            ?? (explicitScheme ? (scheme == "https" ? "443" : "80") : "11434")
        let suffix = path.isEmpty ? "" : "/" + path
        return URL(string: "\(scheme)://\(host):\(resolvedPort)\(suffix)")
            ?? URL(validLiteral: "http://127.0.0.1:11434")
    }
}

/// The fields ``HTTPProviderCore`` reads: name, base URL, key variable, `allowInsecure`, availability timeout.
extension OllamaConfiguration: HTTPProviderSettings {}
