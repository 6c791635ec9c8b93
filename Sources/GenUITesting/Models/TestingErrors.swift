import GenUI

extension GenUIError {
    /// An HTTP 500 from the server, for tests.
    public static func testServerError(_ status: Int = 500) -> GenUIError {
        .serverError(status: status, .init(debugDescription: "HTTP \(status) (injected)"))
    }

    /// A refused connection, for tests.
    public static func testConnectionRefused(_ endpoint: String = "127.0.0.1:9") -> GenUIError {
        .transport(.connectionRefused(endpoint: endpoint), .init(debugDescription: "connection refused (injected)"))
    }

    /// A rate limit with a Retry-After, for tests.
    public static func testRateLimited(retryAfter: Duration?) -> GenUIError {
        .rateLimited(retryAfter: retryAfter, .init(debugDescription: "HTTP 429 (injected)"))
    }
}
