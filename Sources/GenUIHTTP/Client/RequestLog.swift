import Foundation
import GenUI
import Logging

/// The debug line ``HTTPClient`` writes when a request ends: method, path, status, sizes and duration.
///
/// Made only when the client's logger writes debug lines. It never holds the URL's scheme, host, port, user, query or
/// fragment, a header, or a body: the path alone, with the provider's API key masked should a server's path ever
/// carry it (see docs/observability.md).
struct RequestLog: Sendable {
    let logger: Logger
    let method: String
    let path: String
    let requestBytes: Int
    let started: ContinuousClock.Instant

    init(_ request: HTTPRequest, logger: Logger, secrets: [String], basePath: LoggedBasePath? = nil) {
        self.logger = logger
        method = request.method
        path = Self.path(of: request.url, secrets: secrets, basePath: basePath)
        requestBytes = request.body?.count ?? 0
        started = .now
    }

    /// The URL's path alone (percent-encoded as sent), `secrets` masked and the provider's base path in its display
    /// form; `/` for none.
    static func path(of url: URL, secrets: [String], basePath: LoggedBasePath? = nil) -> String {
        var path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        if let basePath { path = basePath.shown(path) }
        let masked = Redaction.clean(path, secrets: secrets)
        return masked.isEmpty ? "/" : masked
    }

    /// Logs the end of the exchange: `status` is `nil` when no response head arrived; `failure` the error that ended
    /// it, if any.
    func finished(status: Int?, receivedBytes: Int, failure: (any Error)?) {
        var metadata: Logger.Metadata = [
            HTTPLogKey.method: .string(method),
            HTTPLogKey.path: .string(path),
            HTTPLogKey.requestBytes: .stringConvertible(requestBytes),
            HTTPLogKey.responseBytes: .stringConvertible(receivedBytes),
            HTTPLogKey.seconds: .stringConvertible((ContinuousClock.now - started).seconds),
        ]
        if let status { metadata[HTTPLogKey.status] = .stringConvertible(status) }
        guard let failure else {
            logger.debug("http request finished", metadata: metadata)
            return
        }
        metadata[HTTPLogKey.errorType] = .string(ProviderInstrumentation.errorType(failure))
        logger.debug("http request failed", metadata: metadata)
    }
}

/// The log metadata keys of HTTP requests, OpenTelemetry's HTTP names where one exists.
enum HTTPLogKey {
    static let method = "http.request.method"
    static let path = "url.path"
    static let status = "http.response.status_code"
    static let requestBytes = "http.request.body.size"
    static let responseBytes = "http.response.body.size"
    static let seconds = "genui.seconds"
    static let errorType = "error.type"
}
