import Foundation
import GenUI
import Logging

/// The settings every HTTP provider's configuration has, which ``HTTPProviderCore`` reads.
///
/// A provider's configuration conforms by having these fields (`extension MyConfiguration: HTTPProviderSettings {}`).
public protocol HTTPProviderSettings: Sendable {
    /// The provider's name in `providers.yml`.
    var name: String { get }
    /// The server's root URL.
    var baseURL: URL { get }
    /// The environment variable holding the API key; `nil` for servers that need none.
    var apiKeyEnvironmentVariable: String? { get }
    /// Allow plain http to a non-loopback host.
    var allowInsecure: Bool { get }
    /// How long each availability probe may take.
    var availabilityTimeout: Duration { get }
    /// ``baseURL`` as it may be shown or logged: a value spliced into it from the environment appears by its name
    /// (`https://gw/${GW_PATH}/v1`). `nil` when the URL itself may be shown.
    var displayBaseURL: String? { get }
}

extension HTTPProviderSettings {
    /// No display form: the base URL holds nothing from the environment.
    public var displayBaseURL: String? { nil }
}

/// What every HTTP provider does the same way, held by each provider: the client and the API key's lookup, the key
/// and endpoint checks before any request, the availability probe, and errors attributed to the provider with the
/// key masked.
///
/// A provider keeps one (`let http: HTTPProviderCore`) made from its configuration in its initializer, and adds only
/// what its API does differently: its paths, headers, bodies and error bodies.
public struct HTTPProviderCore: Sendable {
    /// The provider's name, which errors are attributed to.
    public let name: String
    /// The server's root URL.
    public let baseURL: URL
    /// Allow plain http to a non-loopback host.
    public let allowInsecure: Bool
    /// How long each availability probe may take.
    public let availabilityTimeout: Duration
    /// The HTTP client requests go through: the one given, logging to ``logger``.
    public let client: HTTPClient
    /// Where the API key is read, each time it is needed.
    public let key: APIKeyReference
    /// The provider's logger, its metadata extended with `genui.provider`: a debug line per HTTP request (through
    /// ``client``) and a warning for a slow availability check.
    public let logger: Logger

    /// Takes the shared settings of `settings`; `client` sends the requests, `environment` is where the API key
    /// variable is looked up, `logger` receives the provider's lines (discarded by default).
    public init(
        _ settings: some HTTPProviderSettings, client: HTTPClient, environment: ProviderEnvironment,
        logger: Logger = ProviderInstrumentation.disabledLogger
    ) {
        name = settings.name
        baseURL = settings.baseURL
        allowInsecure = settings.allowInsecure
        availabilityTimeout = settings.availabilityTimeout
        let key = APIKeyReference(settings.apiKeyEnvironmentVariable, environment: environment)
        self.key = key
        var logger = logger
        // `warning` is the most severe line written here: a logger above it gets no metadata and no logging client.
        if logger.logLevel <= .warning {
            logger[metadataKey: ProviderLogKey.provider] = .string(settings.name)
            let basePath = settings.displayBaseURL.flatMap { LoggedBasePath(baseURL: settings.baseURL, display: $0) }
            self.client = client.logging(to: logger, redacting: key.secrets, basePath: basePath)
        } else {
            self.client = client
        }
        self.logger = logger
    }

    /// The API key as it is when called, for masking in anything the provider reports.
    public var secrets: @Sendable () -> [String] { key.secrets }

    /// `baseURL` with `path` appended.
    public func url(_ path: String) -> URL { baseURL.appendingPathComponent(path) }

    // MARK: - Before a request

    /// The checks before every request: the key is set (throws `unavailable(notConfigured)` when its variable is
    /// unset or empty) and `baseURL` may be used (throws `invalidRequest` for plain http to a remote host without
    /// `allowInsecure`). Returns the key, `nil` when none is configured.
    public func requestKey() throws(GenUIError) -> String? {
        let key = try key.read(provider: name)
        try EndpointPolicy.check(baseURL, allowInsecure: allowInsecure, provider: name)
        return key
    }

    /// The same checks as ``requestKey()`` without throwing and without any network call: the key, or the reason
    /// the provider is unavailable.
    public func preflight() -> APIKeyReference.Preflight {
        key.preflight(baseURL: baseURL, allowInsecure: allowInsecure, provider: name)
    }

    // MARK: - Availability

    /// Availability as every HTTP provider answers it: the ``preflight()`` reason when the key or URL is missing
    /// (no network call), else whatever `check` answers with the key.
    ///
    /// A check that takes half the availability timeout or longer is logged as a warning (`availability check slow`).
    public func availability(_ check: (_ key: String?) async -> Availability) async -> Availability {
        switch preflight() {
        case .ready(let key):
            let started = ContinuousClock.now
            let answer = await check(key)
            let elapsed = ContinuousClock.now - started
            if elapsed >= availabilityTimeout / 2, logger.logLevel <= .warning {
                logger.warning(
                    "availability check slow",
                    metadata: [
                        ProviderLogKey.seconds: .stringConvertible(elapsed.seconds),
                        ProviderLogKey.limit: .stringConvertible(availabilityTimeout.seconds),
                        ProviderLogKey.status: .string(ProviderLogKey.code(of: answer)),
                    ])
            }
            return answer
        case .unavailable(let reason):
            return .unavailable(reason)
        }
    }

    /// Availability from one request: ``preflight()``, then a GET of `url` with `headers(key)` bounded by the
    /// availability timeout, read by ``AvailabilityProbe/run(_:client:baseURL:secrets:rateLimitStatuses:special:)``
    /// (`special` reads first what only the provider's API says).
    public func availability(
        probing url: URL, headers: (_ key: String?) -> [String: String], rateLimitStatuses: Set<Int> = [429],
        special: (HTTPResponse) -> Availability? = { _ in nil }
    ) async -> Availability {
        await availability { key in
            await AvailabilityProbe.run(
                probeRequest(url, headers: headers(key)), client: client, baseURL: baseURL, secrets: secrets(),
                rateLimitStatuses: rateLimitStatuses, special: special)
        }
    }

    /// A GET of `url` bounded by the availability timeout, for a probe.
    public func probeRequest(_ url: URL, headers: [String: String]) -> HTTPRequest {
        HTTPRequest(url: url, headers: headers, headTimeout: availabilityTimeout, totalTimeout: availabilityTimeout)
    }

    // MARK: - Context window

    /// The context window configured in `providers.yml` (`context:`), for a provider whose API reports none; throws
    /// ``UnavailableReason/notConfigured(missing:)`` (`context`) when it is not configured, so the chain does not
    /// check the member's window.
    public func configuredContextSize(_ size: Int?) throws(GenUIError) -> Int {
        guard let size, size > 0 else {
            throw GenUIError.unavailable(
                .notConfigured(missing: "context"),
                .init(
                    provider: name,
                    debugDescription: "\(name): no context window is configured (context: in providers.yml)"))
        }
        return size
    }

    // MARK: - Errors

    /// `error` as the provider reports it (``ProviderSupport/attribute(_:to:redacting:)``): attributed to the
    /// provider, the key masked.
    public func attribute(_ error: any Error) -> any Error {
        ProviderSupport.attribute(error, to: name, redacting: secrets())
    }
}
