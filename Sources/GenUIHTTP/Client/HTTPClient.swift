import AsyncHTTPClient
import Foundation
import GenUI
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The HTTP client every network provider uses: a connect timeout on the response head, a total timeout on the whole
/// exchange, the body streamed as the caller reads it, redirects never followed, and transport failures mapped to
/// ``GenUIError``.
///
/// It sends through AsyncHTTPClient on SwiftNIO's shared event loops by default (``Transport/asyncHTTPClient``): no
/// thread per request, and a slow reader makes it stop reading from the connection rather than buffer. The
/// `URLSession` transport (FoundationNetworking on Linux, libcurl underneath) remains available as
/// ``Transport/urlSession``; it honours the system's proxy settings, which AsyncHTTPClient does not read.
///
/// Cancelling the calling task cancels the transfer (the server sees the connection close). A client keeps one
/// connection pool for its whole life: creating one per request makes falling past a dead local server slow.
/// Errors it throws are ``GenUIError/transport(_:_:)``, ``GenUIError/timedOut(_:)`` (no provider
/// attributed yet) or `CancellationError`; HTTP error statuses are not errors at this level (see ``HTTPErrorMapping``).
public final class HTTPClient: Sendable {
    /// How long the client waits.
    public struct Timeouts: Sendable, Hashable {
        /// How long to wait for the response head (connecting included).
        public var connect: Duration
        /// How long a whole exchange may take, body included.
        public var total: Duration

        /// Creates timeouts.
        public init(connect: Duration = .seconds(10), total: Duration = .seconds(300)) {
            self.connect = connect
            self.total = total
        }
    }

    /// What sends the requests.
    public enum Transport: Sendable, Hashable {
        /// AsyncHTTPClient on SwiftNIO's shared event loops (the default): what Swift servers use for outbound HTTP
        /// at load (see docs/performance.md, "At server scale").
        case asyncHTTPClient
        /// Foundation's `URLSession` (FoundationNetworking on Linux): follows the system's proxy settings.
        case urlSession
    }

    /// The timeouts requests use unless they set their own.
    public let timeouts: Timeouts
    /// What sends the requests.
    public var transport: Transport {
        switch connections.pool {
        case .asyncHTTPClient: .asyncHTTPClient
        case .urlSession: .urlSession
        }
    }
    /// Where each request is logged (one debug line when it ends, see ``RequestLog``); discards by default.
    public let logger: Logger
    private let connections: Connections
    /// Strings masked in logged paths (a provider's API key).
    private let secrets: @Sendable () -> [String]
    /// How the provider's base path is logged (its display form), when it has one.
    private let basePath: LoggedBasePath?

    /// A process-wide client with default timeouts, for providers that are not given one.
    public static let shared = HTTPClient()

    /// Creates a client with its own connection pool: at most `maximumConnectionsPerHost` connections to one host
    /// (more requests wait for one), sending through `transport`.
    public init(
        timeouts: Timeouts = Timeouts(), maximumConnectionsPerHost: Int = 16, transport: Transport = .asyncHTTPClient,
        logger: Logger = ProviderInstrumentation.disabledLogger
    ) {
        self.timeouts = timeouts
        self.logger = logger
        self.secrets = { [] }
        self.basePath = nil
        self.connections = Connections(
            maximumConnectionsPerHost: max(1, maximumConnectionsPerHost), transport: transport,
            connectTimeout: timeouts.connect)
    }

    private init(
        sharing client: HTTPClient, logger: Logger, secrets: @escaping @Sendable () -> [String],
        basePath: LoggedBasePath?
    ) {
        timeouts = client.timeouts
        connections = client.connections
        self.logger = logger
        self.secrets = secrets
        self.basePath = basePath
    }

    /// A client that sends through this one's session and connections, with its timeouts, and logs each request to
    /// `logger`, with any of `secrets` masked in the path it logs. Providers use it to log under their own name.
    ///
    /// `basePath` says how the provider's base URL path is logged: a value spliced into it from the environment
    /// (`base_url: https://gw/${GW_PATH}/v1`) is logged by its display form (`/${GW_PATH}/v1`), never expanded.
    public func logging(
        to logger: Logger, redacting secrets: @escaping @Sendable () -> [String] = { [] },
        basePath: LoggedBasePath? = nil
    ) -> HTTPClient {
        HTTPClient(sharing: self, logger: logger, secrets: secrets, basePath: basePath)
    }

    /// The connection pool, shared by a client and the clients made from it with ``logging(to:redacting:)``; shut
    /// down when the last of them is gone.
    private final class Connections: Sendable {
        let pool: Pool

        enum Pool: Sendable {
            case asyncHTTPClient(AsyncHTTPClient.HTTPClient)
            case urlSession(URLSessionBox, TransferRouter)
        }

