/// How a network exchange with a provider failed, before or while the response arrived.
public enum TransportFailure: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Nothing listens at the endpoint.
    case connectionRefused(endpoint: String)
    /// The host name did not resolve.
    case dnsFailure(host: String)
    /// The TLS handshake failed (certificate, protocol).
    case tlsFailure(detail: String)
    /// Connecting took longer than the connect timeout.
    case connectTimeout(endpoint: String)
    /// The connection dropped before the response was complete.
    case connectionLost(detail: String)
    /// Any other transport failure.
    case other(detail: String)

    public var description: String {
        switch self {
        case .connectionRefused(let endpoint): "connection refused by \(endpoint)"
        case .dnsFailure(let host): "cannot resolve host \(host)"
        case .tlsFailure(let detail): "TLS failure: \(detail)"
        case .connectTimeout(let endpoint): "connecting to \(endpoint) timed out"
        case .connectionLost(let detail): "connection lost: \(detail)"
        case .other(let detail): detail
        }
    }
}
