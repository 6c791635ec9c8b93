#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Foundation
import GenUI
import GenUIHTTP

/// The HTTP exchanges of one download: a `URLSession` of its own (FoundationNetworking on Linux) whose delegate hands
/// each body chunk straight to the download's sink, on the session's serial delegate queue.
///
/// Why not ``HTTPClient``'s body stream: that stream carries every chunk (16 KiB from libcurl) from the delegate
/// queue through an `AsyncThrowingStream` to a reading task, a second thread hop per chunk, and the session's
/// callbacks do not wait for the reader: a reader slower than the network lets chunks pile up in memory. Here the
/// chunk is written inside the callback that delivers it, and the delegate queue is a ``BoundedDelegateQueue``:
/// FoundationNetworking queues one operation per chunk and never waits for the delegate, so the queue makes
/// libcurl's thread wait instead while too many chunks are queued. libcurl then stops reading the socket and TCP
/// flow control slows the server: memory stays flat however fast the network is.
///
/// Redirects are never followed by the session (``ModelDownloader`` follows them itself, deciding where the
/// credential may go). The head is delivered before any body byte reaches the sink. FoundationNetworking does not
/// wait for the delegate's response disposition (body chunks follow the head on the delegate queue at once), so the
/// chunks that arrive before ``DownloadExchange/receive(into:)`` attaches the sink are held — in memory up to
/// ``DownloadExchange/earlyMemoryBytes``, then in an unnamed file in the download's folder (``EarlySpill``) — and go
/// to the sink first, even when the transfer failed after them (a cut: the bytes that came are the file's, kept for
/// the resume). The delegate queue never waits for the caller to attach its sink: attaching needs a thread of the
/// cooperative pool, which a busy process may keep for seconds, and while the delegate queue waits, libcurl's thread
/// waits too — which stalled every other transfer of the process.
final class DownloadSession: Sendable {
    private let session: URLSession
    private let router: DownloadSessionRouter
    /// Where bytes received before a sink is attached go beyond memory (the download's folder).
    private let spillFolder: String

    init(spillFolder: String = NSTemporaryDirectory()) {
        self.spillFolder = spillFolder
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        // The downloader enforces its own deadlines (head timeout, stall watchdog); the session's must never fire.
        configuration.timeoutIntervalForRequest = 7 * 24 * 3600
        configuration.timeoutIntervalForResource = 7 * 24 * 3600
        let queue = BoundedDelegateQueue(limit: BoundedDelegateQueue.defaultLimit)
        let router = DownloadSessionRouter()
        self.router = router
        self.session = URLSession(configuration: configuration, delegate: router, delegateQueue: queue)
    }

    /// Ends the session once its exchanges have completed (the session holds its delegate until then).
    func invalidate() {
        session.finishTasksAndInvalidate()
    }

    /// Sends `GET url` with `headers` and waits (at most `headTimeout`) for the response head. Throws
    /// ``GenUIError`` for a transport failure, or `CancellationError`. With `declaredBytes` (the file's
    /// declared size), a body that arrives before the sink larger than that stops the exchange with
    /// ``ModelDownloadError/oversized(expected:received:)``: the bytes held early never exceed the file.
    func open(
        url: URL, headers: [String: String], headTimeout: Duration, declaredBytes: Int64? = nil
    ) async throws -> DownloadExchange {
        try Task.checkCancellation()
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.cachePolicy = .reloadIgnoringLocalCacheData
        request.timeoutInterval = 7 * 24 * 3600
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: request)
        let exchange = DownloadExchange(
            task: DataTaskHandle(task: task), endpoint: HTTPRequest.endpoint(of: url), spillFolder: spillFolder,
            declaredBytes: declaredBytes)
        router.register(exchange, for: task.taskIdentifier)
        try await exchange.awaitHead(timeout: headTimeout)
        return exchange
    }
}

