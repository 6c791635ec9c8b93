import Foundation
import GenUI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns `URLSession` failures into ``GenUIError`` cases the chain can act on.
public enum TransportErrorMapping {
    /// Whether `error` is the session reporting a cancelled task.
    public static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        if let urlError = error as? URLError { return urlError.code == .cancelled }
        let nsError = error as NSError
        return nsError.domain == NSURLErrorDomain && nsError.code == NSURLErrorCancelled
    }

    /// The typed error for a session failure talking to `endpoint`; `afterHead` says whether the response head had
    /// already arrived (a failure then is a lost connection).
    public static func error(for error: any Error, endpoint: String, afterHead: Bool = false) -> GenUIError {
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else {
            return .transport(
                .other(detail: nsError.localizedDescription),
                .init(debugDescription: "\(endpoint): \(nsError.localizedDescription)"))
        }
        let host = URL(string: endpoint)?.host ?? endpoint
        let failure: TransportFailure
        let message: String
        switch nsError.code {
        case NSURLErrorCannotConnectToHost:
            failure = .connectionRefused(endpoint: endpoint)
            message = "nothing accepted a connection at \(endpoint)"
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed:
            failure = .dnsFailure(host: host)
            message = "the host name \(host) did not resolve"
        case NSURLErrorSecureConnectionFailed, NSURLErrorServerCertificateHasBadDate,
            NSURLErrorServerCertificateUntrusted,
            NSURLErrorServerCertificateHasUnknownRoot, NSURLErrorServerCertificateNotYetValid,
            NSURLErrorClientCertificateRejected, NSURLErrorClientCertificateRequired:
            failure = .tlsFailure(detail: nsError.localizedDescription)
            message = "the TLS handshake with \(endpoint) failed: \(nsError.localizedDescription)"
        case NSURLErrorTimedOut:
            return .timedOut(.init(debugDescription: "the exchange with \(endpoint) timed out"))
        case NSURLErrorNetworkConnectionLost, NSURLErrorNotConnectedToInternet, NSURLErrorBadServerResponse,
            NSURLErrorZeroByteResource, NSURLErrorCannotParseResponse:
            failure = .connectionLost(detail: nsError.localizedDescription)
            message = "the connection to \(endpoint) was lost: \(nsError.localizedDescription)"
        default:
            if afterHead {
                failure = .connectionLost(detail: nsError.localizedDescription)
                message = "the connection to \(endpoint) was lost mid-response: \(nsError.localizedDescription)"
            } else {
                failure = .other(detail: "\(nsError.localizedDescription) (URL error \(nsError.code))")
                message = "talking to \(endpoint) failed: \(nsError.localizedDescription) (URL error \(nsError.code))"
            }
        }
        return .transport(failure, .init(debugDescription: message))
    }
}
