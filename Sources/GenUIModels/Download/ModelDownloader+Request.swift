import Foundation
import GenUI
import GenUIHTTP

extension ModelDownloader {
    /// What the server answered to a request for the bytes from `offset` on.
    struct Opened {
        enum Kind {
            /// The partial file already holds everything (416 at its exact size).
            case complete
            /// A body to read: `total` is the whole file's size when the server said; `fromZero` when the body starts
            /// at byte 0 although bytes from `offset` were asked for (no range support). The body has not flowed
            /// yet: ``DownloadExchange/receive(into:)`` lets it. `validator` is the response's ETag and Last-Modified.
            case body(DownloadExchange, total: Int64?, fromZero: Bool, validator: SourceValidator)
        }
        var kind: Kind
        /// The URL that answered (after redirects): where parts are requested.
        var url: URL
        /// Whether the server takes ranged requests: it answered one with 206, or said `Accept-Ranges: bytes`.
        var acceptsRanges = false
        /// Whether the body is only the one byte a question asked for
        /// (``request(_:offset:ifRange:ranged:probe:session:)`` with `probe`): the file itself must come in parts.
        var bounded = false
    }

    /// Requests `source` from `offset`, following redirects. The bearer token goes only to the source's own origin
    /// (scheme, host and port): a redirect to any other origin is requested without it. Redirects must stay on
    /// https (or plain http between loopback hosts) and end within ``DownloadOptions/maximumRedirects``.
    /// Every response not returned is discarded (its connection closed) before the next request or the error.
    /// With `ifRange` (a validator of the bytes already held), a ranged request carries `If-Range`: a server whose
    /// file changed answers the whole new file (200) instead of the rest of the old one. `ranged` asks for a range
    /// (with `If-Range`) even from byte 0, whose answer then tells whether the bytes held after it are this file's.
    /// `probe` asks only for the byte at `offset` (`Range: bytes=N-N`): a question before a pull in parts, whose 206
    /// gives the size, the validator and the range support without the body flowing (a server without ranges sends
    /// the whole file, 200, which is then read on this one connection).
    func request(
        _ source: ModelSource, offset: Int64, ifRange: String? = nil, ranged: Bool = false, probe: Bool = false,
        session: DownloadSession
    ) async throws -> Opened {
        let origin = Self.origin(of: source.url)
        var url = source.url
        var offset = offset
        var hops = 0
        var retriedWithoutRange = false
        while true {
            var headers = Self.headers(for: source, at: url, origin: origin)
            if probe && !retriedWithoutRange {
                headers["Range"] = "bytes=\(offset)-\(offset)"
                if let ifRange { headers["If-Range"] = ifRange }
            } else if offset > 0 || ranged && !retriedWithoutRange {
                headers["Range"] = "bytes=\(offset)-"
                if let ifRange { headers["If-Range"] = ifRange }
            }
            let response = try await session.open(
                url: url, headers: headers, headTimeout: .seconds(30), declaredBytes: source.expectedBytes)
            let head = response.responseHead
            if head.status != 200 && head.status != 206 { response.discard() }
            switch head.status {
            case 301, 302, 303, 307, 308:
                hops += 1
                guard hops <= options.maximumRedirects else {
                    throw ModelDownloadError.badRedirect("more than \(options.maximumRedirects) redirects")
                }
                guard let location = head.header("location"),
                    let next = URL(string: location, relativeTo: url)?.absoluteURL
                else {
                    throw ModelDownloadError.badRedirect("HTTP \(head.status) without a usable Location")
                }
                try Self.checkURL(next, failure: ModelDownloadError.badRedirect)
                if url.scheme?.lowercased() == "https" && next.scheme?.lowercased() != "https" {
                    throw ModelDownloadError.badRedirect(
                        "\(HTTPRequest.endpoint(of: url)) redirected from https to plain http")
                }
                url = next
            case 206:
                let range = ContentRange(head.header("content-range"))
                guard let range, range.start == offset else {
                    // A range other than the one asked for: start over rather than splice wrong bytes.
                    response.discard()
                    guard !retriedWithoutRange else {
                        throw ModelDownloadError.interrupted(
                            bytes: offset, detail: "the server sent a range that was not asked for")
                    }
                    retriedWithoutRange = true
                    offset = 0
                    continue
                }
                return Opened(
                    kind: .body(response, total: range.total, fromZero: false, validator: SourceValidator(head: head)),
                    url: url, acceptsRanges: true, bounded: probe && !retriedWithoutRange)
            case 200:
                let length = head.header("content-length").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
                let acceptsRanges = head.header("accept-ranges")?.lowercased().contains("bytes") == true
                return Opened(
                    kind: .body(
                        response, total: length.flatMap { $0 >= 0 ? $0 : nil },
                        fromZero: offset > 0 || ranged || probe || retriedWithoutRange,
                        validator: SourceValidator(head: head)),
                    url: url, acceptsRanges: acceptsRanges)
            case 416 where offset > 0 || probe && !retriedWithoutRange:
                let total = ContentRange(head.header("content-range"))?.total
                if let total, total == offset, source.expectedBytes.map({ $0 == offset }) ?? true {
                    return Opened(kind: .complete, url: url)
                }
                guard !retriedWithoutRange else {
                    throw ModelDownloadError.httpStatus(416, source: DisplaySource.of(url))
                }
                retriedWithoutRange = true
                offset = 0
            default:
                throw ModelDownloadError.httpStatus(head.status, source: DisplaySource.of(url))
            }
        }
    }

    /// The headers of every request for `source` sent to `url`: no compression, and the bearer token only when `url`
    /// has the source's own `origin`.
    static func headers(for source: ModelSource, at url: URL, origin: String) -> [String: String] {
        var headers = ["Accept-Encoding": "identity", "User-Agent": "genui-models"]
        if let token = source.token, Self.origin(of: url) == origin { headers["Authorization"] = "Bearer \(token)" }
        return headers
    }

    /// `scheme://host:port`, lowercased: two URLs with the same origin may share credentials.
    static func origin(of url: URL) -> String { HTTPRequest.endpoint(of: url).lowercased() }

    /// Checks a URL as every provider's endpoint is checked: https, or plain http only to a loopback host.
    static func checkURL(_ url: URL, failure: (String) -> ModelDownloadError) throws(ModelDownloadError) {
        do {
            try EndpointPolicy.check(url, allowInsecure: false, provider: "models")
        } catch {
            throw failure(
                "\(DisplaySource.of(url)) is not allowed: use https (plain http only to 127.0.0.1, ::1 or localhost)")
        }
    }
}

/// A URL as messages show it: no user info, query or fragment.
enum DisplaySource {
    static func of(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return "?" }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.string ?? "?"
    }
}

/// `Content-Range: bytes START-END/TOTAL` (TOTAL may be `*`), or `bytes */TOTAL` on a 416.
struct ContentRange {
    var start: Int64?
    var total: Int64?

    init?(_ header: String?) {
        guard let header else { return nil }
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes ") else { return nil }
        let rest = text.dropFirst(6)
        let parts = rest.split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        total = Int64(parts[1]).flatMap { $0 >= 0 ? $0 : nil }
        if parts[0] != "*" {
            guard let dash = parts[0].firstIndex(of: "-"), let first = Int64(parts[0][..<dash]), first >= 0 else {
                return nil
            }
            start = first
        }
    }
}
