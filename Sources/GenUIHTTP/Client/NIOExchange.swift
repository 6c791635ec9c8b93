import AsyncHTTPClient
import Foundation
import GenUI
import NIOCore
import NIOHTTP1
import Synchronization

/// One request sent through AsyncHTTPClient (``HTTPClient/Transport/asyncHTTPClient``): the head within the head
/// timeout (AsyncHTTPClient's deadline), then the body pumped by a task of its own into the caller's stream, which
/// stops reading from the connection while more than ``highWater`` bytes wait unread (backpressure, not a failure),
/// and is cancelled when the total timeout passes, the caller cancels, or the caller drops the stream.
final class NIOExchange: Sendable {
    /// Body bytes held for the caller before the pump waits for it to read.
    static let highWater = 64 << 10

    private struct State {
        var unread = 0
        var received = 0
        /// The caller dropped the body: what still arrives is read and discarded (up to ``drainLimit``).
        var abandoned = false
        var drained = 0
        var waiter: CheckedContinuation<Void, Never>?
        /// Why genui stopped the exchange itself (the total timeout); decides the error reported.
        var cause: GenUIError?
        var pump: Task<Void, Never>?
        var watchdog: Task<Void, Never>?
    }

    let endpoint: String
    private let state = Mutex(State())
    private let log: RequestLog?

    private init(endpoint: String, log: RequestLog?) {
        self.endpoint = endpoint
        self.log = log
    }

    /// Sends `request` and returns once the head arrived; the body follows as the caller reads it.
    static func stream(
        _ request: HTTPRequest, client: AsyncHTTPClient.HTTPClient, headTimeout: Duration, total: Duration,
        log: RequestLog?
    ) async throws -> HTTPStreamingResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.replaceOrAdd(name: name, value: value) }
        TraceContextPropagation.inject(into: &outgoing.headers)
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let started = ContinuousClock.now
        let endpoint = request.endpoint

        let response: HTTPClientResponse
        do {
            response = try await client.execute(outgoing, deadline: .now() + .init(headTimeout))
        } catch {
            let failure = NIOErrorMapping.error(
                for: error, endpoint: endpoint, afterHead: false,
                headTimeout: headTimeout < total ? headTimeout : nil, total: total)
            log?.finished(status: nil, receivedBytes: 0, failure: failure)
            throw failure
        }
        var fields: [String: String] = [:]
        for field in response.headers {
            let name = field.name.lowercased()
            fields[name] = fields[name].map { "\($0), \(field.value)" } ?? field.value
        }
        let head = HTTPResponseHead(status: Int(response.status.code), headers: fields)

        let exchange = NIOExchange(endpoint: endpoint, log: log)
        let (received, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let watchdog = Task {
            do {
                try await sleepReleasingTimer(until: started + total)
            } catch { return }
            exchange.expire(after: total)
        }
        // Stored before the pump starts, so the pump's end always finds the watchdog to cancel.
        exchange.state.withLock { $0.watchdog = watchdog }
        let pump = Task {
            var failure: (any Error)?
            do {
                for try await buffer in response.body {
                    guard exchange.arrived(buffer.readableBytes) else { continue }
                    continuation.yield(Data(buffer.readableBytesView))
                    await exchange.waitForRoom()
                    try Task.checkCancellation()
                }
            } catch {
                failure = exchange.failure(for: error, total: total)
            }
            exchange.finished(status: head.status, failure: failure)
            continuation.finish(throwing: failure)
        }
        // A deadline that passed before the pump was stored cancels it as soon as it is.
        let expired = exchange.state.withLock { state -> Bool in
            state.pump = pump
            return state.cause != nil
        }
        if expired { pump.cancel() }
        continuation.onTermination = { termination in
            if case .cancelled = termination { exchange.abandon() }
        }
        // What the caller reads is what lets the pump go on.
        let body = HTTPStreamingResponse.body(readingOnDemand: received) { exchange.consumed($0) }
        return HTTPStreamingResponse(head: head, body: body)
    }

    /// Counts `count` bytes received; `false` when the caller has gone and they are only drained.
    private func arrived(_ count: Int) -> Bool {
        let (keep, overDrained) = state.withLock { state -> (Bool, Bool) in
            state.received += count
            guard state.abandoned else {
                state.unread += count
                return (true, false)
            }
            state.drained += count
            return (false, state.drained > Self.drainLimit)
        }
        if overDrained { cancelPump() }
        return keep
    }

    /// The caller dropped the body. A stream read to its last event (`[DONE]`) usually has nothing more than the
    /// body's end still to come: the exchange drains up to ``drainLimit`` bytes for up to ``drainTime``, so such an
    /// exchange ends as finished and its connection goes back to the pool; past either, it is cancelled and the
    /// connection closed, as for a caller that left mid-answer.
    private func abandon() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.abandoned = true
            state.unread = 0
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
        Task { [self] in
            try? await sleepReleasingTimer(for: Self.drainTime)
            cancelPump()
        }
    }

    /// The most an abandoned exchange reads before it is cancelled.
    static let drainLimit = 64 << 10
    /// The longest an abandoned exchange waits for its body's end before it is cancelled.
    static let drainTime = Duration.milliseconds(50)

    /// Waits while more than ``highWater`` bytes are unread; returns at once when cancelled.
    private func waitForRoom() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waits = state.withLock { state -> Bool in
                    guard state.unread > Self.highWater, !Task.isCancelled else { return false }
                    state.waiter = continuation
                    return true
                }
                if !waits { continuation.resume() }
            }
        } onCancel: {
            state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }?.resume()
        }
    }

    private func consumed(_ count: Int) {
        state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.unread -= count
            guard state.unread <= Self.highWater else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }?.resume()
    }

    private func expire(after total: Duration) {
        let pump = state.withLock { state -> Task<Void, Never>? in
            state.cause = state.cause ?? ExchangeTimeout.total(endpoint, limit: total)
            return state.pump
        }
        pump?.cancel()
    }

    private func cancelPump() {
        state.withLock { $0.pump }?.cancel()
    }

    /// The error the caller sees for `error` ending the body.
    private func failure(for error: any Error, total: Duration) -> any Error {
        if let cause = state.withLock({ $0.cause }) { return cause }
        return NIOErrorMapping.error(for: error, endpoint: endpoint, afterHead: true, headTimeout: nil, total: total)
    }

    private func finished(status: Int, failure: (any Error)?) {
        let (received, watchdog) = state.withLock { ($0.received, $0.watchdog) }
        watchdog?.cancel()
        log?.finished(status: status, receivedBytes: received, failure: failure)
    }
}
