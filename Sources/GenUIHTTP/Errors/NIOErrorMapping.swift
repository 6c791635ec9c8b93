import AsyncHTTPClient
import Foundation
import GenUI
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns AsyncHTTPClient and SwiftNIO failures into the same ``GenUIError`` cases ``TransportErrorMapping`` gives
/// `URLSession`'s, so the chain acts alike on either transport.
enum NIOErrorMapping {
    /// Whether `error` is a cancellation (the caller's task, or the request cancelled on its behalf).
    static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        if let client = error as? HTTPClientError { return client == .cancelled || client == .requestStreamCancelled }
        return false
    }

    /// The typed error for `error` talking to `endpoint`. `headTimeout` is the head deadline when it was shorter than
    /// the total one (a missed deadline then is a connect timeout; otherwise the exchange timed out).
    static func error(
        for error: any Error, endpoint: String, afterHead: Bool, headTimeout: Duration?, total: Duration
    ) -> any Error {
        if let known = error as? GenUIError { return known }
        if isCancellation(error) { return CancellationError() }
        let host = URL(string: endpoint)?.host ?? endpoint
        func transport(_ failure: TransportFailure, _ message: String) -> GenUIError {
            .transport(failure, .init(debugDescription: message))
        }
        if let client = error as? HTTPClientError {
            switch client {
            case .deadlineExceeded, .connectTimeout, .getConnectionFromPoolTimeout:
                if let headTimeout { return ExchangeTimeout.head(endpoint, limit: headTimeout) }
                return ExchangeTimeout.total(endpoint, limit: total)
            case .tlsHandshakeTimeout:
                return transport(
                    .tlsFailure(detail: "TLS handshake timed out"), "the TLS handshake with \(endpoint) timed out")
            case .remoteConnectionClosed, .readTimeout, .writeTimeout, .uncleanShutdown, .bodyLengthMismatch,
                .contentLengthMissing:
                return transport(
                    .connectionLost(detail: "\(client)"), "the connection to \(endpoint) was lost: \(client)")
            default:
                break
            }
        }
        if let channel = error as? ChannelError, case .connectTimeout = channel, !afterHead {
            return transport(.connectTimeout(endpoint: endpoint), "connecting to \(endpoint) timed out")
        }
        if let code = errnoCode(in: error) {
            switch code {
            case ECONNREFUSED:
                return transport(.connectionRefused(endpoint: endpoint), "nothing accepted a connection at \(endpoint)")
            case ETIMEDOUT where !afterHead:
                return transport(.connectTimeout(endpoint: endpoint), "connecting to \(endpoint) timed out")
            case ECONNRESET, EPIPE, ETIMEDOUT, ENETDOWN, ENETUNREACH, EHOSTUNREACH:
                let detail = String(cString: strerror(code))
                return transport(.connectionLost(detail: detail), "the connection to \(endpoint) was lost: \(detail)")
            default:
                break
            }
        }
        if let connection = error as? NIOConnectionError, connection.connectionErrors.isEmpty,
            connection.dnsAError != nil || connection.dnsAAAAError != nil
        {
            return transport(.dnsFailure(host: host), "the host name \(host) did not resolve")
        }
        if error is SocketAddressError {
            return transport(.dnsFailure(host: host), "the host name \(host) did not resolve")
        }
        let typeName = String(reflecting: type(of: error))
        if typeName.contains("NIOSSL") || typeName.contains("BoringSSL") {
            return transport(.tlsFailure(detail: "\(error)"), "the TLS handshake with \(endpoint) failed: \(error)")
        }
        if afterHead || error is ChannelError || typeName.contains("HTTPParserError") {
            return transport(
                .connectionLost(detail: "\(error)"), "the connection to \(endpoint) was lost mid-response: \(error)")
        }
        return transport(.other(detail: "\(error)"), "talking to \(endpoint) failed: \(error)")
    }

    /// The `errno` an error carries: an `IOError`, or the first of a connection attempt's failures that has one.
    private static func errnoCode(in error: any Error) -> CInt? {
        if let io = error as? IOError { return io.errnoCode }
        if let connection = error as? NIOConnectionError {
            for failure in connection.connectionErrors {
                if let code = errnoCode(in: failure.error) { return code }
            }
        }
        return nil
    }
}
