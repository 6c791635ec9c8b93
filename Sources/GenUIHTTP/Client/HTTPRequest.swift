import Foundation
import GenUI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP request a provider sends: method, URL, headers, body and optional per-request timeouts.
public struct HTTPRequest: Sendable {
    /// The HTTP method ("GET", "POST", …).
    public var method: String
    /// The full URL.
    public var url: URL
    /// Header fields. Values may hold credentials: they are never copied into errors or descriptions.
    public var headers: [String: String]
    /// The body, if any.
    public var body: Data?
    /// How long to wait for the response head; `nil` uses the client's ``HTTPClient/Timeouts/connect``.
    ///
    /// Servers that generate a whole answer before replying send their head late, so providers pass
    /// ``HTTPRequest/noHeadTimeout`` for non-streamed generation and rely on the total timeout.
    public var headTimeout: Duration?
    /// How long the whole exchange may take, body included; `nil` uses the client's ``HTTPClient/Timeouts/total``.
    public var totalTimeout: Duration?

    /// A head timeout long enough never to fire before the total timeout.
    public static let noHeadTimeout: Duration = .seconds(365 * 24 * 3600)

    /// Creates a request.
    public init(
        method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil,
        headTimeout: Duration? = nil, totalTimeout: Duration? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.headTimeout = headTimeout
        self.totalTimeout = totalTimeout
    }

    /// A POST of `json` with `Content-Type: application/json`.
    public static func postJSON(
        _ url: URL, json: GeneratedContent, headers: [String: String] = [:], headTimeout: Duration? = nil,
        totalTimeout: Duration? = nil
    ) -> HTTPRequest {
        var all = headers
        all["Content-Type"] = "application/json"
        return HTTPRequest(
            method: "POST", url: url, headers: all, body: JSONWriter.data(json), headTimeout: headTimeout,
            totalTimeout: totalTimeout)
    }

    /// `host:port` of the URL, for error messages (never includes credentials or the query).
    public var endpoint: String { HTTPRequest.endpoint(of: url) }

    /// `scheme://host:port` of `url`, without user info, path or query.
    public static func endpoint(of url: URL) -> String {
        let scheme = url.scheme ?? "http"
        let host = url.host ?? "?"
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost):\(port)"
    }
}

/// The status line and headers of a response.
public struct HTTPResponseHead: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields, names lowercased.
    public var headers: [String: String]

    /// Creates a head.
    public init(status: Int, headers: [String: String]) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    /// The header `name` (case-insensitive).
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// `true` for 2xx statuses.
    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// A complete response: head and body.
public struct HTTPResponse: Sendable {
    /// Status and headers.
    public var head: HTTPResponseHead
    /// The whole body.
    public var body: Data

    /// Creates a response.
    public init(head: HTTPResponseHead, body: Data) {
        self.head = head
        self.body = body
    }

    /// The HTTP status code.
    public var status: Int { head.status }

    /// The body as UTF-8 text (invalid sequences repaired).
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as JSON, or `nil` when it is not JSON.
    public var json: GeneratedContent? { try? JSONParser.parse(text) }
}

/// A response whose body is still arriving.
public struct HTTPStreamingResponse: Sendable {
    /// Status and headers.
    public var head: HTTPResponseHead
    /// The body, chunk by chunk, as the server sends it. Ending iteration early (or cancelling the consuming task)
    /// cancels the transfer.
    public var body: AsyncThrowingStream<Data, any Error>

    /// Creates a streaming response.
    public init(head: HTTPResponseHead, body: AsyncThrowingStream<Data, any Error>) {
        self.head = head
        self.body = body
    }

    /// Reads the start of the body, up to `limit` bytes; the rest is not read (the transfer is stopped). For error
    /// bodies, whose beginning says all there is to say.
    public func collect(limit: Int) async throws -> Data {
        var data = Data()
        for try await chunk in body {
            data.append(chunk.prefix(max(0, limit - data.count)))
            if data.count >= limit { break }
        }
        return data
    }

    /// Reads the whole body. A body longer than `maximum` bytes is
    /// ``GenUIError/responseTooLarge(limit:_:)``: the transfer is stopped and nothing more is buffered.
    public func collect(maximum: Int = ResponseLimits.standard.maximumBodyBytes) async throws -> Data {
        var data = Data()
        for try await chunk in body {
            guard chunk.count <= maximum - data.count else {
                throw ResponseLimits.exceeded("the response body", limit: maximum)
            }
            data.append(chunk)
        }
        return data
    }
}
