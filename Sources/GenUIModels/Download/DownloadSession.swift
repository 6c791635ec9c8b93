import Foundation
import GenUI
import GenUIHTTP

/// The HTTP exchanges of one download, each a ``CurlRequest``: libcurl on a thread of its own, which hands each
/// slice of the body (16 KiB at most) straight to the download's sink inside its callback.
///
/// Why not ``HTTPClient`` (`URLSession`, FoundationNetworking on Linux): FoundationNetworking copies each slice,
/// recreates its timeout timer and queues an operation for its delegate, and never waits for the delegate, so a slow
/// writer let slices pile up in memory (a queue that made libcurl's thread wait was needed to bound them); and a
/// session's set-up (its thread, its multi handle) is paid on every pull. Here the slice is written inside the
/// callback that delivers it: while the sink writes, libcurl does not read the socket, and TCP flow control slows
/// the server.
///
/// Redirects are never followed by the request (``ModelDownloader`` follows them itself, deciding where the
/// credential may go). The head is delivered before any body byte reaches the sink. The body flows as soon as the
/// head has arrived, so the pieces that arrive before ``DownloadExchange/receive(into:)`` attaches the sink are held
/// — in memory up to ``DownloadExchange/earlyMemoryBytes``, then in an unnamed file in the download's folder
/// (``EarlySpill``) — and go to the sink first, even when the transfer failed after them (a cut: the bytes that came
/// are the file's, kept for the resume). The request's thread never waits for the caller to attach its sink:
/// attaching needs a thread of the cooperative pool, which a busy process may keep for seconds.
final class DownloadSession: Sendable {
    /// Where bytes received before a sink is attached go beyond memory (the download's folder).
    private let spillFolder: String

    init(spillFolder: String = NSTemporaryDirectory()) {
        self.spillFolder = spillFolder
    }

    /// Sends `GET url` with `headers` and waits (at most `headTimeout`) for the response head. Throws
    /// ``GenUIError`` for a transport failure, or `CancellationError`. With `declaredBytes` (the file's
    /// declared size), a body that arrives before the sink larger than that stops the exchange with
    /// ``ModelDownloadError/oversized(expected:received:)``: the bytes held early never exceed the file.
    func open(
        url: URL, headers: [String: String], headTimeout: Duration, declaredBytes: Int64? = nil
    ) async throws -> DownloadExchange {
        try Task.checkCancellation()
        let endpoint = HTTPRequest.endpoint(of: url)
        let request = CurlRequest(
            url: url.absoluteString, headers: headers.map { "\($0.key): \($0.value)" }, endpoint: endpoint)
        let exchange = DownloadExchange(
            request: request, endpoint: endpoint, spillFolder: spillFolder, declaredBytes: declaredBytes)
        request.attach(exchange)
        try await exchange.awaitHead(timeout: headTimeout)
        return exchange
    }
}

/// One request and its response: the head, then the body into a sink.
///
/// The sink runs on the request's thread, one chunk at a time. ``receive(into:)`` returns only from
/// the request's end, which its thread reports after every chunk: once it returns (or throws), the sink is never
/// called again, so the caller may close what the sink writes to.
final class DownloadExchange: @unchecked Sendable {
    /// Takes one body chunk; a thrown error ends the exchange and is what ``receive(into:)`` throws.
    typealias Sink = @Sendable (Data) throws -> Void

    /// The body bytes held in memory while no sink is attached; more go to an ``EarlySpill`` file.
    static let earlyMemoryBytes = 8 << 20

    let endpoint: String
    private let task: CurlRequest
    private let spillFolder: String
    /// The most body bytes held before the sink is attached (the file's declared size), when known.
    private let declaredBytes: Int64?
    // Everything below is guarded by `lock`.
    private let lock = NSLock()
    private var head: HTTPResponseHead?
    private var headWaiter: CheckedContinuation<Void, any Error>?
    private var sink: Sink?
    /// Body chunks that arrived before the sink was attached, in order.
    private var early: [Data] = []
    private var earlyBytes = 0
    /// Body chunks that arrived after `early` filled up, before the sink was attached.
    private var spill: EarlySpill?
    private var bodyWaiter: CheckedContinuation<Void, any Error>?
    /// Why the exchange was stopped from this side (a sink error, a timeout, the caller); the first one wins.
    private var stopCause: (any Error)?
    /// The request's end, once it came: `nil` inside for success.
    private var completion: (any Error)??
    private var headTimer: Task<Void, Never>?

    init(
        request: CurlRequest, endpoint: String, spillFolder: String = NSTemporaryDirectory(),
        declaredBytes: Int64? = nil
    ) {
        self.task = request
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
                    self?.stop(
                        because: GenUIError.transport(
                            .connectTimeout(endpoint: endpoint),
                            .init(debugDescription: "\(endpoint) did not answer within \(timeout.components.seconds) s")
                        ))
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
                let (finished, held, spilled) = lock.withLock {
                    () -> (Result<Void, any Error>?, [Data], EarlySpill?) in
                    if let completion {
                        // The request is done: no callback can race the sink, which runs here on what it held.
                        defer {
                            early = []
                            spill = nil
                        }
                        return (outcome(completion), stopCause == nil ? early : [], stopCause == nil ? spill : nil)
                    }
                    self.sink = sink
                    bodyWaiter = continuation
                    return (nil, [], nil)
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
            }
        } onCancel: {
            stop(because: CancellationError())
        }
    }

    /// Drops the response (a redirect, an error status): the request is cancelled and its connection closed.
    func discard() {
        stop(because: CancellationError())
    }

    /// Stops the exchange for `cause` (unless it already stopped or completed): the request is cancelled.
    func stop(because cause: any Error) {
        let first = lock.withLock { () -> Bool in
            guard stopCause == nil, completion == nil else { return false }
            stopCause = cause
            return true
        }
        if first { task.cancel() }
    }

    /// What the exchange ended with: a stop from this side first, then the request's error.
    private func outcome(_ error: (any Error)?) -> Result<Void, any Error> {
        if let stopCause { return .failure(stopCause) }
        guard let error else { return .success(()) }
        if TransportErrorMapping.isCancellation(error) { return .failure(CancellationError()) }
        if let error = error as? GenUIError { return .failure(error) }
        return .failure(TransportErrorMapping.error(for: error, endpoint: endpoint, afterHead: head != nil))
    }

    // MARK: - The request's side (its thread)

    func receivedHead(_ head: HTTPResponseHead) {
        let waiter = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
            self.head = head
            headTimer?.cancel()
            headTimer = nil
            guard stopCause == nil else { return nil }
            defer { headWaiter = nil }
            return headWaiter
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
            () -> (
                CheckedContinuation<Void, any Error>?, CheckedContinuation<Void, any Error>?, Result<Void, any Error>
            ) in
            completion = .some(error)
            headTimer?.cancel()
            headTimer = nil
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
                headWaiter.resume(
                    throwing: GenUIError.transport(
                        .connectionLost(detail: "no response"),
                        .init(debugDescription: "\(endpoint) closed without answering")))
            case .failure(let failure):
                headWaiter.resume(throwing: failure)
            }
        }
        bodyWaiter?.resume(with: result)
    }
}