/// A URLSession task, which FoundationNetworking does not mark Sendable; only `resume` and `cancel` are used.
struct DataTaskHandle: @unchecked Sendable {
    let task: URLSessionDataTask
    func resume() { task.resume() }

    /// Cancels the task from a thread of its own: FoundationNetworking's `cancel()` waits for the session's thread
    /// (in the toolchains before swift-corelibs-foundation#5412), which may itself be waiting for the delegate
    /// queue (``BoundedDelegateQueue``) that is calling this.
    func cancel() {
        DispatchQueue.global().async { [self] in task.cancel() }
    }
}

/// One request and its response: the head, then the body into a sink.
///
/// The sink runs on the session's serial delegate queue, one chunk at a time. ``receive(into:)`` returns only from
/// the session's completion callback, which that queue delivers after every chunk callback: once it returns (or
/// throws), the sink is never called again, so the caller may close what the sink writes to.
final class DownloadExchange: @unchecked Sendable {
    /// Takes one body chunk; a thrown error ends the exchange and is what ``receive(into:)`` throws.
    typealias Sink = @Sendable (Data) throws -> Void

    /// The body bytes held in memory while no sink is attached; more go to an ``EarlySpill`` file.
    static let earlyMemoryBytes = 8 << 20

    let endpoint: String
    private let task: DataTaskHandle
    private let spillFolder: String
    /// The most body bytes held before the sink is attached (the file's declared size), when known.
    private let declaredBytes: Int64?
    // Everything below is guarded by `lock`.
    private let lock = NSLock()
    private var head: HTTPResponseHead?
    private var headWaiter: CheckedContinuation<Void, any Error>?
    private var disposition: ((URLSession.ResponseDisposition) -> Void)?
    private var sink: Sink?
    /// Body chunks that arrived before the sink was attached, in order.
    private var early: [Data] = []
    private var earlyBytes = 0
    /// Body chunks that arrived after `early` filled up, before the sink was attached.
    private var spill: EarlySpill?
    private var bodyWaiter: CheckedContinuation<Void, any Error>?
    /// Why the exchange was stopped from this side (a sink error, a timeout, the caller); the first one wins.
    private var stopCause: (any Error)?
    /// The session's completion, once it arrived: `nil` inside for success.
    private var completion: (any Error)??
    private var headTimer: Task<Void, Never>?

    init(
        task: DataTaskHandle, endpoint: String, spillFolder: String = NSTemporaryDirectory(), declaredBytes: Int64? = nil
    ) {
        self.task = task
        self.endpoint = endpoint
        self.spillFolder = spillFolder
        self.declaredBytes = declaredBytes
    }

    /// The response head (after ``DownloadSession/open(url:headers:headTimeout:)`` returned).
    var responseHead: HTTPResponseHead { lock.withLock { head ?? HTTPResponseHead(status: 0, headers: [:]) } }

    // MARK: - The caller's side

