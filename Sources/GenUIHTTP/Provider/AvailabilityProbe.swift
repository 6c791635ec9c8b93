import Foundation
import GenUI

/// The availability check of the HTTP providers: one request bounded by the availability timeout, whose answer every
/// provider reads the same way, unless a provider reads it first for what only its API says.
public enum AvailabilityProbe {
    /// Sends `request` with `client` and reads the answer:
    /// - no answer (refused, timed out, not HTTP) → `unreachable` naming `baseURL`'s endpoint;
    /// - whatever `special` returns for the response, when it returns something;
    /// - 2xx or 404 (a server without the probed listing) → `available`;
    /// - 401, 403 → `unauthorized`;
    /// - a status in `rateLimitStatuses` → `rateLimited` with its Retry-After;
    /// - 503 → `modelNotReady` with the server's message, `secrets` redacted;
    /// - anything else → `unreachable`.
    public static func run(
        _ request: HTTPRequest, client: HTTPClient, baseURL: URL, secrets: [String],
        rateLimitStatuses: Set<Int> = [429], special: (HTTPResponse) -> Availability? = { _ in nil }
    ) async -> Availability {
        let unreachable = Availability.unavailable(.unreachable(endpoint: HTTPRequest.endpoint(of: baseURL)))
        guard let response = try? await client.send(request, bodyLimit: 4 << 20) else { return unreachable }
        if let answer = special(response) { return answer }
        switch response.status {
        case 200..<300, 404:
            return .available
        case 401, 403:
            return .unavailable(.unauthorized)
        case let status where rateLimitStatuses.contains(status):
            return .unavailable(.rateLimited(retryAfter: RetryAfter.parse(response.head.headers)))
        case 503:
            let message = HTTPErrorMapping.parseErrorBody(response.body, secrets: secrets).message
            return .unavailable(.modelNotReady(progress: nil, detail: message))
        default:
            return unreachable
        }
    }
}
