import Foundation
import GenUI

/// Which URLs a provider may talk to: https anywhere, plain http only to loopback unless the configuration
/// explicitly allows insecure transport.
public enum EndpointPolicy {
    /// Whether `host` is a loopback name or address (`localhost`, 127.0.0.0/8, `::1`).
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare.hasSuffix(".localhost") || bare == "::1" || bare == "0:0:0:0:0:0:0:1" {
            return true
        }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// Checks `url` for `provider`: it must be http or https with a host, and plain http needs a loopback host or
    /// `allowInsecure`. Throws ``LanguageModelError/invalidRequest(_:)`` saying what to change.
    public static func check(_ url: URL, allowInsecure: Bool, provider: String) throws(LanguageModelError) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .invalidRequest(.init(
                provider: provider,
                debugDescription: "\(provider): the URL '\(HTTPRequest.endpoint(of: url))' must start with https:// (or http:// for a local server)"))
        }
        guard let host = url.host, !host.isEmpty else {
            throw .invalidRequest(.init(provider: provider, debugDescription: "\(provider): the URL has no host name"))
        }
        if scheme == "http" && !allowInsecure && !isLoopback(host) {
            throw .invalidRequest(.init(
                provider: provider,
                debugDescription: "\(provider): \(HTTPRequest.endpoint(of: url)) uses plain http to a non-loopback host; use https, or set allow_insecure: true if this network is trusted"))
        }
    }
}