    func awaitHead(timeout: Duration) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let stopped = lock.withLock { () -> (any Error)? in
                    if let stopCause { return stopCause }
                    headWaiter = continuation
                    return nil
                }
                if let stopped {
                    continuation.resume(throwing: stopped)
                    task.cancel()
                    return
                }
                let endpoint = endpoint
                let timer = Task { [weak self] in
                    guard (try? await Task.sleep(for: timeout)) != nil else { return }
                    self?.stop(because: GenUIError.transport(
                        .connectTimeout(endpoint: endpoint),
                        .init(debugDescription: "\(endpoint) did not answer within \(timeout.components.seconds) s")))
                }
                let answered = lock.withLock { () -> Bool in
                    guard head == nil, completion == nil else { return true }
                    headTimer = timer
                    return false
                }
                if answered { timer.cancel() }
                task.resume()
            }
        } onCancel: {
            stop(because: CancellationError())
        }
    }

    /// Lets the body flow into `sink` and returns when it has ended. Throws the sink's error, a timeout's, a
    /// ``GenUIError`` for a transport failure (the connection cut), or `CancellationError`.
    func receive(into sink: @escaping Sink) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (allow, finished, held, spilled) = lock.withLock {
                    () -> (((URLSession.ResponseDisposition) -> Void)?, Result<Void, any Error>?, [Data], EarlySpill?) in
                    if let completion {
                        // The session is done: no callback can race the sink, which runs here on what it held.
                        defer {
                            early = []
                            spill = nil
                        }
                        return (nil, outcome(completion), stopCause == nil ? early : [], stopCause == nil ? spill : nil)
                    }
                    self.sink = sink
                    bodyWaiter = continuation
                    defer { disposition = nil }
                    return (disposition, nil, [], nil)
                }
                if var finished {
                    // The bytes that arrived are the file's, even when the connection was cut after them.
                    do {
                        for chunk in held { try sink(chunk) }
                        try spilled?.drain(into: sink)
                    } catch {
                        finished = .failure(error)
                    }
                    continuation.resume(with: finished)
                    return
                }
                allow?(.allow)
            }
        } onCancel: {
            stop(because: CancellationError())
        }
    }

    /// Drops the response (a redirect, an error status): the session cancels the task.
    func discard() {
        stop(because: CancellationError())
    }

    /// Stops the exchange for `cause` (unless it already stopped or completed).
    func stop(because cause: any Error) {
        let (first, pending) = lock.withLock { () -> (Bool, ((URLSession.ResponseDisposition) -> Void)?) in
            guard stopCause == nil, completion == nil else { return (false, nil) }
            stopCause = cause
            defer { disposition = nil }
            return (true, disposition)
        }
        guard first else { return }
        // FoundationNetworking ignores the disposition; cancelling the task stops the transfer everywhere.
        pending?(.cancel)
        task.cancel()
    }

    /// What the exchange ended with: a stop from this side first, then the session's error, mapped.
    private func outcome(_ error: (any Error)?) -> Result<Void, any Error> {
        if let stopCause { return .failure(stopCause) }
        guard let error else { return .success(()) }
        if TransportErrorMapping.isCancellation(error) { return .failure(CancellationError()) }
        return .failure(TransportErrorMapping.error(for: error, endpoint: endpoint, afterHead: head != nil))
    }

    // MARK: - The session's side (its serial delegate queue)

    func receivedHead(_ head: HTTPResponseHead, disposition: @escaping (URLSession.ResponseDisposition) -> Void) {
        let (waiter, stopped) = lock.withLock { () -> (CheckedContinuation<Void, any Error>?, Bool) in
            self.head = head
            headTimer?.cancel()
            headTimer = nil
            if stopCause != nil { return (nil, true) }
            self.disposition = disposition
            defer { headWaiter = nil }
            return (headWaiter, false)
        }
        if stopped {
            disposition(.cancel)
            return
        }
        waiter?.resume()
    }

    func receivedData(_ data: Data) {
        enum Next { case deliver(Sink, [Data], EarlySpill?), held, failed(any Error), stopped }
        let next = lock.withLock { () -> Next in
            guard stopCause == nil else { return .stopped }
            guard let sink else {
                let total = Int64(earlyBytes) + (spill?.bytes ?? 0) + Int64(data.count)
                if let declaredBytes, total > declaredBytes {
                    return .failed(ModelDownloadError.oversized(expected: declaredBytes, received: total))
                }
                if spill == nil && earlyBytes + data.count <= Self.earlyMemoryBytes {
                    early.append(data)
                    earlyBytes += data.count
                    return .held
                }
                do {
                    let file = try spill ?? EarlySpill(folder: spillFolder)
                    spill = file
                    try file.append(data)
                    return .held
                } catch {
                    return .failed(error)
                }
            }
            defer {
                early = []
                spill = nil
            }
            return .deliver(sink, early, spill)
        }
        switch next {
        case .held:
            return
        case .failed(let error):
            stop(because: error)
        case .stopped:
            // Data still arriving after a stop (the cancel has been asked for): drop it.
            return
        case .deliver(let sink, let held, let spilled):
            do {
                for chunk in held { try sink(chunk) }
                try spilled?.drain(into: sink)
                try sink(data)
            } catch {
                stop(because: error)
            }
        }
    }

    func completed(error: (any Error)?) {
        // Chunks still held when the body ended (it all arrived before the sink was attached) go to the sink first.
        let pending = lock.withLock { () -> (Sink, [Data], EarlySpill?)? in
            guard let sink, stopCause == nil, !early.isEmpty || spill != nil else { return nil }
            defer {
                early = []
                spill = nil
            }
            return (sink, early, spill)
        }
        if let (sink, held, spilled) = pending {
            do {
                for chunk in held { try sink(chunk) }
                try spilled?.drain(into: sink)
            } catch {
                lock.withLock { if stopCause == nil { stopCause = error } }
            }
        }
        let (headWaiter, bodyWaiter, result) = lock.withLock {
            () -> (CheckedContinuation<Void, any Error>?, CheckedContinuation<Void, any Error>?, Result<Void, any Error>) in
            completion = .some(error)
            headTimer?.cancel()
            headTimer = nil
            disposition = nil
            sink = nil
            defer {
                self.headWaiter = nil
                self.bodyWaiter = nil
            }
            return (self.headWaiter, self.bodyWaiter, outcome(error))
        }
        if let headWaiter {
            switch result {
            case .success:
                headWaiter.resume(throwing: GenUIError.transport(
                    .connectionLost(detail: "no response"), .init(debugDescription: "\(endpoint) closed without answering")))
            case .failure(let failure):
                headWaiter.resume(throwing: failure)
            }
        }
        bodyWaiter?.resume(with: result)
    }
}

