import Foundation
import GenUI
import GenUIHTTP

/// Where a running managed server listens and how to address it: every request built here carries the server's
/// access key.
struct ServerEndpoint: Sendable {
    /// `http://127.0.0.1:<port>`.
    let baseURL: URL
    /// The key the server was started with.
    let key: ServerAccessKey

    /// A `GET` of `path`.
    func get(_ path: String, timeout: Duration) -> HTTPRequest {
        HTTPRequest(
            url: baseURL.appendingPathComponent(path), headers: key.authorizationHeader, headTimeout: timeout,
            totalTimeout: timeout)
    }

    /// A `POST` of `body`, written as JSON, to `path`.
    func post(
        _ path: String, body: some Encodable, headers: [String: String] = [:], timeout: Duration
    ) throws(GenUIError) -> HTTPRequest {
        try .postJSON(
            baseURL.appendingPathComponent(path), body: body,
            headers: headers.merging(key.authorizationHeader) { _, own in own }, headTimeout: timeout,
            totalTimeout: timeout)
    }
}
