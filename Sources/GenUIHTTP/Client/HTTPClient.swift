import Foundation
import GenUI
import Logging

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The HTTP client every network provider uses: one shared `URLSession` (FoundationNetworking on Linux), a connect
/// timeout on the response head, a total timeout on the whole exchange, body streaming through a
/// `URLSessionDataDelegate`, and transport failures mapped to ``GenUIError``.
///
/// Cancelling the calling task cancels the transfer (the server sees the connection close). A client keeps one
/// session for its whole life: creating sessions per request makes falling past a dead local server slow.
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

    /// The timeouts requests use unless they set their own.
    public let timeouts: Timeouts
    /// Where each request is logged (one debug line when it ends, see ``RequestLog``); discards by default.
    public let logger: Logger
    private let connections: Connections
    /// Strings masked in logged paths (a provider's API key).
    private let secrets: @Sendable () -> [String]
    /// How the provider's base path is logged (its display form), when it has one.
    private let basePath: LoggedBasePath?
    private var session: URLSession { connections.session }
    private var router: TransferRouter { connections.router }

    /// A process-wide client with default timeouts, for providers that are not given one.
    public static let shared = HTTPClient()

    /// Creates a client with its own session.
    public init(
        timeouts: Timeouts = Timeouts(), maximumConnectionsPerHost: Int = 16,
        logger: Logger = ProviderInstrumentation.disabledLogger
    ) {
        self.timeouts = timeouts
        self.logger = logger
        self.secrets = { [] }
        self.basePath = nil
        self.connections = Connections(maximumConnectionsPerHost: maximumConnectionsPerHost)
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

    /// The session and its delegate, shared by a client and the clients made from it with ``logging(to:redacting:)``;
    /// the session is invalidated when the last of them is gone.
    private final class Connections: Sendable {
        let session: URLSession
        let router: TransferRouter

        init(maximumConnectionsPerHost: Int) {
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
            self.router = router
            self.session = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
        }

        deinit {
            session.finishTasksAndInvalidate()
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
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        TraceContextPropagation.inject(into: &urlRequest)
        urlRequest.httpBody = request.body
        let total = request.totalTimeout ?? timeouts.total
        let headTimeout = min(request.headTimeout ?? timeouts.connect, total)
        urlRequest.timeoutInterval = min(total.seconds + 30, 7 * 24 * 3600)

        let (received, bodyContinuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let task = TaskHandle(task: session.dataTask(with: urlRequest))
        let log =
            logger.logLevel <= .debug
            ? RequestLog(request, logger: logger, secrets: secrets(), basePath: basePath) : nil
        let transfer = Transfer(task: task, endpoint: request.endpoint, body: bodyContinuation, log: log)
        // The caller's stream reads on demand and tells the transfer what it read, which bounds what is held unread.
        let reader = PullReader<AsyncThrowingStream<Data, any Error>.Iterator, Data>(received.makeAsyncIterator())
        let body = AsyncThrowingStream<Data, any Error>(unfolding: {
            try await reader.next { chunk in
                guard let chunk else { return [] }
                transfer.consumed(chunk.count)
                return [chunk]
            }
        })
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
