import Foundation
import GenUI

/// Which URLs a provider may talk to: https anywhere, plain http only to loopback unless the configuration
/// explicitly allows insecure transport.
public enum EndpointPolicy {
    /// Whether `host` is a loopback name or address, and so may be reached over plain http.
    ///
    /// Only these count: exactly `localhost` (any case, one optional trailing dot), a dotted-quad IPv4 address in
    /// 127.0.0.0/8 written in plain decimal (`127.0.0.1`), and the IPv6 loopback address in any spelling (`::1`,
    /// `[::1]`, `0:0:0:0:0:0:0:1`, `::ffff:127.0.0.1`). Everything else is refused, names that merely look local
    /// included: `*.localhost` (which a resolver may send anywhere), `127.0.0.1.example.com`, `localhost.example.com`,
    /// and the numeric forms resolvers accept but people rarely mean (`2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1`).
    public static func isLoopback(_ host: String) -> Bool {
        var bare = Substring(host)
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = bare.dropFirst().dropLast() }
        let lowered = bare.lowercased()
        if lowered == "localhost" || lowered == "localhost." { return true }
        if let octets = decimalIPv4(lowered) { return octets[0] == 127 }
        if lowered.contains(":") { return isIPv6Loopback(lowered) }
        return false
    }

    /// The four octets of a dotted-quad address written in canonical decimal (no sign, no leading zero), or `nil`.
    static func decimalIPv4(_ text: String) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [UInt8] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                part == "0" || !part.hasPrefix("0"), let octet = UInt8(part)
            else { return nil }
            octets.append(octet)
        }
        return octets
    }

    /// Whether `text` (lowercase, no brackets) is an IPv6 address equal to `::1`, or an IPv4-mapped 127.0.0.0/8
    /// address. A zone (`%eth0`) or any other character is refused.
    static func isIPv6Loopback(_ text: String) -> Bool {
        guard let groups = ipv6Groups(text) else { return false }
        if groups == [0, 0, 0, 0, 0, 0, 0, 1] { return true }
        // ::ffff:127.x.y.z reaches 127.x.y.z.
        return groups[0..<5].allSatisfy { $0 == 0 } && groups[5] == 0xffff && groups[6] >> 8 == 127
    }

    /// The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted quad read as two groups), or `nil`.
    static func ipv6Groups(_ text: String) -> [UInt16]? {
        guard !text.isEmpty, text.count <= 45 else { return nil }
        func parse(_ side: Substring, allowQuad: Bool) -> [UInt16]? {
            if side.isEmpty { return [] }
            var groups: [UInt16] = []
            let pieces = side.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if allowQuad, index == pieces.count - 1, piece.contains("."),
                    let quad = decimalIPv4(String(piece))
                {
                    groups.append(UInt16(quad[0]) << 8 | UInt16(quad[1]))
                    groups.append(UInt16(quad[2]) << 8 | UInt16(quad[3]))
                    continue
                }
                guard !piece.isEmpty, piece.count <= 4, piece.allSatisfy(\.isHexDigit), piece.allSatisfy(\.isASCII),
                    let group = UInt16(piece, radix: 16)
                else { return nil }
                groups.append(group)
            }
            return groups
        }
        let halves = text.components(separatedBy: "::")
        switch halves.count {
        case 1:
            guard let groups = parse(Substring(text), allowQuad: true), groups.count == 8 else { return nil }
            return groups
        case 2:
            guard let head = parse(Substring(halves[0]), allowQuad: false),
                let tail = parse(Substring(halves[1]), allowQuad: true), head.count + tail.count <= 7
            else { return nil }
            return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        default:
            return nil
        }
    }

    /// Checks `url` for `provider`: it must be http or https with a host, and plain http needs a loopback host or
    /// `allowInsecure`. Throws ``GenUIError/invalidRequest(_:)`` saying what to change.
    public static func check(_ url: URL, allowInsecure: Bool, provider: String) throws(GenUIError) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .invalidRequest(
                .init(
                    provider: provider,
                    debugDescription:
                        "\(provider): the URL '\(HTTPRequest.endpoint(of: url))' must start with https:// (or http:// for a local server)"
                ))
        }
        guard let host = url.host, !host.isEmpty else {
            throw .invalidRequest(.init(provider: provider, debugDescription: "\(provider): the URL has no host name"))
        }
        if scheme == "http" && !allowInsecure && !isLoopback(host) {
            throw .invalidRequest(
                .init(
                    provider: provider,
                    debugDescription:
                        "\(provider): \(HTTPRequest.endpoint(of: url)) uses plain http to a non-loopback host; use https, or set allow_insecure: true if this network is trusted"
                ))
        }
    }
}
