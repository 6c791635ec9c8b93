import Foundation
import GenUI
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The state of one request in flight: waits for the head, forwards body bytes, enforces deadlines, and turns the
/// session's completion into a typed error.
final class Transfer: Sendable {
    private struct State {
        var headContinuation: CheckedContinuation<HTTPResponseHead, any Error>?
        var headDelivered = false
        var finished = false
        /// Why the client cancelled the task itself (a deadline, the caller); decides the error reported.
        var cancelCause: GenUIError?
        var callerCancelled = false
        var started = false
        var watchdog: Task<Void, Never>?
        /// Body bytes handed to the stream and not read from it yet.
        var unread = 0
        /// The response's status, once its head arrived, and the body bytes received (for the request's log line).
        var status: Int?
        var received = 0
    }

    /// The most body bytes held before the client reads them (``ResponseLimits/maximumUnreadBytes``).
    static let maximumUnread = ResponseLimits.standard.maximumUnreadBytes

    let task: TaskHandle
    let endpoint: String
    private let body: AsyncThrowingStream<Data, any Error>.Continuation
    private let state = Mutex(State())
    /// The request's debug line, written when the transfer ends; `nil` when the client's logger skips debug.
    private let log: RequestLog?

    init(
        task: TaskHandle, endpoint: String, body: AsyncThrowingStream<Data, any Error>.Continuation,
        log: RequestLog? = nil
    ) {
        self.task = task
        self.endpoint = endpoint
        self.body = body
        self.log = log
    }

    /// Starts the deadline watchdog: the head must arrive within `headTimeout`, everything within `total`.
    func startWatchdog(headTimeout: Duration, total: Duration) {
        let watchdog = Task { [weak self] in
            let clock = ContinuousClock()
            let start = clock.now
            // A head deadline at or past the total one is just the total deadline.
            if headTimeout < total {
                do {
                    try await sleepReleasingTimer(until: start + headTimeout)
                } catch { return }
            }
            guard let self else { return }
            if headTimeout < total, !self.state.withLock({ $0.headDelivered || $0.finished }) {
                self.cancel(because: ExchangeTimeout.head(self.endpoint, limit: headTimeout))
                return
            }
            do {
                try await sleepReleasingTimer(until: start + total)
            } catch { return }
            self.cancel(because: ExchangeTimeout.total(self.endpoint, limit: total))
        }
        state.withLock { $0.watchdog = watchdog }
    }

    /// Registers the continuation that receives the head, and starts the task.
    func awaitHead(_ continuation: CheckedContinuation<HTTPResponseHead, any Error>) {
        let alreadyCancelled = state.withLock { state -> Bool in
            if state.callerCancelled || state.finished { return true }
            state.headContinuation = continuation
            state.started = true
            return false
        }
        if alreadyCancelled {
            continuation.resume(throwing: CancellationError())
            body.finish(throwing: CancellationError())
            finishWatchdog()
            // Cancelling the never-started task still completes it, which unregisters the transfer.
            task.cancel()
            return
        }
        task.resume()
    }

    /// The caller's task was cancelled while waiting for the head.
    func cancelByCaller() {
        let started = state.withLock { state -> Bool in
            state.callerCancelled = true
            return state.started
        }
        if started { task.cancel() }
    }

    /// The body consumer went away: stop the transfer.
    func abandon() {
        state.withLock { $0.callerCancelled = true }
        task.cancel()
    }

    private func cancel(because cause: GenUIError) {
        let first = state.withLock { state -> Bool in
            guard !state.finished, state.cancelCause == nil else { return false }
            state.cancelCause = cause
            return true
        }
        if first { task.cancel() }
    }

    // MARK: - Session callbacks

    func received(head: HTTPResponseHead) {
        let continuation = state.withLock { state -> CheckedContinuation<HTTPResponseHead, any Error>? in
            state.headDelivered = true
            state.status = head.status
            defer { state.headContinuation = nil }
            return state.headContinuation
        }
        continuation?.resume(returning: head)
    }

    func received(data: Data) {
        let (stopped, overflow) = state.withLock { state -> (Bool, Bool) in
            if state.cancelCause != nil || state.callerCancelled { return (true, false) }
            state.unread += data.count
            state.received += data.count
            return (false, state.unread > Self.maximumUnread)
        }
        if stopped {
            // Data still arriving after a cancel: drop it, and ask again (the session can be slow to act on it).
            task.cancel()
            return
        }
        guard !overflow else {
            // A server sending faster than it is read, without end: stop rather than buffer it all.
            cancel(because: ResponseLimits.exceeded("the data received and not yet read", limit: Self.maximumUnread))
            return
        }
        body.yield(data)
    }

    /// The client read `count` body bytes.
    func consumed(_ count: Int) {
        state.withLock { $0.unread -= count }
    }

    func completed(error: (any Error)?) {
        let (continuation, cause, callerCancelled, headDelivered, status, received) = state.withLock { state in
            state.finished = true
            defer { state.headContinuation = nil }
            return (
                state.headContinuation, state.cancelCause, state.callerCancelled, state.headDelivered, state.status,
                state.received
            )
        }
        finishWatchdog()
        let failure: (any Error)?
        if let cause {
            failure = cause
        } else if let error {
            if callerCancelled || TransportErrorMapping.isCancellation(error) {
                failure = CancellationError()
            } else {
                failure = TransportErrorMapping.error(for: error, endpoint: endpoint, afterHead: headDelivered)
            }
        } else {
            failure = nil
        }
        log?.finished(status: status, receivedBytes: received, failure: failure)
        if let continuation {
            continuation.resume(
                throwing: failure
                    ?? GenUIError.transport(
                        .connectionLost(detail: "no response"),
                        .init(debugDescription: "\(endpoint) closed without answering")))
            body.finish(throwing: failure)
        } else {
            body.finish(throwing: failure)
        }
    }

    private func finishWatchdog() {
        let watchdog = state.withLock { state -> Task<Void, Never>? in
            defer { state.watchdog = nil }
            return state.watchdog
        }
        watchdog?.cancel()
    }
}

/// The session delegate: routes each task's callbacks to its ``Transfer``.
final class TransferRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let transfers = Mutex<[Int: Transfer]>([:])

    func register(_ transfer: Transfer, for identifier: Int) {
        transfers.withLock { $0[identifier] = transfer }
    }

    private func transfer(for task: URLSessionTask) -> Transfer? {
        transfers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if let transfer = transfer(for: dataTask) {
            let http = response as? HTTPURLResponse
            var headers: [String: String] = [:]
            for (name, value) in http?.allHeaderFields ?? [:] {
                if let name = name as? String, let value = value as? String { headers[name] = value }
            }
            transfer.received(head: HTTPResponseHead(status: http?.statusCode ?? 0, headers: headers))
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(for: dataTask)?.received(data: data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        transfer?.completed(error: error)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        // Never follow redirects: they could carry credentials to another host.
        completionHandler(nil)
    }
}