        /// A `URLSession`, which FoundationNetworking does not mark Sendable; it is safe to use from any thread.
        struct URLSessionBox: @unchecked Sendable {
            let session: URLSession
        }

        init(maximumConnectionsPerHost: Int, transport: Transport, connectTimeout: Duration) {
            switch transport {
            case .asyncHTTPClient:
                var configuration = AsyncHTTPClient.HTTPClient.Configuration()
                configuration.connectionPool = .init(
                    idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: maximumConnectionsPerHost)
                // A refused connection fails the request at once (the chain moves on), instead of being retried
                // with backoff until the connect timeout.
                configuration.connectionPool.retryConnectionEstablishment = false
                configuration.redirectConfiguration = .disallow
                configuration.timeout.connect = .init(connectTimeout)
                configuration.decompression = .disabled
                pool = .asyncHTTPClient(
                    AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration))
            case .urlSession:
                let (session, router) = Self.makeSession(maximumConnectionsPerHost: maximumConnectionsPerHost)
                pool = .urlSession(URLSessionBox(session: session), router)
            }
        }

        private static func makeSession(maximumConnectionsPerHost: Int) -> (URLSession, TransferRouter) {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            configuration.httpShouldSetCookies = false
            // The client enforces its own deadlines; the session's must never fire first.
            configuration.timeoutIntervalForRequest = 7 * 24 * 3600
            configuration.timeoutIntervalForResource = 7 * 24 * 3600
            configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
            let router = TransferRouter()
            return (URLSession(configuration: configuration, delegate: router, delegateQueue: nil), router)
        }

        deinit {
            switch pool {
            case .asyncHTTPClient(let client): client.shutdown { _ in }
            case .urlSession(let box, _): box.session.finishTasksAndInvalidate()
            }
        }
    }

    /// Sends `request` and reads the whole body. A body longer than `bodyLimit` bytes (16 MiB unless given, see
    /// ``ResponseLimits/maximumBodyBytes``) is ``GenUIError/responseTooLarge(limit:_:)`` — except for an
    /// error status, whose body is only read for its message: it is cut at `bodyLimit`.
    public func send(
        _ request: HTTPRequest, bodyLimit: Int = ResponseLimits.standard.maximumBodyBytes
    ) async throws -> HTTPResponse {
        let streaming = try await stream(request)
        let body =
            streaming.head.isSuccess
            ? try await streaming.collect(maximum: bodyLimit) : try await streaming.collect(limit: bodyLimit)
        return HTTPResponse(head: streaming.head, body: body)
    }

    /// Sends `request` and returns as soon as the response head arrives; the body follows as a stream.
    ///
    /// The total timeout keeps running while the body is read. Abandoning the body (ending iteration, dropping the
    /// stream, cancelling the task) cancels the transfer.
    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        try Task.checkCancellation()
        let total = request.totalTimeout ?? timeouts.total
        let headTimeout = min(request.headTimeout ?? timeouts.connect, total)
        let log =
            logger.logLevel <= .debug
            ? RequestLog(request, logger: logger, secrets: secrets(), basePath: basePath) : nil
        switch connections.pool {
        case .asyncHTTPClient(let client):
            return try await NIOExchange.stream(
                request, client: client, headTimeout: headTimeout, total: total, log: log)
        case .urlSession(let box, let router):
            return try await stream(
                request, session: box.session, router: router, headTimeout: headTimeout, total: total, log: log)
        }
    }

    private func stream(
        _ request: HTTPRequest, session: URLSession, router: TransferRouter, headTimeout: Duration, total: Duration,
        log: RequestLog?
    ) async throws -> HTTPStreamingResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        TraceContextPropagation.inject(into: &urlRequest)
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = min(total.seconds + 30, 7 * 24 * 3600)

        let (received, bodyContinuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let task = TaskHandle(task: session.dataTask(with: urlRequest))
        let transfer = Transfer(task: task, endpoint: request.endpoint, body: bodyContinuation, log: log)
        let body = HTTPStreamingResponse.body(readingOnDemand: received) { transfer.consumed($0) }
        bodyContinuation.onTermination = { termination in
            if case .cancelled = termination { transfer.abandon() }
        }
        router.register(transfer, for: task.identifier)
        transfer.startWatchdog(headTimeout: headTimeout, total: total)

        let head = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<HTTPResponseHead, any Error>) in
                transfer.awaitHead(continuation)
            }
        } onCancel: {
            transfer.cancelByCaller()
        }
        return HTTPStreamingResponse(head: head, body: body)
    }
}

/// A URLSession task, which FoundationNetworking does not mark Sendable; only `cancel` and `resume` are used.
struct TaskHandle: @unchecked Sendable {
    let task: URLSessionDataTask

    var identifier: Int { task.taskIdentifier }
    func resume() { task.resume() }
    func cancel() { task.cancel() }
}