/// The session delegate: routes each task's callbacks to its ``DownloadExchange`` and refuses every redirect (the
/// downloader follows them itself).
final class DownloadSessionRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [Int: DownloadExchange] = [:]

    func register(_ exchange: DownloadExchange, for identifier: Int) {
        lock.withLock { exchanges[identifier] = exchange }
    }

    private func exchange(for task: URLSessionTask) -> DownloadExchange? {
        lock.withLock { exchanges[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let exchange = exchange(for: dataTask) else {
            completionHandler(.cancel)
            return
        }
        let http = response as? HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        exchange.receivedHead(HTTPResponseHead(status: http?.statusCode ?? 0, headers: headers), disposition: completionHandler)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(for: dataTask)?.receivedData(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = lock.withLock { exchanges.removeValue(forKey: task.taskIdentifier) }
        exchange?.completed(error: error)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

/// A serial delegate queue that holds at most `limit` operations: adding one more waits until the queue has run down
/// to half of them (waking the waiting thread once per half, not once per operation).
///
/// FoundationNetworking adds one operation per 16 KiB body chunk from libcurl's thread and never waits for the
/// delegate; waiting here is what makes libcurl stop reading the socket while the delegate is behind. An operation
/// added from the queue's own thread never waits (it could not be released). The session's own thread only waits
/// for this queue, and nothing run on this queue waits for the session's thread (``DataTaskHandle/cancel()`` cancels
/// from another thread), so the wait cannot deadlock.
final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
    /// 64 operations: about 1 MiB of body at 16 KiB a chunk.
    static let defaultLimit = 64

    let limit: Int
    private let condition = NSCondition()
    private var queued = 0

    init(limit: Int) {
        self.limit = limit
        super.init()
        maxConcurrentOperationCount = 1
        name = "genui.models.download"
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        condition.lock()
        if OperationQueue.current !== self {
            while queued >= limit { condition.wait() }
        }
        queued += 1
        condition.unlock()
        super.addOperation { [self] in
            block()
            condition.lock()
            queued -= 1
            if queued == limit / 2 { condition.broadcast() }
            condition.unlock()
        }
    }
}
